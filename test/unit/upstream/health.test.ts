/**
 * StoreHealth: fallbacks on failure, and the suspension that keeps a hung store off the path.
 * Time is a manual monotonic clock: a "slow" store operation advances it, nothing sleeps.
 */
import { describe, expect, it } from 'vitest';
import { StoreHealth } from '../../../src/upstream/health.ts';

function setup(options: { slowMs: number; suspendMs: number }) {
  let now = 0;
  const clock = {
    advance: (ms: number) => {
      now += ms;
    },
  };
  const health = new StoreHealth(() => 0, { ...options, monotonic: () => now });
  /** A store operation that fails after taking `ms` of clock time. */
  const fail = (ms: number) => async (): Promise<string> => {
    clock.advance(ms);
    throw new Error('Command timed out');
  };
  let calls = 0;
  const counted = (op: () => Promise<string>) => () => {
    calls++;
    return op();
  };
  return { health, clock, fail, counted, calls: () => calls };
}
const ok = async () => 'store';
const fallback = () => 'fallback';

describe('StoreHealth', () => {
  it('falls back on a fast failure without suspending the store', async () => {
    const { health, fail } = setup({ slowMs: 50, suspendMs: 10_000 });
    expect(await health.guard(fail(49), fallback)).toBe('fallback');
    expect(health.snapshot()).toMatchObject({ healthy: false, suspendedMs: 0 });
    // The very next call tries the store again, and its success marks it healthy.
    expect(await health.guard(ok, fallback)).toBe('store');
    expect(health.snapshot()).toMatchObject({ healthy: true, suspendedMs: 0 });
  });

  it('suspends the store after a slow failure, then lets one probe through at a time', async () => {
    const { health, clock, fail, counted, calls } = setup({ slowMs: 20, suspendMs: 60 });
    expect(await health.guard(counted(fail(20)), fallback)).toBe('fallback');
    expect(health.snapshot()).toMatchObject({ healthy: false, suspendedMs: 60 });
    // Suspended: straight to the fallback, the store is not touched.
    clock.advance(59);
    expect(await health.guard(counted(ok), fallback)).toBe('fallback');
    expect(calls()).toBe(1);
    expect(health.snapshot().suspendedMs).toBe(1);

    clock.advance(1);
    expect(health.snapshot().suspendedMs).toBe(0);
    // One probe at a time: a call arriving while the probe runs takes the fallback.
    let release: (value: string) => void = () => {};
    const probe = health.guard(
      counted(() => new Promise<string>((resolve) => (release = resolve))),
      fallback,
    );
    expect(await health.guard(counted(ok), fallback)).toBe('fallback');
    release('store');
    expect(await probe).toBe('store');
    expect(calls()).toBe(2);
    expect(health.snapshot()).toMatchObject({ healthy: true, suspendedMs: 0 });
    expect(await health.guard(counted(ok), fallback)).toBe('store');
    expect(calls()).toBe(3);
  });

  it('a failed probe suspends the store again, however fast it failed', async () => {
    const { health, clock, fail } = setup({ slowMs: 20, suspendMs: 40 });
    await health.guard(fail(25), fallback);
    clock.advance(40);
    expect(health.snapshot().suspendedMs).toBe(0);
    expect(await health.guard(fail(0), fallback)).toBe('fallback');
    expect(health.snapshot().suspendedMs).toBe(40);
  });
});
