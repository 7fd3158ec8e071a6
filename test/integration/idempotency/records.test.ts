// @module-tag redis
/**
 * The idempotency records' contract, the same on the memory store and on real Redis (two
 * clients of one server, as two replicas see it): SET NX and compare-and-set, then the record
 * life (claim, in-flight, done, unknown, takeover after the lease, release, TTL).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { IdempotencyRecords } from '../../../src/idempotency/records.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';
import { createRedisStore } from '../../../src/upstream/stores/redis.ts';
import type { Store } from '../../../src/upstream/stores/store.ts';
import { dropPrefix, REDIS_URL, rawRedis, uniquePrefix } from '../../helpers/redis.ts';

interface Harness {
  name: string;
  /** Two views of one store (two replicas). */
  stores: [Store, Store];
  /** Lets `ms` pass on the records' clock (and the memory store's). */
  pass(ms: number): void;
  now(): number;
  cleanup(): Promise<void>;
}

function memoryHarness(): Harness {
  let clock = 1_700_000_000_000;
  const store = createMemoryStore({ now: () => clock });
  return {
    name: 'memory',
    stores: [store, store],
    pass: (ms) => {
      clock += ms;
    },
    now: () => clock,
    cleanup: () => store.close(),
  };
}

function redisHarness(): Harness {
  const prefix = uniquePrefix('idem-records');
  const stores: [Store, Store] = [
    createRedisStore({ url: REDIS_URL, keyPrefix: prefix }),
    createRedisStore({ url: REDIS_URL, keyPrefix: prefix }),
  ];
  // Leases compare with the records' clock; Redis TTLs run in real time (tested by polling).
  let skew = 0;
  return {
    name: 'redis',
    stores,
    pass: (ms) => {
      skew += ms;
    },
    now: () => Date.now() + skew,
    cleanup: async () => {
      const raw = rawRedis();
      await dropPrefix(raw, prefix);
      raw.disconnect();
      await Promise.all(stores.map((s) => s.close()));
    },
  };
}

for (const h of [memoryHarness(), redisHarness()]) {
  describe(`idempotency records on ${h.name}`, () => {
    const [one, two] = h.stores;
    const a = new IdempotencyRecords({ store: one, now: () => h.now() });
    const b = new IdempotencyRecords({ store: two, now: () => h.now() });
    afterAll(() => h.cleanup());
    let n = 0;
    const key = () => `{a:test}:idem:order:k${++n}`;

    it('setIfAbsent sets once; compareAndSet replaces or deletes only the expected value', async () => {
      const k = key();
      expect(await one.setIfAbsent(k, 'v1', 60_000)).toBe(true);
      expect(await two.setIfAbsent(k, 'v2', 60_000)).toBe(false);
      expect(await two.get(k)).toBe('v1');
      expect(await two.compareAndSet(k, 'other', 'v3', 60_000)).toBe(false);
      expect(await two.compareAndSet(k, 'v1', 'v3', 60_000)).toBe(true);
      expect(await one.get(k)).toBe('v3');
      expect(await one.compareAndSet(k, 'v1', null, 60_000)).toBe(false);
      expect(await one.compareAndSet(k, 'v3', null, 60_000)).toBe(true);
      expect(await two.get(k)).toBeNull();
      expect(await two.compareAndSet(k, 'v3', 'v4', 60_000)).toBe(false);
      expect(await two.get(k)).toBeNull();
    });

    it('setIfAbsent and compareAndSet give the key a time to live', async () => {
      const k = key();
      expect(await one.setIfAbsent(k, 'v', 40)).toBe(true);
      h.pass(41);
      await vi.waitFor(async () => expect(await two.get(k)).toBeNull(), { timeout: 2_000 });
      expect(await one.setIfAbsent(k, 'w', 60_000)).toBe(true);
      expect(await one.compareAndSet(k, 'w', 'x', 40)).toBe(true);
      h.pass(41);
      await vi.waitFor(async () => expect(await two.get(k)).toBeNull(), { timeout: 2_000 });
    });

    it('of concurrent claims exactly one owns the key; the others see it in flight', async () => {
      const k = key();
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).claim(k, 'fp', 5_000)),
      );
      expect(claims.filter((c) => c.kind === 'owner')).toHaveLength(1);
      expect(claims.filter((c) => c.kind === 'in-flight')).toHaveLength(19);
    });

    it('claims a new key in one store round trip (SET NX), reading only a taken one', async () => {
      const calls: string[] = [];
      const counted = new Proxy(one, {
        get: (target, name, receiver) => {
          const value = Reflect.get(target, name, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            calls.push(String(name));
            return value.apply(target, args);
          };
        },
      });
      const records = new IdempotencyRecords({ store: counted, now: () => h.now() });
      const k = key();
      expect((await records.claim(k, 'fp', 5_000)).kind).toBe('owner');
      expect(calls).toEqual(['setIfAbsent']);
      calls.length = 0;
      expect((await records.claim(k, 'fp', 5_000)).kind).toBe('in-flight');
      expect(calls).toEqual(['setIfAbsent', 'get']);
    });

    it('done replays the outcome to the same fingerprint and refuses another', async () => {
      const k = key();
      const claim = await a.claim(k, 'fp', 5_000);
      if (claim.kind !== 'owner') throw new Error(claim.kind);
      expect(await b.claim(k, 'other', 5_000)).toEqual({ kind: 'mismatch' });
      expect(await a.complete(claim.lease, { order_id: 7 })).toBe(true);
      expect(await b.claim(k, 'fp', 5_000)).toEqual({ kind: 'done', outcome: { order_id: 7 } });
      expect(await b.claim(k, 'other', 5_000)).toEqual({ kind: 'mismatch' });
      expect(await b.read(k)).toEqual({
        state: 'done',
        fingerprint: 'fp',
        outcome: { order_id: 7 },
      });
    });

    it('an unknown outcome is taken over by the next claim, which says so', async () => {
      const k = key();
      const first = await a.claim(k, 'fp', 5_000);
      if (first.kind !== 'owner') throw new Error(first.kind);
      expect(await a.markUnknown(first.lease)).toBe(true);
      expect(await b.claim(k, 'other', 5_000)).toEqual({ kind: 'mismatch' });
      const retry = await b.claim(k, 'fp', 5_000);
      expect(retry).toMatchObject({ kind: 'owner', lease: { previous: 'unknown' } });
    });

    it('an expired lease is taken over; the old owner can no longer write', async () => {
      const k = key();
      const first = await a.claim(k, 'fp', 1_000);
      if (first.kind !== 'owner') throw new Error(first.kind);
      expect(await b.claim(k, 'fp', 1_000)).toMatchObject({ kind: 'in-flight' });
      h.pass(1_001);
      const second = await b.claim(k, 'fp', 1_000);
      expect(second).toMatchObject({ kind: 'owner', lease: { previous: 'expired' } });
      expect(await a.complete(first.lease, 'late')).toBe(false);
      expect(await a.release(first.lease)).toBe(false);
      if (second.kind !== 'owner') throw new Error(second.kind);
      expect(await b.complete(second.lease, 'mine')).toBe(true);
      expect(await a.claim(k, 'fp', 1_000)).toEqual({ kind: 'done', outcome: 'mine' });
    });

    it('release frees the key for a new claim with any fingerprint', async () => {
      const k = key();
      const first = await a.claim(k, 'fp', 5_000);
      if (first.kind !== 'owner') throw new Error(first.kind);
      expect(await a.release(first.lease)).toBe(true);
      expect(await a.read(k)).toBeNull();
      expect(await b.claim(k, 'another', 5_000)).toMatchObject({
        kind: 'owner',
        lease: { previous: 'none' },
      });
    });

    it('records expire after their time to live', async () => {
      const short = new IdempotencyRecords({ store: one, ttlMs: 50, now: () => h.now() });
      const k = key();
      const claim = await short.claim(k, 'fp', 5_000);
      if (claim.kind !== 'owner') throw new Error(claim.kind);
      await short.complete(claim.lease, 1);
      h.pass(51);
      await vi.waitFor(async () => expect(await b.read(k)).toBeNull(), { timeout: 2_000 });
    });
  });
}
