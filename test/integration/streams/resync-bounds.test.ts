/**
 * The bounds of a resync, against the in-process sandbox and the real stream hub: a gap
 * larger than the page cap emits its newest changes and says so (stats, log); a failing read
 * is retried, and one that keeps failing is read again at the next resync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoAccount } from '../../../src/sandbox/demo.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { createUpstreamClient, type UpstreamClient } from '../../../src/upstream/client.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';
import type { AccountStreamEvent, OrderUpdateModel } from '../../../src/upstream/stream/index.ts';
import { StreamHub, wsBaseOf } from '../../../src/upstream/stream/index.ts';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { testConfig } from '../upstream/harness.ts';

let sandbox: Sandbox;
let client: UpstreamClient;
let hub: StreamHub;
const logs: { msg: string; fields?: Record<string, unknown> }[] = [];

beforeAll(async () => {
  sandbox = await createSandbox({ limits: false });
  client = createUpstreamClient({
    baseUrl: sandbox.url,
    store: createMemoryStore(),
    // No circuit: these failures are the resync's to retry, not a route's to cut off.
    config: testConfig({ budgetWaitMs: 2_000, circuit: { failures: 0, cooldownMs: 5_000 } }),
  });
  hub = new StreamHub({
    wsBase: wsBaseOf(sandbox.url),
    forAccount: (c) => client.forAccount(c),
    invalidate: (id, groups) => client.invalidate(id, groups),
    graceMs: 20,
    backoff: { baseMs: 5, capMs: 20 },
    resync: { pageSize: 2, maxPages: 2 },
    log: (msg, fields) => logs.push({ msg, ...(fields ? { fields } : {}) }),
  });
});
afterAll(async () => {
  hub.close();
  await client.close();
  await sandbox.close();
});

const control = (path: string, body?: unknown) =>
  fetch(`${sandbox.url}/sandbox${path}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A fresh account watched by the hub, with its stream up. */
async function watched() {
  const { credentials, seed } = generateDemoAccount('demo', 'trader');
  sandbox.registerAccount(seed);
  const events: AccountStreamEvent[] = [];
  const release = hub.watchAccount(credentials, (e) => events.push(e));
  const id = credentials.accountId;
  await expect.poll(() => hub.accountReady(id), { interval: 5 }).toBe(true);
  const trader = new SandboxClient(sandbox.url, credentials);
  let sequence = 0;
  const place = async () => {
    const r = await trader.order({
      symbol: 'PERP_ETH_USDC',
      order_type: 'LIMIT',
      side: 'BUY',
      order_price: 2900 + sequence,
      order_quantity: 1,
      client_order_id: `b${++sequence}`,
    });
    expect(r.status).toBe(200);
    return r.body.data.order_id as number;
  };
  const orders = (from = 0): OrderUpdateModel[] =>
    events.slice(from).flatMap((e) => (e.type === 'order' ? [e.order] : []));
  const drop = async () => {
    expect((await control('/connections/drop', { refuse: true })).status).toBe(200);
    await expect.poll(() => hub.accountReady(id), { interval: 5 }).toBe(false);
  };
  const reconnect = async (resyncs: number) => {
    expect((await control('/connections/accept')).status).toBe(200);
    await expect.poll(() => hub.resyncs(id), { timeout: 5_000, interval: 5 }).toBe(resyncs);
  };
  return { id, release, place, orders, drop, reconnect, events };
}

describe('resync bounds', () => {
  it('emits the newest changes of a gap past the page cap, and counts and logs it', async () => {
    const a = await watched();
    const truncated = hub.resyncStats.truncated;
    await a.drop();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await a.place());
    await a.reconnect(1);
    // 2 pages of 2: the four most recently updated, oldest first.
    expect(a.orders().map((o) => [o.orderId, o.status, o.source])).toEqual(
      ids.slice(2).map((id) => [id, 'NEW', 'resync']),
    );
    expect(hub.resyncStats.truncated).toBe(truncated + 1);
    expect(logs.map((l) => l.msg)).toContain(
      'upstream stream resync: gap too large, older order changes not emitted',
    );
    a.release();
  });

  it('retries a failing read, and reads a gap it gave up on at the next resync', async () => {
    const a = await watched();
    const failed = hub.resyncStats.failed;
    await a.drop();
    const lost = await a.place();
    // Every read of the first resync fails (5 attempts, each with the client's 2 retries).
    sandbox.setFaults({ status5xx: true, match: { methods: ['GET'], paths: ['/v1/orders'] } });
    try {
      expect((await control('/connections/accept')).status).toBe(200);
      await expect
        .poll(() => hub.resyncStats.failed, { timeout: 5_000, interval: 5 })
        .toBe(failed + 1);
    } finally {
      sandbox.setFaults(null);
    }
    expect(a.orders()).toEqual([]);
    expect(hub.resyncs(a.id)).toBe(0);
    // Pushes after that reconnect move "the last event seen" on; the lost gap is not forgotten.
    const pushed = await a.place();
    await expect.poll(() => a.orders().map((o) => o.orderId), { interval: 5 }).toEqual([pushed]);
    await a.drop();
    // The first attempt fails (the client's request and its 2 retries); the stream's retry reads both gaps.
    sandbox.setFaults({
      status5xx: true,
      match: { methods: ['GET'], paths: ['/v1/orders'] },
      count: 3,
    });
    await a.reconnect(1);
    expect(sandbox.faultCount()).toBe(3);
    sandbox.setFaults(null);
    expect(hub.resyncStats.failed).toBe(failed + 1);
    expect(a.orders().map((o) => [o.orderId, o.source])).toEqual([
      [pushed, 'stream'],
      [lost, 'resync'],
    ]);
    a.release();
  });
});
