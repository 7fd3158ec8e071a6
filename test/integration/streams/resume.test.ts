/**
 * Resumable subscriptions over real SSE and graphql-ws, two gateway replicas on one Redis in
 * front of one sandbox. A client drops mid-stream; orders are placed, cancelled and filled
 * in the gap; it resumes on the OTHER replica (SSE: Last-Event-ID; graphql-ws: resumeFrom)
 * and gets exactly what a subscriber that never left got after its cursor, in order, then the
 * live events, each once. With a log trimmed below the gap, a RESYNC snapshot comes first.
 */
// @module-tag redis
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareCursors } from '../../../src/upstream/stream/log/cursor.ts';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { makeCaller, type TestCaller } from '../server/harness.ts';
import {
  type LiveHarness,
  type Result,
  type Sub,
  sseSubscribe,
  startLive,
  wsClient,
  wsSubscribe,
} from './gateway-harness.ts';

const ETH = 'PERP_ETH_USDC';
const UPDATES = 'subscription { orderUpdates { clientOrderId status source cursor } }';
const RESUME = `subscription Resume($from: String) {
  orderUpdates(resumeFrom: $from) { clientOrderId status source cursor }
}`;

type Update = { clientOrderId: string; status: string; source: string; cursor: string };
const updates = (sub: Sub): Update[] =>
  sub.results.map((r: Result) => r.data?.orderUpdates).filter(Boolean);

let sequence = 0;

function trader(h: LiveHarness, caller: TestCaller) {
  const client = new SandboxClient(h.sandbox.url, {
    accountId: caller.entry.accountId,
    secret: caller.entry.secret as string,
    tradingSecret: caller.entry.tradingSecret as string,
  });
  return {
    /** A limit buy of 1 at `price`; its client order id and order id. */
    async buy(price: number) {
      const id = `rs${++sequence}`;
      const r = await client.order({
        symbol: ETH,
        order_type: 'LIMIT',
        side: 'BUY',
        order_price: price,
        order_quantity: 1,
        client_order_id: id,
      });
      expect(r.status).toBe(200);
      return { id, orderId: String((r.body as { data: { order_id: number } }).data.order_id) };
    },
    async cancel(orderId: string) {
      const r = await client.cancel('/v1/order', { order_id: orderId, symbol: ETH });
      expect(r.status).toBe(200);
    },
  };
}

/** Waits until `sub` has an update matching `id` and `status`; returns every update so far. */
async function until(sub: Sub, id: string, status: string): Promise<Update[]> {
  await sub.next((r) => {
    const u = r.data?.orderUpdates;
    return u?.clientOrderId === id && u.status === status;
  });
  return updates(sub);
}

const logging = (h: LiveHarness, replica: number, caller: TestCaller) =>
  expect
    .poll(() => h.replicas[replica]!.gateway.live.hub.accountLogging(caller.entry.accountId), {
      interval: 10,
    })
    .toBe(true);

/** The fill of a 2,900 buy (and not of a 2,800 one), then the market back where it was. */
async function fillAt2900(h: LiveHarness, control: Sub, id: string): Promise<void> {
  h.sandbox.setMidPrice(ETH, 2850);
  await until(control, id, 'FILLED');
  h.sandbox.setMidPrice(ETH, 3000);
}

describe('resume on another replica, log covering the gap', () => {
  let h: LiveHarness;
  const carl = makeCaller('carl', 'trader');
  const dora = makeCaller('dora', 'trader');
  const fred = makeCaller('fred', 'trader');

  beforeAll(async () => {
    h = await startLive({
      replicas: 2,
      extra: [carl, dora, fred],
      env: { STREAM_RESUME_WINDOW_MS: '30000' },
    });
  });
  afterAll(() => h.close());

  it('SSE: Last-Event-ID replays exactly the missed events in order, then live ones', async () => {
    const t = trader(h, carl);
    // The control never leaves: what it gets is what the dropped client should have got.
    const controlClient = wsClient(h.replicas[0]!, carl.token);
    const control = wsSubscribe(controlClient, UPDATES);
    const first = sseSubscribe(h.replicas[0]!, UPDATES, { token: carl.token });
    expect(await first.status).toBe(200);
    await logging(h, 0, carl);
    const a = await t.buy(2800);
    const seen = await until(first, a.id, 'NEW');
    const cursor = seen.at(-1)!.cursor;
    expect(first.ids.at(-1)).toBe(cursor);
    first.stop();

    // The gap: a placement, a cancel, a fill; replica 1 has no stream of carl's account yet.
    const b = await t.buy(2900);
    await t.cancel(a.orderId);
    await until(control, a.id, 'CANCELLED');
    await fillAt2900(h, control, b.id);
    expect(h.replicas[1]!.gateway.live.hub.accountLogging(carl.entry.accountId)).toBe(false);
    const all = updates(control);
    const missed = all.slice(all.findIndex((u) => u.cursor === cursor) + 1);
    expect(missed.map((u) => `${u.clientOrderId} ${u.status}`)).toEqual(
      expect.arrayContaining([`${b.id} NEW`, `${a.id} CANCELLED`, `${b.id} FILLED`]),
    );

    const resumed = sseSubscribe(h.replicas[1]!, UPDATES, {
      token: carl.token,
      headers: { 'last-event-id': cursor },
    });
    expect(await resumed.status).toBe(200);
    await until(resumed, b.id, 'FILLED');
    const c = await t.buy(2700);
    await until(control, c.id, 'NEW');
    const got = await until(resumed, c.id, 'NEW');
    // Exactly the missed events, then the live one, each once, with the control's cursors.
    expect(got).toEqual([...missed, updates(control).at(-1)]);
    expect(resumed.ids).toEqual(got.map((u) => u.cursor));
    resumed.stop();
    await controlClient.dispose();
  });

  it('graphql-ws: resumeFrom replays the missed events, both replicas logging, then live', async () => {
    const t = trader(h, dora);
    // The control on replica 1: both replicas stream dora's account and append every event.
    const controlClient = wsClient(h.replicas[1]!, dora.token);
    const control = wsSubscribe(controlClient, UPDATES);
    const firstClient = wsClient(h.replicas[0]!, dora.token);
    const first = wsSubscribe(firstClient, UPDATES);
    await logging(h, 0, dora);
    await logging(h, 1, dora);
    const a = await t.buy(2800);
    const cursor = (await until(first, a.id, 'NEW')).at(-1)!.cursor;
    await firstClient.dispose();

    const b = await t.buy(2900);
    await t.cancel(a.orderId);
    await until(control, a.id, 'CANCELLED');
    await fillAt2900(h, control, b.id);
    const all = updates(control);
    const missed = all.slice(all.findIndex((u) => u.cursor === cursor) + 1);
    expect(missed.length).toBeGreaterThanOrEqual(3);

    const againClient = wsClient(h.replicas[1]!, dora.token);
    const resumed = wsSubscribe(againClient, RESUME, { from: cursor });
    await until(resumed, b.id, 'FILLED');
    const c = await t.buy(2700);
    await until(control, c.id, 'NEW');
    const got = await until(resumed, c.id, 'NEW');
    expect(got).toEqual([...missed, updates(control).at(-1)]);
    expect(resumed.results.every((r) => r.extensions?.resumed === undefined)).toBe(true);
    await againClient.dispose();
    await controlClient.dispose();
  });

  it('positionUpdates: resumeFrom replays the fill of the gap from the log, then live', async () => {
    const t = trader(h, fred);
    const POSITIONS = `subscription P($from: String) {
      positionUpdates(resumeFrom: $from) { symbol quantity cursor }
    }`;
    const rows = (sub: Sub) =>
      sub.results.flatMap((r: Result) => (r.data?.positionUpdates ?? []) as Row[]);
    type Row = { symbol: string; quantity: number; cursor: string };
    const ordersClient = wsClient(h.replicas[0]!, fred.token);
    const orders = wsSubscribe(ordersClient, UPDATES);
    await logging(h, 0, fred);
    // A cursor from before the gap (any account subscription's cursor resumes any other).
    const a = await t.buy(2700);
    const cursor = (await until(orders, a.id, 'NEW')).at(-1)!.cursor;
    const b = await t.buy(2900);
    await fillAt2900(h, orders, b.id);

    const againClient = wsClient(h.replicas[1]!, fred.token);
    const resumed = wsSubscribe(againClient, POSITIONS, { from: cursor });
    const filled = await resumed.next((r) =>
      (r.data?.positionUpdates ?? []).some((p: Row) => p.symbol === ETH && p.quantity === 1),
    );
    // The first thing it got: replayed from the log (nothing moved since to recompute it).
    expect(resumed.results[0]).toBe(filled);
    const replayed = filled.data.positionUpdates as Row[];
    expect(compareCursors(replayed[0]!.cursor, cursor)).toBeGreaterThan(0);
    expect(new Set(replayed.map((p) => p.cursor)).size).toBe(1);
    expect(filled.extensions?.resumed).toBeUndefined();
    // Live: the next fill's position arrives after the replay.
    const c = await t.buy(2900);
    await fillAt2900(h, orders, c.id);
    await resumed.next((r) =>
      (r.data?.positionUpdates ?? []).some((p: Row) => p.symbol === ETH && p.quantity === 2),
    );
    expect(rows(resumed).every((p) => typeof p.cursor === 'string')).toBe(true);
    await againClient.dispose();
    await ordersClient.dispose();
  });

  it('refuses a resumeFrom or Last-Event-ID that is not a cursor', async () => {
    const client = wsClient(h.replicas[0]!, carl.token);
    const bad = wsSubscribe(client, RESUME, { from: 'yesterday' });
    await expect.poll(() => bad.done, { interval: 10 }).toBe(true);
    expect(bad.results[0]?.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'resumeFrom',
      rule: 'cursor',
    });
    await client.dispose();
    const sse = sseSubscribe(h.replicas[0]!, UPDATES, {
      token: carl.token,
      headers: { 'last-event-id': 'nope' },
    });
    await sse.next((r) => r.errors !== undefined);
    expect(sse.results[0]!.errors![0]!.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'Last-Event-ID',
      rule: 'cursor',
    });
  });
});

describe('resume when the log no longer covers the gap', () => {
  let h: LiveHarness;
  const erin = makeCaller('erin', 'trader');

  beforeAll(async () => {
    h = await startLive({
      replicas: 2,
      extra: [erin],
      env: { STREAM_RESUME_WINDOW_MS: '30000', STREAM_LOG_MAX_EVENTS: '2' },
    });
  });
  afterAll(() => h.close());

  it('sends a RESYNC snapshot first, says so, then continues live', async () => {
    const t = trader(h, erin);
    const controlClient = wsClient(h.replicas[0]!, erin.token);
    const control = wsSubscribe(controlClient, UPDATES);
    const first = sseSubscribe(h.replicas[0]!, UPDATES, { token: erin.token });
    await logging(h, 0, erin);
    const a = await t.buy(2800);
    const cursor = (await until(first, a.id, 'NEW')).at(-1)!.cursor;
    first.stop();
    // More than two log entries in the gap: the cursor's entry is trimmed away.
    const b = await t.buy(2900);
    await t.cancel(a.orderId);
    await until(control, a.id, 'CANCELLED');
    await until(control, b.id, 'NEW');

    const resumed = sseSubscribe(h.replicas[1]!, UPDATES, {
      token: erin.token,
      headers: { 'last-event-id': cursor },
    });
    const snapshot = await until(resumed, a.id, 'CANCELLED');
    const marked = resumed.results.map((r) => r.extensions?.resumed);
    expect(marked.every((m) => m?.outcome === 'RESYNC' && m.reason === 'GAP_NOT_LOGGED')).toBe(
      true,
    );
    // Each order changed since the cursor once, in its newest state, oldest change first,
    // from the REST re-read.
    expect(snapshot.map((u) => `${u.clientOrderId} ${u.status} ${u.source}`)).toEqual([
      `${b.id} NEW RESYNC`,
      `${a.id} CANCELLED RESYNC`,
    ]);
    const head = snapshot[0]!.cursor;
    expect(snapshot.every((u) => u.cursor === head)).toBe(true);
    expect(resumed.ids[0]).toBe(head);

    const c = await t.buy(2700);
    const got = await until(resumed, c.id, 'NEW');
    expect(got.slice(snapshot.length)).toEqual([
      { clientOrderId: c.id, status: 'NEW', source: 'STREAM', cursor: expect.any(String) },
    ]);
    expect(resumed.results.at(-1)!.extensions).toBeUndefined();
    const metric = await h.replicas[1]!.gateway.metrics.registry.getSingleMetricAsString(
      'svc_graphql_subscription_resumes_total',
    );
    expect(metric).toContain('svc_graphql_subscription_resumes_total{outcome="resync"} 1');
    resumed.stop();
    await controlClient.dispose();
  });
});
