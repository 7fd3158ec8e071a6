/** When a switch is renewed and with which delay (src/cancel-on-disconnect/schedule.ts). */
import { describe, expect, it } from 'vitest';
import {
  claimTtlMs,
  effectiveAfterMs,
  renewEveryMs,
  triggerTimeOf,
} from '../../../src/cancel-on-disconnect/schedule.ts';

describe('renewEveryMs', () => {
  it('renews at least three times per delay and at most RENEW_MS apart', () => {
    expect(renewEveryMs(5_000, 10_000)).toBe(1_666);
    expect(renewEveryMs(30_000, 10_000)).toBe(10_000);
    expect(renewEveryMs(900_000, 10_000)).toBe(10_000);
    expect(renewEveryMs(5_000, 200)).toBe(200);
    for (const afterMs of [5_000, 7_777, 60_000, 900_000]) {
      for (const renew of [100, 1_000, 10_000, 900_000]) {
        expect(3 * renewEveryMs(afterMs, renew)).toBeLessThanOrEqual(afterMs);
      }
    }
  });

  it('lets the claim lapse before its holder ticks again', () => {
    for (const every of [1, 100, 1_666, 10_000]) {
      expect(claimTtlMs(every)).toBeLessThan(Math.max(2, every));
      expect(claimTtlMs(every)).toBeGreaterThan(0);
    }
    expect(claimTtlMs(200)).toBe(160);
  });
});

describe('effectiveAfterMs', () => {
  it('is the shortest delay asked, none without sessions', () => {
    expect(effectiveAfterMs([30_000, 5_000, 60_000])).toBe(5_000);
    expect(effectiveAfterMs(new Map([['a', 9_000]]).values())).toBe(9_000);
    expect(effectiveAfterMs([])).toBeUndefined();
  });
});

describe('triggerTimeOf', () => {
  it('reads expected_trigger_time as a number or a string of ms', () => {
    expect(triggerTimeOf('1718000005000', 1)).toBe(1_718_000_005_000);
    expect(triggerTimeOf(1_718_000_005_000, 1)).toBe(1_718_000_005_000);
    expect(triggerTimeOf('soon', 42)).toBe(42);
    expect(triggerTimeOf('0', 42)).toBe(42);
  });
});
