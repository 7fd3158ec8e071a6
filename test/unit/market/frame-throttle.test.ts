/** Book frames: at most one per interval, the first after a quiet spell at once. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameThrottle } from '../../../src/market/frame-throttle.ts';

describe('FrameThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('emits a change after a quiet interval at once', () => {
    const emit = vi.fn();
    const t = new FrameThrottle(100, emit);
    t.changed();
    expect(emit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(150);
    t.changed();
    expect(emit).toHaveBeenCalledTimes(2);
  });

  it('merges changes within an interval into one emission at its end', () => {
    const emit = vi.fn();
    const t = new FrameThrottle(100, emit);
    t.changed(); // at 0
    vi.advanceTimersByTime(10);
    t.changed();
    t.changed();
    vi.advanceTimersByTime(80);
    expect(emit).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10); // 100 ms after the first
    expect(emit).toHaveBeenCalledTimes(2);
  });

  it('never exceeds one emission per interval under a flood of changes', () => {
    const emit = vi.fn();
    const t = new FrameThrottle(100, emit);
    // 1,000 changes a second for 3 s.
    for (let ms = 0; ms < 3_000; ms++) {
      t.changed();
      vi.advanceTimersByTime(1);
    }
    expect(emit.mock.calls.length).toBeLessThanOrEqual(31);
    expect(emit.mock.calls.length).toBeGreaterThanOrEqual(29);
  });

  it('cancel drops a pending emission; close stops it for good', () => {
    const emit = vi.fn();
    const t = new FrameThrottle(100, emit);
    t.changed();
    t.changed();
    t.cancel();
    vi.advanceTimersByTime(500);
    expect(emit).toHaveBeenCalledTimes(1);
    t.close();
    t.changed();
    vi.advanceTimersByTime(500);
    expect(emit).toHaveBeenCalledTimes(1);
  });
});
