import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/upstream/stores/memory.ts';

describe('memory store housekeeping', () => {
  it('forgets expired entries that are never read again', async () => {
    let now = 1_000_000;
    const store = createMemoryStore({ now: () => now });
    for (let i = 0; i < 1000; i++) await store.set(`order:${i}`, 'x', 1_000);
    expect(store.sizes().entries).toBe(1000);
    now += 2_000;
    // Writes of other keys trigger the periodic sweep; the expired orders are never read.
    for (let i = 0; i < 1100; i++) await store.hset('account', `f${i % 10}`, 'y', 60_000);
    expect(store.sizes().entries).toBe(1);
    expect(await store.hget('account', 'f3')).toBe('y');
  });

  it('forgets idle limiter windows', async () => {
    let now = 5_000_000;
    const store = createMemoryStore({ now: () => now });
    for (let i = 0; i < 1000; i++) await store.consume(`rl:${i}`, 10, 1_000, now);
    expect(store.sizes().windows).toBe(1000);
    now += 5_000;
    for (let i = 0; i < 100; i++) await store.consume('rl:busy', 1_000, 1_000, now);
    expect(store.sizes().windows).toBe(1);
  });
});
