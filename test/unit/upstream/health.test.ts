/** StoreHealth: fallbacks on failure, and the suspension that keeps a hung store off the path. */
import { describe, expect, it } from 'vitest';
import { StoreHealth } from '../../../src/upstream/health.ts';

const fail = (ms: number) => () =>
  new Promise<string>((_, reject) => setTimeout(() => reject(new Error('Command timed out')), ms));
const ok = async () => 'store';
const fallback = () => 'fallback';

describe('StoreHealth', () => {
  it('falls back on a fast failure without suspending the store', async () => {
    const health = new StoreHealth(() => 0, { slowMs: 50, suspendMs: 10_000 });
    expect(await health.guard(fail(0), fallback)).toBe('fallback');
    expect(health.snapshot()).toMatchObject({ healthy: false, suspendedMs: 0 });
    // The very next call tries the store again, and its success marks it healthy.
    expect(await health.guard(ok, fallback)).toBe('store');
    expect(health.snapshot()).toMatchObject({ healthy: true, suspendedMs: 0 });
  });

  it('suspends the store after a slow failure, then lets one probe through at a time', async () => {
    const health = new StoreHealth(() => 0, { slowMs: 20, suspendMs: 60 });
    let calls = 0;
    const counted = (op: () => Promise<string>) => () => {
      calls++;
      return op();
    };
    expect(await health.guard(counted(fail(30)), fallback)).toBe('fallback');
    expect(health.snapshot().suspendedMs).toBeGreaterThan(0);
    // Suspended: straight to the fallback, the store is not touched.
    const started = performance.now();
    expect(await health.guard(counted(ok), fallback)).toBe('fallback');
    expect(performance.now() - started).toBeLessThan(15);
    expect(calls).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 70));
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
    expect(calls).toBe(2);
    expect(health.snapshot()).toMatchObject({ healthy: true, suspendedMs: 0 });
    expect(await health.guard(counted(ok), fallback)).toBe('store');
  });

  it('a failed probe suspends the store again, however fast it failed', async () => {
    const health = new StoreHealth(() => 0, { slowMs: 20, suspendMs: 40 });
    await health.guard(fail(25), fallback);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await health.guard(fail(0), fallback)).toBe('fallback');
    expect(health.snapshot().suspendedMs).toBeGreaterThan(0);
  });
});
