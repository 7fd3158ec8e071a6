/**
 * The screens' clock on a fake clock: book frames tick at once, other changes ride the next
 * book frame while frames come (and tick on their own when the book is quiet), and ticks are
 * never closer than the interval.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TickClock } from '../../../src/screen/tick-clock.ts';

function clock() {
  const ticks: number[] = [];
  /** The book frame each tick shows (the last one given). */
  const shown: number[] = [];
  const state = { book: 0 };
  const c = new TickClock(
    100,
    (at) => {
      ticks.push(at);
      shown.push(state.book);
    },
    Date.now,
  );
  return { c, ticks, shown, state };
}

describe('TickClock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks each book frame at once, a mark move between two riding the next one', async () => {
    const { c, ticks, shown, state } = clock();
    const start = Date.now();
    for (let k = 1; k <= 10; k++) {
      state.book = k;
      c.book(Date.now());
      await vi.advanceTimersByTimeAsync(30);
      c.changed(); // the mark moved
      await vi.advanceTimersByTimeAsync(70);
    }
    // One tick per book frame, at its time (a tick for the mark at +100 would have held
    // every later frame back).
    expect(ticks).toEqual(Array.from({ length: 10 }, (_, k) => start + k * 100));
    expect(shown).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('ticks a change at once when the book is quiet, and after the interval when it is not', async () => {
    const { c, ticks } = clock();
    c.changed();
    expect(ticks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(40);
    c.changed();
    expect(c.pending).toBe(true);
    await vi.advanceTimersByTimeAsync(60);
    expect(ticks).toEqual([1_000_000, 1_000_100]);
  });

  it('lets the book start again at once after a change of its own, then follows its frames', async () => {
    const { c, ticks, shown, state } = clock();
    c.changed(); // the mark, the book quiet
    await vi.advanceTimersByTimeAsync(30);
    for (let k = 1; k <= 5; k++) {
      state.book = k;
      c.book(Date.now());
      await vi.advanceTimersByTimeAsync(100);
    }
    // Held behind the mark's tick, every frame would have come 70 ms late.
    expect(ticks).toEqual([0, 30, 130, 230, 330, 430].map((ms) => 1_000_000 + ms));
    expect(shown).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('waits for the next book frame up to a second interval, then ticks on its own', async () => {
    const { c, ticks } = clock();
    c.book(Date.now());
    await vi.advanceTimersByTimeAsync(10);
    c.changed();
    await vi.advanceTimersByTimeAsync(189);
    expect(ticks).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(ticks).toEqual([1_000_000, 1_000_200]);
  });

  it('never ticks twice within the interval, whatever comes', async () => {
    const { c, ticks } = clock();
    for (let ms = 0; ms < 2_000; ms += 5) {
      if (ms % 10 === 0) c.book(Date.now());
      else c.changed();
      await vi.advanceTimersByTimeAsync(5);
    }
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(100);
    expect(ticks.length).toBeGreaterThanOrEqual(15);
  });
});
