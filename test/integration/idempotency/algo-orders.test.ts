// @module-tag redis
/**
 * placeAlgoOrder exactly once per clientOrderId, without an Idempotency-Key, like placeOrder:
 * through a real gateway (Redis records) in front of the sandbox over HTTP, faults switched
 * with POST /sandbox/faults, the upstream's algo orders read with GET /v1/algo/orders.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientIdRecordKey } from '../../../src/idempotency/keys.ts';
import type { FaultConfig } from '../../../src/sandbox/index.ts';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { type FaultStack, startFaultStack } from '../faults/harness.ts';
import type { TestCaller } from '../server/harness.ts';
import { clearFaults, PLACE as PLACE_ORDER, setFaults } from './harness.ts';

let s: FaultStack;
beforeAll(async () => {
  s = await startFaultStack('idem-algo', 8);
});
afterAll(() => s?.close());
beforeEach(async () => {
  await clearFaults(s.sandbox.url);
});

const ETH = 'PERP_ETH_USDC';
const PLACE = `mutation($input: PlaceAlgoOrderInput!) {
  placeAlgoOrder(input: $input) {
    __typename
    ... on PlaceAlgoOrderSuccess { algoOrderId clientOrderId replayed }
    ... on Error { code message }
    ... on InputError { field rule }
  }
}`;

interface Answer {
  __typename: string;
  algoOrderId?: number;
  clientOrderId?: string;
  replayed?: boolean;
  rule?: string;
}

async function place(caller: TestCaller, input: Record<string, unknown>) {
  const { result } = await s.gql(caller, PLACE, { input });
  // 422: IDEMPOTENCY_MISMATCH to a GraphQL-over-HTTP client.
  expect([200, 422]).toContain(result.status);
  return result.body;
}
async function placed(caller: TestCaller, input: Record<string, unknown>): Promise<Answer> {
  const body = await place(caller, input);
  expect(body.errors, JSON.stringify(body)).toBeUndefined();
  return body.data?.placeAlgoOrder as Answer;
}

const stop = (clientOrderId?: string) => ({
  symbol: ETH,
  algoType: 'STOP',
  side: 'SELL',
  type: 'MARKET',
  quantity: 0.1,
  triggerPrice: 1_000,
  ...(clientOrderId ? { clientOrderId } : {}),
});

const posts = (caller: TestCaller) =>
  s.sandbox.requestCount({
    method: 'POST',
    path: '/v1/algo/order',
    accountId: caller.entry.accountId,
  });

/** The account's algo orders as the upstream holds them. */
async function upstreamAlgo(caller: TestCaller): Promise<{ client_order_id: string }[]> {
  const client = new SandboxClient(s.sandbox.url, {
    accountId: caller.entry.accountId,
    secret: caller.entry.secret as string,
    tradingSecret: caller.entry.tradingSecret as string,
  });
  const r = await client.get('/v1/algo/orders?size=500');
  expect(r.status, r.text).toBe(200);
  return r.body.data.rows;
}

const wipe = (caller: TestCaller, clientOrderId: string) =>
  s.gw.gateway.store.del([clientIdRecordKey('algo', caller.entry.accountId, clientOrderId)]);

describe('placeAlgoOrder with a clientOrderId', () => {
  it('replays a repeat without calling the upstream; other fields are refused', async () => {
    const caller = s.caller();
    const input = stop('algo-repeat-1');
    const first = await placed(caller, input);
    expect(first).toMatchObject({ __typename: 'PlaceAlgoOrderSuccess', replayed: false });
    s.sandbox.resetRequestLog();
    expect(await placed(caller, input)).toEqual({ ...first, replayed: true });
    // The same order written differently (1000 and 1e3) is the same order.
    expect(await placed(caller, { ...input, triggerPrice: 1e3 })).toEqual({
      ...first,
      replayed: true,
    });
    const other = await place(caller, { ...input, triggerPrice: 999 });
    expect(other.data?.placeAlgoOrder).toBeNull();
    expect(other.errors?.map((e) => e.extensions?.code)).toEqual(['IDEMPOTENCY_MISMATCH']);
    expect(other.errors?.[0]?.message).toMatch(/clientOrderId algo-repeat-1 was already used/);
    expect(s.sandbox.requestLog.filter((e) => e.accountId === caller.entry.accountId)).toEqual([]);
    expect(await upstreamAlgo(caller)).toHaveLength(1);

    const metrics = await (await fetch(`${s.gw.adminOrigin}/metrics`)).text();
    const value = (line: string) => Number(new RegExp(`^${line} (\\d+)`, 'm').exec(metrics)?.[1]);
    expect(value('svc_idempotency_replays_total\\{kind="algo"\\}')).toBe(2);
    expect(value('svc_idempotency_mismatches_total\\{kind="algo"\\}')).toBe(1);
  });

  it('replays a full-position TP/SL instead of refusing the slot it took', async () => {
    const caller = s.caller();
    const open = await s.gql(caller, PLACE_ORDER, {
      input: { symbol: ETH, orderType: 'MARKET', side: 'BUY', orderQuantity: 1 },
    });
    expect(open.result.body.data?.placeOrder).toMatchObject({ __typename: 'PlaceOrderSuccess' });
    const mid = s.sandbox.book(ETH).mid;
    const leg = (algoType: string, triggerPrice: number) => ({
      algoType,
      side: 'SELL',
      type: 'CLOSE_POSITION',
      triggerPrice,
    });
    const input = {
      symbol: ETH,
      algoType: 'POSITIONAL_TP_SL',
      marginMode: 'CROSS',
      clientOrderId: 'algo-full-1',
      childOrders: [
        leg('TAKE_PROFIT', Math.round(mid * 1.2)),
        leg('STOP_LOSS', Math.round(mid * 0.8)),
      ],
    };
    const first = await placed(caller, input);
    expect(first).toMatchObject({ __typename: 'PlaceAlgoOrderSuccess', replayed: false });
    expect(await placed(caller, input)).toEqual({ ...first, replayed: true });
    // Another full one for the same position is still refused by its slot, nothing sent.
    const second = await placed(caller, { ...input, clientOrderId: 'algo-full-2' });
    expect(second).toMatchObject({ __typename: 'InputError', rule: 'tpslSlots' });
    expect(posts(caller)).toBe(1);
  });

  it('recovers a lost record from the upstream duplicate answer and a read-back', async () => {
    const caller = s.caller();
    const input = stop('algo-wiped-1');
    const first = await placed(caller, input);
    await wipe(caller, input.clientOrderId!);
    expect(await placed(caller, input)).toEqual({ ...first, replayed: true });
    await wipe(caller, input.clientOrderId!);
    const other = await place(caller, { ...input, quantity: 0.2 });
    expect(other.errors?.map((e) => e.extensions?.code)).toEqual(['IDEMPOTENCY_MISMATCH']);
    // Sent twice (each refused as a duplicate and read back); one algo order upstream.
    expect(posts(caller)).toBe(3);
    expect(await upstreamAlgo(caller)).toHaveLength(1);
  });

  it('answers the one algo order placed when the first answer was lost', async () => {
    const caller = s.caller();
    const input = stop('algo-lost-1');
    await setFaults(s.sandbox.url, {
      status5xx: true,
      when: 'after',
      match: {
        methods: ['POST', 'GET'],
        paths: ['/v1/algo/order', { pattern: '^/v1/algo/client/order/' }],
      },
    } as unknown as FaultConfig);
    const first = await placed(caller, input);
    expect(first.__typename).toBe('UpstreamUnavailableError');
    const [held, ...more] = await upstreamAlgo(caller);
    expect(more).toEqual([]);
    expect(held?.client_order_id).toBe(input.clientOrderId);
    await clearFaults(s.sandbox.url);
    const sent = posts(caller);
    const again = await placed(caller, input);
    expect(again).toMatchObject({ __typename: 'PlaceAlgoOrderSuccess', replayed: true });
    expect(await placed(caller, input)).toEqual(again);
    // Read back before sending: nothing sent again.
    expect(posts(caller)).toBe(sent);
    expect(await upstreamAlgo(caller)).toHaveLength(1);
  });

  it('without a clientOrderId there is no key: each call places a new algo order', async () => {
    const caller = s.caller();
    const one = await placed(caller, stop());
    const two = await placed(caller, stop());
    expect([one.replayed, two.replayed]).toEqual([false, false]);
    expect(one.algoOrderId).not.toBe(two.algoOrderId);
    expect(await upstreamAlgo(caller)).toHaveLength(2);
  });
});
