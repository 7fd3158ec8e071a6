/**
 * placeOrder under every fault mode, through the real gateway over HTTP: whatever the caller
 * is told, the account holds at most one order per placeOrder — exactly one whenever the
 * upstream processed it — and the answer is bounded by the timeout arithmetic.
 *
 * Orders are placed without a clientOrderId unless the test needs one, so a blind resend by
 * the gateway (a second generated id) would show up as a second order of the account.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaultConfig } from '../../../src/sandbox/index.ts';
import type { TestCaller } from '../server/harness.ts';
import {
  eventually,
  type FaultStack,
  MARGIN_MS,
  ORDER_BOUND_MS,
  ORDER_BY_ID,
  orderInput,
  PLACE,
  startFaultStack,
  TIMEOUT_MS,
} from './harness.ts';

const ORDER = { methods: ['POST'], paths: ['/v1/order'] };

let s: FaultStack;
beforeAll(async () => {
  s = await startFaultStack('faults-orders');
});
afterAll(() => s?.close());
beforeEach(() => {
  s.sandbox.setFaults(null);
  s.sandbox.resetRequestLog();
});

interface Placed {
  __typename: string;
  code?: string;
  retryAfterMs?: number;
  receipt?: { clientOrderId: string; orderId: string };
}

async function place(caller: TestCaller, clientOrderId?: string) {
  const { result, elapsedMs } = await s.gql(caller, PLACE, { input: orderInput(clientOrderId) });
  expect(result.status).toBe(200);
  expect(result.body.errors).toBeUndefined();
  expect(elapsedMs).toBeLessThan(ORDER_BOUND_MS + MARGIN_MS);
  return { placed: result.body.data?.placeOrder as Placed, elapsedMs };
}

const ordersOf = (caller: TestCaller) => s.sandbox.orders(caller.entry.accountId);
/** Requests of `caller` the sandbox answered (a slow one is logged once answered). */
const logOf = (caller: TestCaller) =>
  s.sandbox.requestLog.filter((e) => e.accountId === caller.entry.accountId);
const posts = (caller: TestCaller) =>
  logOf(caller).filter((e) => e.method === 'POST' && e.path === '/v1/order');

/** After recovery the gateway places orders again, normally. */
async function placesAgain(caller: TestCaller, before: number): Promise<void> {
  s.sandbox.setFaults(null);
  const { placed } = await place(caller);
  expect(placed.__typename).toBe('PlaceOrderSuccess');
  expect(ordersOf(caller)).toHaveLength(before + 1);
  expect(await s.serving()).toBe(true);
}

describe('the upstream processed the order, the answer was lost or bad', () => {
  it.each<[string, FaultConfig]>([
    ['connection reset after processing', { reset: 'after', match: ORDER }],
    ['500 after processing', { status5xx: true, when: 'after', match: ORDER }],
    ['HTML 502 after processing', { html: true, when: 'after', match: ORDER }],
    ['timeout (answer later than the timeout)', { latencyMs: 3_000, when: 'after', match: ORDER }],
  ])('%s: read back by client_order_id, success, one order, one POST', async (_name, faults) => {
    const caller = s.caller();
    s.sandbox.setFaults(faults);
    const { placed } = await place(caller);
    expect(placed.__typename).toBe('PlaceOrderSuccess');
    const [order, ...more] = ordersOf(caller);
    expect(more).toEqual([]);
    expect(placed.receipt).toEqual({
      clientOrderId: order!.clientOrderId,
      orderId: order!.orderId,
    });
    // Sends that reached the sandbox (a slow one is logged only once answered).
    expect(s.sandbox.faultCount()).toBe(1);
    await placesAgain(caller, 1);
  });

  it('malformed JSON after processing: one order, found by reading it back', async () => {
    const caller = s.caller();
    s.sandbox.setFaults({ malformedJson: true, when: 'after', match: ORDER });
    const { placed } = await place(caller, 'malformed-after-1');
    expect(ordersOf(caller)).toHaveLength(1);
    expect(posts(caller)).toHaveLength(1);
    // A garbled 200 is ambiguous: the gateway reads the order back instead of guessing.
    expect(placed.__typename).toBe('PlaceOrderSuccess');
    s.sandbox.setFaults(null);
    // The retry replays the order placed (exactly once: src/idempotency/orders.ts).
    const retried = await place(caller, 'malformed-after-1');
    expect(retried.placed).toMatchObject({
      __typename: 'PlaceOrderSuccess',
      receipt: placed.receipt,
    });
    expect(ordersOf(caller)).toHaveLength(1);
    await placesAgain(caller, 1);
  });
});

describe('the upstream never processed the order', () => {
  it('one reset before processing: read back finds nothing, resent once with the same id', async () => {
    const caller = s.caller();
    s.sandbox.setFaults({ reset: 'before', match: ORDER, count: 1 });
    const { placed } = await place(caller);
    expect(placed.__typename).toBe('PlaceOrderSuccess');
    expect(ordersOf(caller)).toHaveLength(1);
    expect(posts(caller).map((e) => e.status)).toEqual([0, 200]);
  });

  it.each<[string, FaultConfig]>([
    ['500 before processing', { status5xx: true, match: ORDER }],
    ['HTML 502 before processing', { html: true, match: ORDER }],
    ['reset before processing, every time', { reset: 'before', match: ORDER }],
    ['malformed JSON before processing', { malformedJson: { status: 502 }, match: ORDER }],
  ])('%s: UPSTREAM_UNAVAILABLE, no order, then recovery', async (_name, faults) => {
    const caller = s.caller();
    s.sandbox.setFaults(faults);
    const { placed } = await place(caller);
    expect(placed).toMatchObject({
      __typename: 'UpstreamUnavailableError',
      code: 'UPSTREAM_UNAVAILABLE',
    });
    expect(ordersOf(caller)).toEqual([]);
    expect(await s.serving()).toBe(true);
    await placesAgain(caller, 0);
  });

  it('a 429 burst: RateLimitedError with retryAfterMs, no order, service after the window', async () => {
    const caller = s.caller();
    s.sandbox.setFaults({ rateLimitBurst: { retryAfterSec: 1 }, match: ORDER, count: 1 });
    const { placed } = await place(caller, 'burst-1');
    expect(placed).toMatchObject({
      __typename: 'RateLimitedError',
      code: 'RATE_LIMITED',
      retryAfterMs: 1_000,
    });
    expect(ordersOf(caller)).toEqual([]);
    const done = await eventually(
      async () => {
        const { placed: p } = await place(caller, 'burst-1');
        return p.__typename === 'RateLimitedError' ? undefined : p;
      },
      1_000 + MARGIN_MS,
      'an order after the Retry-After',
    );
    expect(done.__typename).toBe('PlaceOrderSuccess');
    expect(ordersOf(caller)).toHaveLength(1);
    expect(posts(caller)).toHaveLength(2);
  });
});

describe('a retry after an ambiguous end (replayed: an earlier request placed the order)', () => {
  const PLACE_REPLAYED = PLACE.replace('receipt {', 'replayed receipt {');
  const placeReplayed = async (caller: TestCaller, id: string) => {
    const { result } = await s.gql(caller, PLACE_REPLAYED, { input: orderInput(id) });
    return result.body.data?.placeOrder as Placed & { replayed?: boolean };
  };

  it.each<[string, FaultConfig | null]>([
    ['answered', null],
    ['its answer dropped, found by its own read-back', { reset: 'after', match: ORDER, count: 1 }],
  ])(
    'the retry places the order itself (%s): replayed false, then true',
    async (_name, retryFault) => {
      const caller = s.caller();
      const id = `retry-own-${retryFault ? 'dropped' : 'answered'}`;
      // Every send refused before processing: the first request ends UPSTREAM_UNAVAILABLE.
      s.sandbox.setFaults({ status5xx: true, match: ORDER });
      expect(await placeReplayed(caller, id)).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(ordersOf(caller)).toEqual([]);
      s.sandbox.setFaults(retryFault);
      const retried = await placeReplayed(caller, id);
      expect(retried).toMatchObject({ __typename: 'PlaceOrderSuccess', replayed: false });
      expect(ordersOf(caller)).toHaveLength(1);
      s.sandbox.setFaults(null);
      expect(await placeReplayed(caller, id)).toEqual({ ...retried, replayed: true });
      expect(ordersOf(caller)).toHaveLength(1);
    },
  );
});

describe('the upstream is slow everywhere', () => {
  it('order and read-back both time out: UPSTREAM_UNAVAILABLE, never resent blind, one order once processed', async () => {
    const caller = s.caller();
    const latencyMs = 4 * TIMEOUT_MS;
    const logged = s.sandbox.requestLog.length;
    s.sandbox.setFaults({ latencyMs });
    const { placed, elapsedMs } = await place(caller, 'slow-everywhere-1');
    expect(placed).toMatchObject({ __typename: 'UpstreamUnavailableError' });
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS);
    // Every delayed request: the caller's, and the order checks' public market reads.
    const arrived = s.sandbox.faultCount();
    s.sandbox.setFaults(null);
    await eventually(
      async () => (s.sandbox.requestLog.length - logged >= arrived ? true : undefined),
      latencyMs + MARGIN_MS,
      'the delayed requests answered',
    );
    // The read-backs could not tell whether the order exists: it was not sent again.
    expect(posts(caller)).toHaveLength(1);
    expect(ordersOf(caller)).toHaveLength(1);
    const { result } = await s.gql(caller, ORDER_BY_ID, { id: 'slow-everywhere-1' });
    expect(result.body.data).toEqual({
      order: { clientOrderId: 'slow-everywhere-1', status: 'NEW' },
    });
    expect(ordersOf(caller)).toHaveLength(1);
  });

  it('the order is held before processing, reads are fast: resends carry the same id, one order', async () => {
    const caller = s.caller();
    const latencyMs = 3 * TIMEOUT_MS;
    s.sandbox.setFaults({ latencyMs, match: ORDER });
    const { placed } = await place(caller);
    // Each send timed out and its read-back found nothing (yet): sent again with the same
    // client_order_id, until the resends ran out.
    expect(placed.__typename).toBe('UpstreamUnavailableError');
    const sends = s.sandbox.faultCount();
    expect(sends).toBe(2);
    s.sandbox.setFaults(null);
    await eventually(
      async () => (posts(caller).length >= sends ? true : undefined),
      latencyMs + MARGIN_MS,
      'the delayed sends answered',
    );
    expect(ordersOf(caller)).toHaveLength(1);
    expect(posts(caller).map((e) => [e.status, e.code])).toEqual([
      [200, undefined],
      [409, -1007],
    ]);
  });
});

describe('a skewed server clock', () => {
  it('ten minutes ahead: the order is re-signed in server time and placed once', async () => {
    const caller = s.caller();
    s.sandbox.setFaults({ clockSkewMs: 600_000 });
    const { placed } = await place(caller);
    expect(placed.__typename).toBe('PlaceOrderSuccess');
    expect(ordersOf(caller)).toHaveLength(1);
    // Re-signed after one 401, or signed in server time at once when the order checks' public
    // reads (the symbol's rules and mark, unless cached) taught the server's clock first.
    const sent = posts(caller).map((e) => [e.status, e.code]);
    expect([
      [[200, undefined]],
      [
        [401, -1002],
        [200, undefined],
      ],
    ]).toContainEqual(sent);
    await placesAgain(caller, 1);
  });
});
