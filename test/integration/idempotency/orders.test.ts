// @module-tag redis
/**
 * placeOrder exactly once per clientOrderId, through a real gateway (Redis records) in front
 * of the sandbox over HTTP. Faults are switched with POST /sandbox/faults and the upstream's
 * orders counted with GET /sandbox/accounts/{id}/orders.
 *
 * Every fault mode that loses or delays the answer after the order was processed is applied
 * to the placement AND to its read-backs, so the first call cannot find out and answers
 * UPSTREAM_UNAVAILABLE; the retry (faults over) must return the one order placed.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderRecordKey } from '../../../src/idempotency/keys.ts';
import type { FaultConfig } from '../../../src/sandbox/index.ts';
import { type FaultStack, startFaultStack } from '../faults/harness.ts';
import type { TestCaller } from '../server/harness.ts';
import {
  clearFaults,
  PLACE,
  PLACE_MANY,
  type PlaceAnswer,
  restingOrder,
  setFaults,
  upstreamOrders,
} from './harness.ts';

let s: FaultStack;
beforeAll(async () => {
  s = await startFaultStack('idem-orders');
});
afterAll(() => s?.close());
beforeEach(async () => {
  await clearFaults(s.sandbox.url);
});

/** Placements and read-backs by client_order_id (JSON carries patterns as {pattern}). */
const ORDER_TRAFFIC = {
  methods: ['POST', 'GET'],
  paths: ['/v1/order', { pattern: '^/v1/client/order/' }],
} as unknown as FaultConfig['match'];

async function place(caller: TestCaller, input: Record<string, unknown>) {
  const { result } = await s.gql(caller, PLACE, { input });
  // 422: IDEMPOTENCY_MISMATCH to a GraphQL-over-HTTP client (the harness accepts that type).
  expect([200, 422]).toContain(result.status);
  return result.body;
}
async function placed(caller: TestCaller, input: Record<string, unknown>): Promise<PlaceAnswer> {
  const body = await place(caller, input);
  expect(body.errors).toBeUndefined();
  return body.data?.placeOrder as PlaceAnswer;
}
const posts = (caller: TestCaller, path = '/v1/order') =>
  s.sandbox.requestCount({ method: 'POST', path, accountId: caller.entry.accountId });
const ordersOf = (caller: TestCaller) => upstreamOrders(s.sandbox.url, caller.entry.accountId);

describe('an answer lost or late after the upstream processed the order', () => {
  it.each<[string, FaultConfig]>([
    ['connection reset after processing', { reset: 'after' }],
    ['500 after processing', { status5xx: true, when: 'after' }],
    ['HTML 502 after processing', { html: true, when: 'after' }],
    ['malformed JSON after processing', { malformedJson: true, when: 'after' }],
    ['latency past the timeout', { latencyMs: 1_500, when: 'after' }],
  ])('%s: the first call may fail, every retry returns the one order', async (_name, fault) => {
    const caller = s.caller();
    const input = restingOrder(`lost-${caller.entry.label}`);
    await setFaults(s.sandbox.url, { ...fault, match: ORDER_TRAFFIC });
    const first = await placed(caller, input);
    expect(['UpstreamUnavailableError', 'PlaceOrderSuccess']).toContain(first.__typename);
    const [order, ...more] = await ordersOf(caller);
    expect(more).toEqual([]);
    expect(order?.client_order_id).toBe(input.clientOrderId);
    await clearFaults(s.sandbox.url);

    const sent = posts(caller);
    for (let retry = 0; retry < 3; retry++) {
      const again = await placed(caller, input);
      expect(again).toEqual({
        __typename: 'PlaceOrderSuccess',
        replayed: true,
        receipt: { clientOrderId: input.clientOrderId, orderId: order!.order_id },
      });
    }
    // The first retry may send once (refused as a duplicate, then read back); later ones replay.
    expect(posts(caller) - sent).toBeLessThanOrEqual(1);
    expect(await ordersOf(caller)).toHaveLength(1);
  });
});

describe('repeats of a placement that succeeded', () => {
  it('replay the first result without calling the upstream; other fields are refused', async () => {
    const caller = s.caller();
    const input = restingOrder('repeat-1');
    const first = await placed(caller, input);
    expect(first).toMatchObject({ __typename: 'PlaceOrderSuccess', replayed: false });
    s.sandbox.resetRequestLog();
    const again = await placed(caller, input);
    expect(again).toEqual({ ...first, replayed: true });
    // The same order written differently (2000 and 2e3) is the same order.
    expect(await placed(caller, { ...input, orderPrice: 2e3 })).toEqual(again);

    const other = await place(caller, { ...input, orderPrice: 1_999 });
    expect(other.data?.placeOrder).toBeNull();
    expect(other.errors?.map((e) => e.extensions?.code)).toEqual(['IDEMPOTENCY_MISMATCH']);
    expect(other.errors?.[0]?.message).toMatch(/clientOrderId repeat-1 was already used/);
    expect(s.sandbox.requestLog.filter((e) => e.accountId === caller.entry.accountId)).toEqual([]);
    expect(await ordersOf(caller)).toHaveLength(1);

    const metrics = await (await fetch(`${s.gw.adminOrigin}/metrics`)).text();
    const value = (line: string) => Number(new RegExp(`^${line} (\\d+)`, 'm').exec(metrics)?.[1]);
    expect(value('svc_idempotency_replays_total\\{kind="order"\\}')).toBeGreaterThanOrEqual(2);
    expect(value('svc_idempotency_mismatches_total\\{kind="order"\\}')).toBeGreaterThanOrEqual(1);
    expect(metrics).toMatch(/# TYPE svc_idempotency_in_flight_total counter/);
  });

  it('concurrent repeats on one replica send one request and all answer the same order', async () => {
    const caller = s.caller();
    const input = restingOrder('concurrent-1');
    // Slow but within the timeout: the repeats arrive while the first is in flight.
    await setFaults(s.sandbox.url, {
      latencyMs: 150,
      match: { methods: ['POST'], paths: ['/v1/order'] },
    });
    const answers = await Promise.all(Array.from({ length: 10 }, () => placed(caller, input)));
    const ids = new Set(answers.map((a) => a.receipt?.orderId));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.replayed === false)).toHaveLength(1);
    expect(answers.filter((a) => a.replayed === true)).toHaveLength(9);
    expect(posts(caller)).toBe(1);
    expect(await ordersOf(caller)).toHaveLength(1);
  });

  it('a lost record (store wiped) is recovered from the upstream duplicate check and a read-back', async () => {
    const caller = s.caller();
    const input = restingOrder('wiped-1');
    const first = await placed(caller, input);
    await s.gw.gateway.store.del([orderRecordKey(caller.entry.accountId, input.clientOrderId)]);
    const again = await placed(caller, input);
    expect(again).toEqual({ ...first, replayed: true });
    await s.gw.gateway.store.del([orderRecordKey(caller.entry.accountId, input.clientOrderId)]);
    const other = await place(caller, { ...input, orderQuantity: 0.2 });
    expect(other.errors?.map((e) => e.extensions?.code)).toEqual(['IDEMPOTENCY_MISMATCH']);
    expect(await ordersOf(caller)).toHaveLength(1);
  });

  it('without a clientOrderId there is no key: each call places a new order', async () => {
    const caller = s.caller();
    const { clientOrderId: _none, ...input } = restingOrder('unused');
    const one = await placed(caller, input);
    const two = await placed(caller, input);
    expect([one.replayed, two.replayed]).toEqual([false, false]);
    expect(one.receipt?.orderId).not.toBe(two.receipt?.orderId);
    expect(await ordersOf(caller)).toHaveLength(2);
  });
});

describe('placeOrders, item by item', () => {
  it('replays placed items, sends nothing again, refuses a mismatched item before sending', async () => {
    const caller = s.caller();
    const inputs = [restingOrder('batch-1'), restingOrder('batch-2', 2_010)];
    const run = async (items: unknown[]) =>
      (await s.gql(caller, PLACE_MANY, { inputs: items })).result.body;
    const first = await run(inputs);
    expect(first.errors).toBeUndefined();
    const results =
      (first.data?.placeOrders as { results: PlaceAnswer[] } | undefined)?.results ?? [];
    expect(results.map((r) => [r.__typename, r.replayed])).toEqual([
      ['PlaceOrderSuccess', false],
      ['PlaceOrderSuccess', false],
    ]);
    expect(posts(caller, '/v1/batch-order')).toBe(1);
    // A single placeOrder of a batch item replays it too.
    expect(await placed(caller, inputs[0]!)).toEqual({
      ...results[0],
      __typename: 'PlaceOrderSuccess',
      replayed: true,
    });

    const again = (await run([...inputs, restingOrder('batch-3', 2_020)])).data?.placeOrders as {
      results: PlaceAnswer[];
    };
    expect(again.results.map((r) => [r.receipt?.orderId, r.replayed])).toEqual([
      [results[0]!.receipt!.orderId, true],
      [results[1]!.receipt!.orderId, true],
      [expect.any(Number), false],
    ]);
    expect(posts(caller, '/v1/batch-order')).toBe(2);

    const mismatch = await run([inputs[0], { ...inputs[1], orderPrice: 2_011 }]);
    expect(mismatch.errors?.map((e) => e.extensions?.code)).toEqual(['IDEMPOTENCY_MISMATCH']);
    expect(mismatch.errors?.[0]?.message).toMatch(/inputs\.1/);
    expect(posts(caller, '/v1/batch-order')).toBe(2);
    expect(await ordersOf(caller)).toHaveLength(3);
  });
});

describe('cancels and edits repeat safely', () => {
  const CANCEL = `mutation($id: String!) { cancelOrder(input: {symbol: "PERP_ETH_USDC", clientOrderId: $id}) {
    __typename ... on CancelOrderSuccess { status } ... on Error { code message } } }`;
  const EDIT = `mutation($orderId: BigInt!, $price: Float!) { editOrder(input: {orderId: $orderId,
    symbol: "PERP_ETH_USDC", side: BUY, orderType: LIMIT, orderPrice: $price, orderQuantity: 0.1}) {
    __typename ... on EditOrderSuccess { status } ... on Error { code message } } }`;

  it('a repeated cancel answers a typed NOT_FOUND saying the order is final', async () => {
    const caller = s.caller();
    await placed(caller, restingOrder('cancel-1'));
    const first = (await s.gql(caller, CANCEL, { id: 'cancel-1' })).result;
    expect(first.body.data?.cancelOrder).toEqual({
      __typename: 'CancelOrderSuccess',
      status: 'CANCEL_SENT',
    });
    const again = (await s.gql(caller, CANCEL, { id: 'cancel-1' })).result;
    expect(again.status).toBe(200);
    expect(again.body.errors).toBeUndefined();
    expect(again.body.data?.cancelOrder).toMatchObject({
      __typename: 'UpstreamRejectedError',
      code: 'NOT_FOUND',
      message: expect.stringMatching(/already final/),
    });
  });

  it('a repeated edit answers success again (same price and quantity)', async () => {
    const caller = s.caller();
    const order = await placed(caller, restingOrder('edit-1'));
    const vars = { orderId: order.receipt!.orderId, price: 1_990 };
    for (let i = 0; i < 2; i++) {
      const { result } = await s.gql(caller, EDIT, vars);
      expect(result.status).toBe(200);
      expect(result.body.data?.editOrder).toEqual({
        __typename: 'EditOrderSuccess',
        status: 'EDIT_SENT',
      });
    }
  });
});

describe('Idempotency-Key on one gateway', () => {
  // Selects no `code`: a refusal is known to be one without it (refusals-plugin.ts).
  const MARGIN = `mutation($symbol: String!, $mode: MarginMode!) {
    setDefaultMarginMode(input: {symbol: $symbol, defaultMarginMode: $mode}) { __typename } }`;
  const post = async (caller: TestCaller, vars: Record<string, unknown>, key: string) => {
    const variables = { symbol: 'PERP_ETH_USDC', ...vars };
    const response = await s.gw.post(
      { query: MARGIN, variables, extensions: { idempotencyKey: key } },
      { token: caller.token },
    );
    return (await response.json()) as {
      data?: Record<string, unknown> | null;
      errors?: { extensions?: Record<string, unknown> }[];
      extensions?: Record<string, unknown>;
    };
  };
  const sets = (caller: TestCaller) =>
    s.sandbox.requestCount({ method: 'POST', accountId: caller.entry.accountId });

  it('takes the key from the params extensions (graphql-ws has no headers per operation)', async () => {
    const caller = s.caller();
    const first = await post(caller, { mode: 'ISOLATED' }, 'ext-key-1');
    expect(first.data?.setDefaultMarginMode).toEqual({
      __typename: 'SetDefaultMarginModeSuccess',
    });
    const again = await post(caller, { mode: 'ISOLATED' }, 'ext-key-1');
    expect(again).toEqual({ ...first, extensions: { idempotency: { replayed: true } } });
    expect(sets(caller)).toBe(1);
    const other = await post(caller, { mode: 'CROSS' }, 'ext-key-1');
    expect(other.errors?.map((e) => e.extensions?.code)).toEqual(['IDEMPOTENCY_MISMATCH']);
    expect(sets(caller)).toBe(1);
  });

  it("does not store the caller's input errors: the corrected request runs under the same key", async () => {
    const caller = s.caller();
    // A variable of the wrong type (refused before any field runs), then a broken rule.
    const wrong = await post(caller, { mode: 'SIDEWAYS' }, 'ext-key-2');
    expect(wrong.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_USER_INPUT']);
    const bad = await post(caller, { mode: 'ISOLATED', symbol: 'ETH' }, 'ext-key-2');
    expect(bad.errors).toBeUndefined();
    expect(bad.data?.setDefaultMarginMode).toEqual({ __typename: 'InputError' });
    const right = await post(caller, { mode: 'CROSS' }, 'ext-key-2');
    expect(right.data?.setDefaultMarginMode).toEqual({ __typename: 'SetDefaultMarginModeSuccess' });
    expect(right.extensions).toBeUndefined();
    expect(sets(caller)).toBe(1);
  });
});
