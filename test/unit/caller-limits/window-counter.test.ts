import { describe, expect, it } from 'vitest';
import { createRequestBudget } from '../../../src/caller-limits/request-budget.ts';
import { WindowCounter } from '../../../src/caller-limits/window-counter.ts';

describe('WindowCounter', () => {
  it('allows `points` requests per key and window, then answers the time to the reset', () => {
    const clock = { now: 1_000 };
    const counter = new WindowCounter({ points: 2, windowMs: 10_000, now: () => clock.now });
    expect(counter.take('a')).toBeUndefined();
    expect(counter.overMs('a')).toBe(0);
    clock.now += 4_000;
    expect(counter.take('a')).toBeUndefined();
    expect(counter.overMs('a')).toBe(6_000);
    expect(counter.take('a')).toBe(6_000);
    expect(counter.take('b')).toBeUndefined();
    clock.now += 6_000;
    expect(counter.overMs('a')).toBe(0);
    expect(counter.take('a')).toBeUndefined();
  });

  it('holds at most maxKeys keys, dropping the oldest', () => {
    const counter = new WindowCounter({ points: 1, windowMs: 60_000, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) counter.take(`10.0.${i >> 8}.${i & 255}`);
    expect(counter.size).toBe(100);
    // The last keys are still counted; the first were dropped and start again.
    expect(counter.take('10.0.39.15')).toBeGreaterThan(0);
    expect(counter.take('10.0.0.0')).toBeUndefined();
  });

  it('block() marks a key over until the given time', () => {
    const clock = { now: 0 };
    const counter = new WindowCounter({ points: 0, windowMs: 1_000, now: () => clock.now });
    expect(counter.overMs('x')).toBe(0);
    counter.block('x', 2_500);
    expect(counter.overMs('x')).toBe(2_500);
    clock.now = 2_500;
    expect(counter.overMs('x')).toBe(0);
  });
});

describe('createRequestBudget without Redis', () => {
  it('answers synchronously: no promise on the request path', () => {
    const clock = { now: 0 };
    const budget = createRequestBudget({
      points: 1,
      windowMs: 1_000,
      keyPrefix: 't',
      now: () => clock.now,
    });
    expect(budget.take('ip')).toBeUndefined();
    expect(budget.blockedMs('ip')).toBe(1_000);
    expect(budget.take('ip')).toBe(1_000);
    clock.now = 1_000;
    expect(budget.take('ip')).toBeUndefined();
  });
});
