import { describe, expect, it } from 'vitest';
import { ShardedMap } from '../../../src/upstream/stores/sharded-map.ts';

describe('ShardedMap', () => {
  it('keeps values and an exact size across its shards', () => {
    const map = new ShardedMap<number>();
    const key = (i: number) => `{a:${i % 7}}:key:${i}`;
    for (let i = 0; i < 10_000; i++) map.set(key(i), i);
    map.set(key(3), -3); // an overwrite, not a new key
    expect(map.size).toBe(10_000);
    expect(map.get(key(3))).toBe(-3);
    expect(map.get(key(9_999))).toBe(9_999);
    expect(map.get(key(10_000))).toBeUndefined();
    expect(map.delete(key(9_998))).toBe(true);
    expect(map.delete(key(9_998))).toBe(false);
    expect(map.size).toBe(9_999);
    // Long keys are hashed by their two ends: keys differing in the middle still coexist.
    const long = (c: string) => `${'x'.repeat(30)}${c}${'y'.repeat(30)}`;
    map.set(long('a'), 1);
    map.set(long('b'), 2);
    expect([map.get(long('a')), map.get(long('b'))]).toEqual([1, 2]);
    map.clear();
    expect(map.size).toBe(0);
    expect(map.get(key(3))).toBeUndefined();
  });
});
