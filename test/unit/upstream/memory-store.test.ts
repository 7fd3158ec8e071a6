import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { EXPIRY_STEPS_PER_WRITE as K } from '../../../src/upstream/stores/expiring-keys.ts';
import { createStore } from '../../../src/upstream/stores/index.ts';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';

describe('memory store: incremental expiry', () => {
  it('forgets expired entries that are never read again', async () => {
    let now = 1_000_000;
    const store = createMemoryStore({ now: () => now });
    for (let i = 0; i < 1000; i++) await store.set(`order:${i}`, 'x', 1_000);
    expect(store.sizes().entries).toBe(1000);
    now += 2_000;
    // Writes of another key do the expiry work; the expired orders are never read.
    for (let i = 0; i < 1100; i++) await store.hset('account', `f${i % 10}`, 'y', 60_000);
    expect(store.sizes()).toMatchObject({ entries: 1, expired: 1000, evicted: 0 });
    expect(await store.hget('account', 'f3')).toBe('y');
  });

  it('does at most K expiry steps per write, and none on live keys', async () => {
    let now = 1_000_000;
    const store = createMemoryStore({ now: () => now });
    for (let i = 0; i < 1000; i++) await store.set(`due:${i}`, 'x', 1_000);
    for (let i = 0; i < 10; i++) await store.set(`live:${i}`, 'x', 60_000);
    now += 1_000;
    await store.set('new:1', 'x', 60_000);
    expect(store.sizes()).toMatchObject({ entries: 1010 - K + 1, expired: K });
    await store.setIfAbsent('new:2', 'x', 60_000);
    expect(store.sizes()).toMatchObject({ entries: 1010 - 2 * K + 2, expired: 2 * K });
    for (let i = 0; i < 1000 / K; i++) await store.set('new:1', 'x', 60_000);
    expect(store.sizes()).toMatchObject({ entries: 12, expired: 1000 });
    for (let i = 0; i < 10; i++) expect(await store.get(`live:${i}`)).toBe('x');
  });

  it('follows a key whose expiry moved: later TTLs, hash extensions, no TTL', async () => {
    let now = 1_000_000;
    const store = createMemoryStore({ now: () => now });
    // A key whose expiry moved later must not hide one that is due from the expiry work.
    await store.set('first', 'a', 100);
    await store.hset('second', 'f', '1', 200);
    await store.set('first', 'a', 100_000);
    now += 300;
    await store.set('tick', 'x', 1);
    expect(store.sizes()).toMatchObject({ entries: 2, expired: 1 });
    await store.hset('first', 'f', '1', 100); // a string becomes a hash, expiring sooner
    await store.set('second', 'b', 200);
    await store.hset('first', 'g', '1', 100_000);
    now += 300;
    await store.set('tick', 'x', 1);
    expect(store.sizes()).toMatchObject({ entries: 2, expired: 3 }); // first, tick
    expect(await store.hgetall('first')).toEqual({ f: '1', g: '1' });
    await store.del(['first', 'tick']);

    await store.set('moved', 'a', 100);
    await store.set('moved', 'b', 10_000);
    await store.hset('hash', 'f', '1', 100);
    await store.hset('hash', 'g', '2', 10_000);
    await store.set('kept', 'c', 100);
    await store.set('kept', 'd');
    now += 5_000;
    for (let i = 0; i < 10; i++) await store.set(`other:${i}`, 'x', 1);
    expect(await store.get('moved')).toBe('b');
    expect(await store.hgetall('hash')).toEqual({ f: '1', g: '2' });
    expect(await store.get('kept')).toBe('d');
    now += 10_000;
    for (let i = 0; i < 10; i++) await store.set('tick', 'x', 1);
    expect(store.sizes().entries).toBe(2); // `kept` and `tick`
    expect(await store.get('kept')).toBe('d');
  });

  it('forgets idle limiter windows a few per call', async () => {
    let now = 5_000_000;
    const store = createMemoryStore({ now: () => now });
    for (let i = 0; i < 1000; i++) await store.consume(`rl:${i}`, 10, 1_000, now);
    expect(store.sizes().windows).toBe(1000);
    now += 999;
    await store.consume('rl:busy', 1_000, 1_000, now);
    expect(store.sizes().windows).toBe(1001); // none idle yet
    now += 1;
    await store.consume('rl:busy', 1_000, 1_000, now);
    expect(store.sizes().windows).toBe(1001 - K);
    for (let i = 0; i < 1000 / K; i++) await store.consume('rl:busy', 1_000, 1_000, now);
    expect(store.sizes().windows).toBe(1);
    // A forgotten window starts afresh: its old calls are out of the window anyway.
    expect(await store.consume('rl:7', 1, 1_000, now)).toMatchObject({ allowed: true });
  });

  it('keeps a window while its latest call is in it, and follows a changed window length', async () => {
    const store = createMemoryStore();
    const T = 1_700_000_000_000;
    await store.consume('rl:long', 5, 1_000, T);
    await store.consume('rl:long', 5, 60_000, T + 500);
    for (let i = 0; i < 20; i++) await store.consume('rl:other', 1_000, 1_000, T + 30_000);
    expect(store.sizes().windows).toBe(2);
    expect((await store.consume('rl:long', 2, 60_000, T + 30_000)).allowed).toBe(false);
  });

  it('forgets blocks once they end, a few per call', async () => {
    const store = createMemoryStore();
    const T = 1_700_000_000_000;
    for (let i = 0; i < 100; i++) await store.block(`rl:${i}`, T + 1_000, T);
    await store.block('rl:long', T + 60_000, T);
    expect(store.sizes().blocks).toBe(101);
    await store.block('rl:1', T + 500, T + 999); // never shortens, forgets nothing yet
    expect(store.sizes().blocks).toBe(101);
    await store.consume('rl:free', 10, 1_000, T + 1_000);
    expect(store.sizes().blocks).toBe(101 - K);
    for (let i = 0; i < 100 / K; i++) await store.consume('rl:free', 1_000, 1_000, T + 1_000);
    expect(store.sizes().blocks).toBe(1);
    expect(await store.blockedFor('rl:long', T + 1_000)).toBe(59_000);
    expect(await store.blockedFor('rl:1', T + 1_000)).toBe(0);
  });
});

describe('memory store: bound', () => {
  it('holds under a flood of distinct keys, evicting the key closest to expiring', async () => {
    const now = 1_000_000;
    const store = createMemoryStore({ now: () => now, maxEntries: 100 });
    await store.set('published', 'p'); // no TTL: never evicted
    for (let i = 0; i < 99; i++) await store.set(`early:${i}`, 'x', 1_000 + i);
    await store.set('late', 'x', 10_000_000);
    // The soonest to expire went: early:0, not the newest nor the longest-lived.
    expect(await store.get('early:0')).toBeNull();
    expect(await store.get('early:1')).toBe('x');
    expect(await store.get('late')).toBe('x');
    for (let i = 0; i < 10_000; i++) {
      await store.setIfAbsent(`flood:${i}`, 'x', 5_000 + i);
      expect(store.sizes().entries).toBeLessThanOrEqual(100);
    }
    expect(store.sizes()).toMatchObject({ entries: 100, evicted: 10_001, expired: 0 });
    expect(await store.get('published')).toBe('p');
    expect(await store.get('late')).toBe('x');
    expect(await store.get('early:98')).toBeNull();
    expect(await store.get('flood:9901')).toBeNull();
    expect(await store.get('flood:9902')).toBe('x');
    expect(await store.get('flood:9999')).toBe('x');
  });

  it('evicts nothing to overwrite a key, and refuses a new key when none has a TTL', async () => {
    const store = createMemoryStore({ maxEntries: 2 });
    await store.set('a', '1');
    await store.hset('b', 'f', '1');
    await store.set('a', '2');
    await store.hset('b', 'g', '2');
    await expect(store.set('c', '1', 1_000)).rejects.toThrow(/memory store full/);
    expect(await store.get('a')).toBe('2');
    expect(await store.hgetall('b')).toEqual({ f: '1', g: '2' });
    expect(store.sizes()).toMatchObject({ entries: 2, evicted: 0 });
  });

  it('bounds limiter windows and blocks too', async () => {
    const store = createMemoryStore({ maxEntries: 10 });
    const T = 1_700_000_000_000;
    for (let i = 0; i < 50; i++) {
      await store.consume(`rl:${i}`, 5, 1_000 + i, T);
      await store.block(`rl:${i}`, T + 1_000 + i, T);
    }
    expect(store.sizes()).toMatchObject({ windows: 10, blocks: 10, evicted: 80 });
    expect(await store.blockedFor('rl:49', T)).toBe(1_049);
    expect(await store.blockedFor('rl:0', T)).toBe(0);
  });
});

describe('createStore without REDIS_URL', () => {
  it('applies MEMORY_STORE_MAX_KEYS and counts evictions in svc_memory_store_evictions_total', async () => {
    const registry = new Registry();
    const store = createStore({ url: undefined, keyPrefix: 'svc' }, { maxKeys: 2, registry });
    const evictions = async () =>
      (await registry.getSingleMetric('svc_memory_store_evictions_total')!.get()).values[0]?.value;
    expect(await evictions()).toBe(0);
    for (let i = 0; i < 5; i++) await store.set(`k${i}`, 'v', 60_000 + i);
    expect(await evictions()).toBe(3);
    await store.set('k5', 'v', 60_000);
    expect(await evictions()).toBe(4);
    expect(await store.get('k4')).toBe('v');
    await store.close();
  });
});
