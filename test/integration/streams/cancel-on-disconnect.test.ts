// @module-tag redis
/**
 * Cancel-on-disconnect over real graphql-ws and SSE, two gateway replicas on one Redis and one
 * sandbox: sessions arm the account's upstream dead-man switch, any live session on any replica
 * keeps it renewed, and once the last one is gone the sandbox cancels the account's orders and
 * algo orders. The sandbox runs the switch's delays 5 times faster (its speed control), so
 * the smallest legal delay, 5,000 ms, fires 1 s after the last renewal; the gateway renews
 * every 200 ms (CANCEL_ON_DISCONNECT_RENEW_MS), under a 10× upstream budget.
 */
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { fencedBlocks, readDoc } from '../../unit/docs/markdown.ts';
import { callerPool, type TestCaller } from '../server/harness.ts';
import {
  type LiveHarness,
  type Replica,
  type Result,
  sseSubscribe,
  startLive,
  wsClient,
  wsSubscribe,
} from './gateway-harness.ts';

const SPEED = 5;
/** The switch's delay in real time: 5,000 ms at the sandbox's speed. */
const DELAY_MS = 5_000 / SPEED;
const COD =
  'subscription($afterMs: Int) { cancelOnDisconnect(afterMs: $afterMs) { afterMs expectedTriggerTime } }';

let h: LiveHarness;
const pool = callerPool('cod', 7);

beforeAll(async () => {
  h = await startLive({
    replicas: 2,
    extra: pool.all,
    env: {
      CANCEL_ON_DISCONNECT_AFTER_MS: '5000',
      CANCEL_ON_DISCONNECT_RENEW_MS: '200',
      CANCEL_ON_DISCONNECT_SESSION_TTL_MS: '3000',
      CANCEL_ON_DISCONNECT_MAX_SESSIONS: '2',
      UPSTREAM_LIMIT_SCALE: '10',
      CONN_WS_IDLE_TIMEOUT_MS: '300',
    },
  });
  const res = await fetch(`${h.sandbox.url}/sandbox/cancel-all-after/speed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ speed: SPEED }),
  });
  expect(res.status).toBe(200);
});
afterAll(() => h.close());

const trader = (caller: TestCaller) =>
  new SandboxClient(h.sandbox.url, {
    accountId: caller.entry.accountId,
    secret: caller.entry.secret as string,
    tradingSecret: caller.entry.tradingSecret as string,
  });

/** The account's switch as the sandbox holds it. */
async function upstreamSwitch(caller: TestCaller) {
  const res = await fetch(
    `${h.sandbox.url}/sandbox/accounts/${caller.entry.accountId}/cancel-all-after`,
  );
  return (await res.json()).data as {
    armed: boolean;
    trigger_after: number;
    expected_trigger_time: number;
  };
}

/** A graphql-ws connection and how it was acknowledged or closed. */
function codClient(replica: Replica, params: Record<string, unknown>) {
  const seen: {
    connected?: boolean;
    ack?: Record<string, unknown>;
    closed?: { code: number; reason: string };
  } = {};
  const client: Client = createClient({
    url: replica.wsUrl,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {},
    connectionParams: params,
    on: {
      connected: (_socket, payload) => {
        seen.connected = true;
        seen.ack = payload as Record<string, unknown> | undefined;
      },
      closed: (event) => {
        const { code, reason } = event as { code: number; reason: string };
        seen.closed = { code, reason };
      },
    },
  });
  return { client, seen };
}

/** A resting order and a STOP algo order of the caller's account; their ids. */
async function restingOrders(caller: TestCaller) {
  const c = trader(caller);
  const order = await c.order({
    symbol: 'PERP_ETH_USDC',
    order_type: 'LIMIT',
    side: 'BUY',
    order_price: 2_900,
    order_quantity: 1,
  });
  expect(order.status, order.text).toBe(200);
  const stop = await c.post(
    '/v1/algo/order',
    c.signedTree({
      symbol: 'PERP_ETH_USDC',
      algo_type: 'STOP',
      side: 'BUY',
      type: 'MARKET',
      quantity: 0.5,
      trigger_price: 3_200,
    }),
  );
  expect(stop.status, stop.text).toBe(200);
  return { orderId: order.body.data.order_id as number, algoId: stop.body.data.order_id as number };
}

async function statuses(caller: TestCaller, ids: { orderId: number; algoId: number }) {
  const c = trader(caller);
  const order = await c.get(`/v1/order/${ids.orderId}`);
  const algo = await c.get(`/v1/algo/order/${ids.algoId}`);
  return [order.body.data.status, algo.body.data.algo_status];
}

const armedEvent = (r: Result) => r.data?.cancelOnDisconnect !== undefined;

describe('cancel-on-disconnect', () => {
  it('graphql-ws connectionParams arm the switch; the acknowledgement says what was armed', async () => {
    const alice = pool.next();
    const before = Date.now();
    const { client, seen } = codClient(h.replicas[0]!, {
      authorization: `Bearer ${alice.token}`,
      cancelOnDisconnect: { afterMs: 6_000 },
    });
    await vi.waitFor(() => expect(seen.ack).toBeDefined(), { timeout: 5_000 });
    const armed = seen.ack!.cancelOnDisconnect as { afterMs: number; expectedTriggerTime: number };
    expect(armed.afterMs).toBe(6_000);
    // 6,000 ms at the sandbox's speed 5: 1.2 s from now, in the sandbox's (server) time.
    expect(armed.expectedTriggerTime).toBeGreaterThanOrEqual(before + 6_000 / SPEED);
    expect(armed.expectedTriggerTime).toBeLessThanOrEqual(Date.now() + 6_000 / SPEED);
    expect(await upstreamSwitch(alice)).toMatchObject({ armed: true, trigger_after: 6_000 });
    // Idle (no operation) but holding a session: spared by the idle timeout that closes a
    // plain connection opened now.
    const plain = codClient(h.replicas[0]!, { authorization: `Bearer ${alice.token}` });
    await vi.waitFor(
      () => expect(plain.seen.closed).toEqual({ code: 1000, reason: 'Idle timeout' }),
      {
        timeout: 5_000,
      },
    );
    expect(plain.seen).toMatchObject({ connected: true, ack: undefined });
    expect(seen.closed).toBeUndefined();
    await client.dispose();
  });

  it('keeps orders while one session lives on either replica, cancels them after the last', async () => {
    const alice = pool.next();
    const ids = await restingOrders(alice);
    // Session 1: a graphql-ws connection on replica 0. Session 2: an SSE subscription on replica 1.
    const ws = codClient(h.replicas[0]!, {
      authorization: `Bearer ${alice.token}`,
      cancelOnDisconnect: true,
    });
    await vi.waitFor(() => expect(ws.seen.ack).toBeDefined(), { timeout: 5_000 });
    const sse = sseSubscribe(h.replicas[1]!, COD, { token: alice.token });
    const first = await sse.next(armedEvent);
    expect(first.data.cancelOnDisconnect.afterMs).toBe(5_000);
    // A plain connection (no session) on replica 1 sees the cancels when they come.
    const watcher = wsClient(h.replicas[1]!, alice.token);
    const updates = wsSubscribe(watcher, 'subscription { orderUpdates { orderId status reason } }');
    await vi.waitFor(() =>
      expect(h.replicas[1]!.gateway.live.hub.accountReady(alice.entry.accountId)).toBe(true),
    );

    // Both replicas tick, one renews per interval: the other finds the interval claimed.
    const skippedBefore = await skipped();
    await vi.waitFor(async () => expect(await skipped()).toBeGreaterThan(skippedBefore), {
      timeout: 5_000,
      interval: 20,
    });

    await ws.client.dispose();
    const closedAt = Date.now();
    // Without replica 1 the switch would fire DELAY_MS after replica 0's last renewal; wait
    // for a renewal from replica 1 that lands past that moment, then look at the orders.
    await vi.waitFor(
      async () =>
        expect((await upstreamSwitch(alice)).expected_trigger_time).toBeGreaterThan(
          closedAt + 2 * DELAY_MS,
        ),
      { timeout: 10_000, interval: 50 },
    );
    expect(await statuses(alice, ids)).toEqual(['NEW', 'NEW']);

    sse.stop();
    await vi.waitFor(
      async () => expect(await statuses(alice, ids)).toEqual(['CANCELLED', 'CANCELLED']),
      {
        timeout: 10_000,
        interval: 50,
      },
    );
    const cancelled = await updates.next(
      (r) =>
        String(r.data?.orderUpdates?.orderId) === String(ids.orderId) &&
        r.data.orderUpdates.status === 'CANCELLED',
    );
    expect(cancelled.data.orderUpdates.reason).toBe('cancelled by cancel_all_after');
    await watcher.dispose();
  });

  it("runs docs/subscriptions.md's example", async () => {
    const eve = pool.next();
    const [example] = fencedBlocks(readDoc('docs/subscriptions.md'), 'graphql').filter((b) =>
      b.includes('cancelOnDisconnect'),
    );
    const sub = sseSubscribe(h.replicas[0]!, example!, { token: eve.token });
    const armed = (await sub.next(armedEvent)).data.cancelOnDisconnect;
    expect(armed.afterMs).toBe(10_000);
    expect(await upstreamSwitch(eve)).toMatchObject({
      armed: true,
      trigger_after: 10_000,
      expected_trigger_time: armed.expectedTriggerTime,
    });
    sub.stop();
  });

  it('counts sessions of an account on all replicas against its cap', async () => {
    const bob = pool.next();
    const a = sseSubscribe(h.replicas[0]!, COD, { token: bob.token });
    await a.next(armedEvent);
    const b = sseSubscribe(h.replicas[1]!, COD, {
      token: bob.token,
      variables: { afterMs: 9_000 },
    });
    // The account's delay is the shortest any of its sessions asked for.
    expect((await b.next(armedEvent)).data.cancelOnDisconnect.afterMs).toBe(5_000);
    const third = sseSubscribe(h.replicas[0]!, COD, { token: bob.token });
    const refused = await third.next((r) => r.errors !== undefined);
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'TOO_MANY_SESSIONS',
    });
    const ws = codClient(h.replicas[1]!, {
      authorization: `Bearer ${bob.token}`,
      cancelOnDisconnect: true,
    });
    await vi.waitFor(() => expect(ws.seen.closed).toBeDefined(), { timeout: 5_000 });
    expect(ws.seen.closed).toEqual({
      code: 4429,
      reason: 'cancelOnDisconnect: the account already holds 2 cancel-on-disconnect sessions',
    });
    // The 5,000 ms session leaves: the next renewal arms the 9,000 ms the other asked for.
    a.stop();
    await vi.waitFor(async () => expect((await upstreamSwitch(bob)).trigger_after).toBe(9_000), {
      timeout: 5_000,
      interval: 20,
    });
    b.stop();
    third.stop();
  });

  it('refuses a bad arming with the field and the rule, and an anonymous caller', async () => {
    const carol = pool.next();
    const cases: [Record<string, unknown>, number, string][] = [
      [
        { authorization: `Bearer ${carol.token}`, cancelOnDisconnect: { afterMs: 1_000 } },
        4400,
        'cancelOnDisconnect.afterMs: must be from 5000 to 900000 (range)',
      ],
      [
        { authorization: `Bearer ${carol.token}`, cancelOnDisconnect: 'yes' },
        4400,
        'cancelOnDisconnect: must be true or an object { afterMs } (type)',
      ],
      [{ cancelOnDisconnect: true }, 4401, 'cancelOnDisconnect: needs a bearer token'],
    ];
    for (const [params, code, reason] of cases) {
      const { client, seen } = codClient(h.replicas[0]!, params);
      await vi.waitFor(() => expect(seen.closed).toBeDefined(), { timeout: 5_000 });
      expect(seen.closed, JSON.stringify(params)).toEqual({ code, reason });
      expect(seen.connected).toBeUndefined();
      await client.dispose();
    }
    const low = sseSubscribe(h.replicas[1]!, COD, {
      token: carol.token,
      variables: { afterMs: 4_999 },
    });
    const bad = await low.next((r) => r.errors !== undefined);
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'afterMs',
      rule: 'range',
    });
    const anonymous = sseSubscribe(h.replicas[1]!, COD);
    const denied = await anonymous.next((r) => r.errors !== undefined);
    expect(denied.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    // Nothing reached the upstream for carol.
    expect(
      h.sandbox.requestCount({
        path: '/v1/order/cancel_all_after',
        accountId: carol.entry.accountId,
      }),
    ).toBe(0);
    expect((await upstreamSwitch(carol)).armed).toBe(false);
  });

  it('says so when the upstream does not arm the switch, and keeps no session of it', async () => {
    const dave = pool.next();
    const faults = (method: string, body?: unknown) =>
      fetch(`${h.sandbox.url}/sandbox/faults`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    await faults('POST', { match: { paths: ['/v1/order/cancel_all_after'] }, status5xx: true });
    try {
      const ws = codClient(h.replicas[0]!, {
        authorization: `Bearer ${dave.token}`,
        cancelOnDisconnect: true,
      });
      await vi.waitFor(() => expect(ws.seen.closed).toBeDefined(), { timeout: 5_000 });
      expect(ws.seen.closed?.code).toBe(4503);
      expect(ws.seen.closed?.reason).toMatch(/^cancelOnDisconnect: not armed: cancelAllAfter /);
      const sse = sseSubscribe(h.replicas[1]!, COD, { token: dave.token });
      const failed = await sse.next((r) => r.errors !== undefined);
      expect(failed.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    } finally {
      await faults('DELETE');
    }
    // The failed sessions left no record: both of the cap's two open now.
    const a = sseSubscribe(h.replicas[0]!, COD, { token: dave.token });
    const b = sseSubscribe(h.replicas[1]!, COD, { token: dave.token });
    await a.next(armedEvent);
    await b.next(armedEvent);
    a.stop();
    b.stop();
  });
});

/** Renewals skipped by both replicas (another one held the interval). */
async function skipped(): Promise<number> {
  const counts = await Promise.all(h.replicas.map((r) => renewals(r, 'skipped')));
  return counts.reduce((a, b) => a + b, 0);
}

/** `svc_graphql_cancel_on_disconnect_renewals_total{outcome}` of a replica. */
async function renewals(replica: Replica, outcome: string): Promise<number> {
  const metric = await replica.gateway.metrics.registry
    .getSingleMetric('svc_graphql_cancel_on_disconnect_renewals_total')
    ?.get();
  return metric?.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}
