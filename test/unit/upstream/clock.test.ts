import { describe, expect, it } from 'vitest';
import { ServerClock } from '../../../src/upstream/clock.ts';

describe('ServerClock', () => {
  it('signs in host time until it learns, then in server time', () => {
    let host = 1_000_000;
    const clock = new ServerClock(() => host);
    expect(clock.now()).toBe(1_000_000);
    expect(clock.learned).toBe(false);
    // Server is 10 minutes behind; the response took 40 ms (midpoint 20 ms after sending).
    clock.observe({ bodyTimestamp: 1_000_020 - 600_000 }, 1_000_000, 1_000_040);
    expect(clock.offsetMs).toBe(-600_000);
    host += 5_000;
    expect(clock.now()).toBe(1_005_000 - 600_000);
  });

  it('uses the Date header only until an envelope timestamp is known', () => {
    const clock = new ServerClock(() => 0);
    const date = new Date(Date.UTC(2025, 0, 1, 0, 0, 10)).toUTCString();
    const host = Date.UTC(2025, 0, 1, 0, 0, 0);
    clock.observe({ dateHeader: date }, host, host);
    expect(clock.offsetMs).toBe(10_500); // mid-second of the truncated header
    clock.observe({ bodyTimestamp: host + 10_123 }, host, host);
    expect(clock.offsetMs).toBe(10_123);
    // A coarse header within its resolution does not override the precise sample…
    clock.observe({ dateHeader: date }, host, host);
    expect(clock.offsetMs).toBe(10_123);
    // …but one that disagrees by more does (the host clock jumped).
    clock.observe({ dateHeader: new Date(host + 70_000).toUTCString() }, host, host);
    expect(clock.offsetMs).toBe(70_500);
    clock.observe({ dateHeader: 'garbage' }, host, host);
    expect(clock.offsetMs).toBe(70_500);
  });
});
