// @module-tag redis
/**
 * One contract, two stores: memory and real Redis. Time-driven behaviour uses the limiter's
 * explicit `nowMs` and, for TTLs, the memory store's injected clock or Redis polling.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';
import { createRedisStore } from '../../../src/upstream/stores/redis.ts';
import type { Store } from '../../../src/upstream/stores/store.ts';
import { dropPrefix, REDIS_URL, rawRedis, uniquePrefix } from '../../helpers/redis.ts';

interface Harness {
  name: string;
  /** A store; `shared` stores see the same data (two clients of one Redis). */
  make(): Store;
  /** Lets `ms` of store time pass for TTL expiry (memory: clock; Redis: real time). */
  pass(ms: number): void;
  /** Redis only: the full key of a logical key. */
  fullKey?: (key: string) => string;
  cleanup(): Promise<void>;
}

const memoryHarness = (): Harness => {
  let clock = 1_000_000;
  const shared = createMemoryStore({ now: () => clock });
  return {
    name: 'memory',
    make: () => shared,
    pass: (ms) => {
      clock += ms;
    },
    cleanup: async () => shared.close(),
  };
};

const redisHarness = (): Harness => {
  const prefix = uniquePrefix('contract');
  const stores: Store[] = [];
  return {
    name: 'redis',
    make: () => {
      const store = createRedisStore({ url: REDIS_URL, keyPrefix: prefix });
      stores.push(store);
      return store;
    },
    pass: () => {},
    fullKey: (key) => `${prefix}:${key}`,
    cleanup: async () => {
      const raw = rawRedis();
      await dropPrefix(raw, prefix);
      raw.disconnect();
      await Promise.all(stores.map((s) => s.close()));
    },
  };
};

const eventually = (assertion: () => Promise<void>) =>
  vi.waitFor(assertion, { timeout: 2_000, interval: 10 });

for (const harness of [memoryHarness(), redisHarness()]) {
  describe(`Store contract: ${harness.name}`, () => {
    const store = harness.make();
    afterAll(() => harness.cleanup());
    const T = 1_700_000_000_000;

    it('answers ping', async () => {
      expect(await store.ping()).toBe(true);
      expect(store.kind).toBe(harness.name);
    });

    it('gets, sets and deletes strings; a TTL expires them', async () => {
      expect(await store.get('{a:1}:s')).toBeNull();
      await store.set('{a:1}:s', 'one');
      await store.set('{a:1}:t', 'two', 40);
      expect(await store.get('{a:1}:s')).toBe('one');
      expect(await store.get('{a:1}:t')).toBe('two');
      harness.pass(41);
      await eventually(async () => expect(await store.get('{a:1}:t')).toBeNull());
      expect(await store.del(['{a:1}:s', '{a:1}:missing', '{a:2}:s'])).toBe(1);
      expect(await store.get('{a:1}:s')).toBeNull();
    });

    it('keeps hash fields, deletes them one by one or with the key, expires them', async () => {
      await store.hset('{a:1}:h', 'x', '1');
      await store.hset('{a:1}:h', 'y', '2');
      expect(await store.hget('{a:1}:h', 'x')).toBe('1');
      expect(await store.hget('{a:1}:h', 'z')).toBeNull();
      expect(await store.hgetall('{a:1}:h')).toEqual({ x: '1', y: '2' });
      expect(await store.hdel('{a:1}:h', 'x')).toBe(1);
      expect(await store.hdel('{a:1}:h', 'x')).toBe(0);
      expect(await store.hgetall('{a:1}:h')).toEqual({ y: '2' });
      expect(await store.del(['{a:1}:h'])).toBe(1);
      expect(await store.hgetall('{a:1}:h')).toEqual({});

      await store.hset('{a:1}:hx', 'x', '1', 40);
      harness.pass(41);
      await eventually(async () => expect(await store.hget('{a:1}:hx', 'x')).toBeNull());
    });

    it('never shortens a hash TTL with a shorter one', async () => {
      await store.hset('{a:1}:long', 'a', '1', 60_000);
      await store.hset('{a:1}:long', 'b', '2', 30);
      harness.pass(100);
      if (harness.fullKey) {
        const raw = rawRedis();
        const ttl = await raw.pttl(harness.fullKey('{a:1}:long'));
        raw.disconnect();
        expect(ttl).toBeGreaterThan(50_000);
      }
      expect(await store.hgetall('{a:1}:long')).toEqual({ a: '1', b: '2' });
    });

    it('allows `limit` calls per sliding window and says when budget frees', async () => {
      const key = '{a:1}:rl:w';
      const results = [];
      for (const at of [0, 100, 200, 300]) results.push(await store.consume(key, 3, 1_000, T + at));
      expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
      expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
      expect(results[3]).toMatchObject({ retryAfterMs: 700, blocked: false });
      // At T+999 the call at T still counts; at T+1000 it has left the window.
      expect(await store.consume(key, 3, 1_000, T + 999)).toMatchObject({
        allowed: false,
        retryAfterMs: 1,
      });
      expect((await store.consume(key, 3, 1_000, T + 1_000)).allowed).toBe(true);
      expect((await store.consume(key, 3, 1_000, T + 1_050)).allowed).toBe(false);
      expect((await store.consume(key, 3, 1_000, T + 1_100)).allowed).toBe(true);
      // Other keys have their own budget.
      expect((await store.consume('{a:2}:rl:w', 3, 1_000, T + 300)).allowed).toBe(true);
    });

    it('ignores entries more than a window in the future (a badly skewed caller)', async () => {
      const key = '{a:1}:rl:skew';
      expect((await store.consume(key, 1, 1_000, T + 600_000)).allowed).toBe(true);
      expect((await store.consume(key, 1, 1_000, T)).allowed).toBe(true);
      expect((await store.consume(key, 1, 1_000, T + 10)).allowed).toBe(false);
    });

    it('refuses while blocked, never shortens a block, and reports it', async () => {
      const key = '{a:1}:rl:b';
      expect(await store.blockedFor(key, T)).toBe(0);
      await store.block(key, T + 5_000, T);
      await store.block(key, T + 1_000, T);
      expect(await store.blockedFor(key, T + 1_000)).toBe(4_000);
      expect(await store.consume(key, 10, 1_000, T + 2_000)).toEqual({
        allowed: false,
        retryAfterMs: 3_000,
        remaining: 0,
        blocked: true,
      });
      expect(await store.blockedFor(key, T + 5_000)).toBe(0);
      expect((await store.consume(key, 10, 1_000, T + 5_000)).allowed).toBe(true);
    });

    it('is atomic under concurrency, across clients of the same store', async () => {
      const other = harness.make();
      const key = '{a:1}:rl:race';
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          (i % 2 ? other : store).consume(key, 10, 60_000, T + i),
        ),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
    });
  });
}

describe('Redis store', () => {
  it('namespaces keys by prefix and keeps one hash tag per account', async () => {
    const [p1, p2] = [uniquePrefix('ns1'), uniquePrefix('ns2')];
    const a = createRedisStore({ url: REDIS_URL, keyPrefix: p1 });
    const b = createRedisStore({ url: REDIS_URL, keyPrefix: p2 });
    const raw = rawRedis();
    try {
      await a.set('{a:9}:k', 'from-a');
      expect(await b.get('{a:9}:k')).toBeNull();
      expect(await raw.get(`${p1}:{a:9}:k`)).toBe('from-a');
    } finally {
      await dropPrefix(raw, p1);
      raw.disconnect();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('fails fast, never hangs, when Redis is down', async () => {
    const store = createRedisStore({
      url: 'redis://127.0.0.1:1',
      keyPrefix: uniquePrefix('down'),
      connectTimeoutMs: 200,
      commandTimeoutMs: 300,
    });
    const started = performance.now();
    await expect(store.get('{a:1}:x')).rejects.toThrow();
    await expect(store.consume('{a:1}:rl', 1, 1_000, Date.now())).rejects.toThrow();
    expect(await store.ping()).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
    await store.close();
  });
});
