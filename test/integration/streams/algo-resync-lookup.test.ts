/**
 * The algo half of a resync against the in-process sandbox and the real stream hub, with no
 * read-back margin: an algo order open when the stream came up (never pushed), cancelled in a
 * gap, is in neither list a resync reads (final, created before the gap) and is looked up by
 * id; when the algo read of a resync fails, the next resync still delivers it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoAccount } from '../../../src/sandbox/demo.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { createUpstreamClient, type UpstreamClient } from '../../../src/upstream/client.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';
import type { AccountStreamEvent } from '../../../src/upstream/stream/index.ts';
import { StreamHub, wsBaseOf } from '../../../src/upstream/stream/index.ts';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { algo, ETH, stop } from '../sandbox/algo.ts';
import { testConfig } from '../upstream/harness.ts';

let sandbox: Sandbox;
let client: UpstreamClient;
let hub: StreamHub;

beforeAll(async () => {
  sandbox = await createSandbox({ limits: false });
  client = createUpstreamClient({
    baseUrl: sandbox.url,
    store: createMemoryStore(),
    config: testConfig({ budgetWaitMs: 2_000, circuit: { failures: 0, cooldownMs: 5_000 } }),
  });
  hub = new StreamHub({
    wsBase: wsBaseOf(sandbox.url),
    forAccount: (c) => client.forAccount(c),
    invalidate: (id, groups) => client.invalidate(id, groups),
    graceMs: 20,
    backoff: { baseMs: 5, capMs: 20 },
    resync: { marginMs: 0 },
  });
});
afterAll(async () => {
  hub.close();
  await client.close();
  await sandbox.close();
});

const control = async (path: string, body?: unknown) => {
  const r = await fetch(`${sandbox.url}/sandbox${path}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(r.status).toBe(200);
};

describe('algo resync lookups', () => {
  it('looks up a tree that ended in a gap, and reads it again after a failed read', async () => {
    const { credentials, seed } = generateDemoAccount('demo', 'trader');
    sandbox.registerAccount(seed);
    const id = credentials.accountId;
    const trader = new SandboxClient(sandbox.url, credentials);
    const early = await algo(trader, stop('SELL', 2500));
    const placedAt = Date.now();
    // The stream comes up in a later millisecond: the gap reads begin after `early` was created.
    await expect.poll(() => Date.now(), { interval: 1 }).toBeGreaterThan(placedAt);
    const events: AccountStreamEvent[] = [];
    const release = hub.watchAccount(credentials, (e) => events.push(e));
    const algoOf = (n: number) =>
      events.flatMap((e) => (e.type === 'algo' && e.order.algoOrderId === n ? [e.order] : []));
    const gap = async (resyncs: number, inGap: () => Promise<void>) => {
      await control('/connections/drop', { refuse: true });
      await expect.poll(() => hub.accountReady(id), { interval: 5 }).toBe(false);
      await inGap();
      await control('/connections/accept');
      await expect.poll(() => hub.resyncs(id), { interval: 5 }).toBe(resyncs);
    };
    try {
      await expect.poll(() => hub.accountReady(id), { interval: 5 }).toBe(true);
      // Pushed after the seed read (pushes wait behind it).
      const later = await algo(trader, stop('SELL', 2400));
      await expect.poll(() => algoOf(later).length, { interval: 5 }).toBe(1);
      const lookups = () =>
        sandbox.requestCount({ method: 'GET', path: `/v1/algo/order/${early}`, accountId: id });
      // First gap: the cancel happens, but every algo list read of the resync fails.
      sandbox.setFaults({
        status5xx: true,
        match: { methods: ['GET'], paths: ['/v1/algo/orders'] },
      });
      try {
        await gap(1, async () => {
          const r = await trader.cancel('/v1/algo/order', { order_id: String(early), symbol: ETH });
          expect(r.status, r.text).toBe(200);
        });
      } finally {
        sandbox.setFaults(null);
      }
      expect(algoOf(early)).toEqual([]);
      expect(hub.resyncStats.algoOrders).toBe(0);
      // Second gap, nothing new in it: the failed gap is read, `early` looked up by id.
      await gap(2, async () => {});
      expect(algoOf(early)).toEqual([
        expect.objectContaining({ status: 'CANCELLED', source: 'resync' }),
      ]);
      expect(lookups()).toBe(1);
      expect(algoOf(later)).toHaveLength(1);
      expect(hub.resyncStats.algoOrders).toBe(1);
    } finally {
      release();
      await control('/connections/accept');
    }
  });
});
