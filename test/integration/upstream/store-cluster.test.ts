// @module-tag redis-server
// @module-tag redis
/**
 * The Redis store on a real three-node Redis Cluster: every account's keys share one hash
 * slot, so the Lua limiter and the cache run without CROSSSLOT errors, and the client works
 * end to end against the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTag } from '../../../src/upstream/keys.ts';
import { createStore } from '../../../src/upstream/stores/index.ts';
import type { Store } from '../../../src/upstream/stores/store.ts';
import { uniquePrefix } from '../../helpers/redis.ts';
import { type Harness, startHarness } from './harness.ts';
import { startCluster, type TestCluster } from './redis-cluster.ts';

describe('Redis Cluster store', () => {
  let cluster: TestCluster;
  let store: Store;
  let h: Harness;
  beforeAll(async () => {
    cluster = await startCluster();
    store = createStore({ url: cluster.url, keyPrefix: uniquePrefix('cluster') });
    h = await startHarness();
  }, 40_000);
  afterAll(async () => {
    // The cluster's processes are stopped whatever closing the clients does.
    try {
      await h?.close();
      await store?.close();
    } finally {
      await cluster?.stop();
    }
  });

  it('runs the limiter, blocks and hashes for accounts on every slot', async () => {
    expect(store.kind).toBe('redis');
    expect(await store.ping()).toBe(true);
    const T = 1_700_000_000_000;
    const tags = Array.from({ length: 12 }, (_, i) =>
      hashTag({ kind: 'account', accountId: `0x${i}` }),
    );
    for (const tag of tags) {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          store.consume(`${tag}:rl:client_info`, 3, 60_000, T + i),
        ),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(3);
      await store.block(`${tag}:rl:x`, T + 5_000, T);
      expect(await store.consume(`${tag}:rl:x`, 3, 1_000, T)).toMatchObject({ blocked: true });
      await store.hset(`${tag}:cache:referralAdminInfo`, 'page=1', 'v', 5_000);
      expect(await store.hget(`${tag}:cache:referralAdminInfo`, 'page=1')).toBe('v');
    }
    expect(await store.del(tags.map((tag) => `${tag}:cache:referralAdminInfo`))).toBe(tags.length);
  });

  it('backs the upstream client: cache hits and the shared budget', async () => {
    const trader = h.account();
    const client = h.client({ store });
    await client.forAccount(trader).accountInfo();
    await client.forAccount(trader).accountInfo();
    expect(h.sandbox.requestCount({ path: '/v1/client/info', accountId: trader.accountId })).toBe(
      1,
    );
    expect(client.events.map((e) => e.cache)).toEqual(['miss', 'hit']);
    expect(client.health().store.healthy).toBe(true);
  });
});
