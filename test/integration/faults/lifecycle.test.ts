/**
 * placeOrders and cancelOrder under faults, through the real gateway over HTTP. A batch is
 * never re-sent: after an ambiguous answer its items are read back by client order id, so
 * the account holds each item at most once. A cancel whose answer was lost is not re-sent
 * either (UPSTREAM_UNAVAILABLE; the order's state tells what happened).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaultConfig } from '../../../src/sandbox/index.ts';
import type { TestCaller } from '../server/harness.ts';
import { type FaultStack, orderInput, PLACE, startFaultStack } from './harness.ts';

const BATCH = { methods: ['POST'], paths: ['/v1/batch-order'] };
const CANCEL = { methods: ['DELETE'], paths: ['/v1/order'] };
const PLACE_MANY = `mutation($inputs: [PlaceOrderInput!]!) { placeOrders(inputs: $inputs) {
  __typename
  ... on PlaceOrdersSuccess { results { __typename
    ... on PlaceOrderSuccess { receipt { clientOrderId orderId } }
    ... on BatchItemError { index clientOrderId } } }
  ... on Error { code message } } }`;

let s: FaultStack;
beforeAll(async () => {
  s = await startFaultStack('faults-lifecycle', 12);
});
afterAll(() => s?.close());
beforeEach(() => {
  s.sandbox.setFaults(null);
  s.sandbox.resetRequestLog();
});

const ordersOf = (caller: TestCaller) => s.sandbox.orders(caller.entry.accountId);
const sent = (caller: TestCaller, method: string, path: string) =>
  s.sandbox.requestLog.filter(
    (e) => e.accountId === caller.entry.accountId && e.method === method && e.path === path,
  );

async function placeMany(caller: TestCaller, ids: string[]) {
  const { result } = await s.gql(caller, PLACE_MANY, { inputs: ids.map((id) => orderInput(id)) });
  expect(result.status).toBe(200);
  expect(result.body.errors).toBeUndefined();
  return result.body.data?.placeOrders as {
    __typename: string;
    code?: string;
    results?: { __typename: string; receipt?: { clientOrderId: string } }[];
  };
}

describe('placeOrders', () => {
  it.each<[string, FaultConfig]>([
    ['connection reset after processing', { reset: 'after', match: BATCH }],
    ['500 after processing', { status5xx: true, when: 'after', match: BATCH }],
    ['timeout (answer later than the timeout)', { latencyMs: 3_000, when: 'after', match: BATCH }],
  ])('%s: every item read back, success, each placed once, one POST', async (_name, faults) => {
    const caller = s.caller();
    const ids = ['lc-a', 'lc-b', 'lc-c'].map((id) => `${id}-${caller.entry.accountId.slice(2, 8)}`);
    s.sandbox.setFaults(faults);
    const answer = await placeMany(caller, ids);
    expect(answer.__typename).toBe('PlaceOrdersSuccess');
    expect(answer.results?.map((r) => r.receipt?.clientOrderId)).toEqual(ids);
    expect(
      ordersOf(caller)
        .map((o) => o.clientOrderId)
        .sort(),
    ).toEqual([...ids].sort());
    expect(s.sandbox.faultCount()).toBe(1);
  });

  it.each<[string, FaultConfig]>([
    ['500 before processing', { status5xx: true, match: BATCH }],
    ['reset before processing', { reset: 'before', match: BATCH, count: 1 }],
  ])('%s: UPSTREAM_UNAVAILABLE, nothing placed, never re-sent', async (_name, faults) => {
    const caller = s.caller();
    s.sandbox.setFaults(faults);
    const answer = await placeMany(caller, ['never-1', 'never-2']);
    expect(answer).toMatchObject({ __typename: 'UpstreamUnavailableError' });
    expect(ordersOf(caller)).toEqual([]);
    expect(s.sandbox.faultCount()).toBe(1);
  });
});

describe('cancelOrder', () => {
  it('500 after processing: UPSTREAM_UNAVAILABLE, sent once, and the order is cancelled', async () => {
    const caller = s.caller();
    const { result } = await s.gql(caller, PLACE, { input: orderInput('cancel-me') });
    const placed = result.body.data?.placeOrder as { receipt?: { orderId: number } } | undefined;
    const orderId = placed?.receipt?.orderId;
    expect(orderId).toEqual(expect.any(Number));
    s.sandbox.setFaults({ status5xx: true, when: 'after', match: CANCEL });
    const cancel = await s.gql(
      caller,
      `mutation { cancelOrder(input: {symbol: "PERP_ETH_USDC", orderId: ${orderId}}) { __typename ... on Error { code } } }`,
    );
    expect(cancel.result.body.data?.cancelOrder).toEqual({
      __typename: 'UpstreamUnavailableError',
      code: 'UPSTREAM_UNAVAILABLE',
    });
    expect(sent(caller, 'DELETE', '/v1/order')).toHaveLength(1);
    expect(ordersOf(caller)[0]?.status).toBe('CANCELLED');
  });
});
