/** The readiness probe: statuses, the result cache on an injected clock, shared checks, timeout. */
import { describe, expect, it } from 'vitest';
import { createReadiness } from '../../../src/admin/readiness.ts';

function counted(answer: () => Promise<boolean>) {
  const check = Object.assign(
    () => {
      check.calls++;
      return answer();
    },
    { calls: 0 },
  );
  return check;
}

describe('createReadiness', () => {
  it('reuses one result for cacheMs on its clock, then checks again', async () => {
    let now = 0;
    const redis = counted(async () => true);
    const ready = createReadiness({ checks: { redis }, cacheMs: 1_000, now: () => now });
    expect(await ready()).toEqual({
      httpStatus: 200,
      body: { status: 'ready', checks: { redis: 'ok' } },
    });
    now = 999;
    await ready();
    expect(redis.calls).toBe(1);
    now = 1_000;
    await ready();
    expect(redis.calls).toBe(2);
  });

  it('shares the check in flight among concurrent probes', async () => {
    let release: (ok: boolean) => void = () => {};
    const upstream = counted(() => new Promise<boolean>((resolve) => (release = resolve)));
    const ready = createReadiness({ checks: { upstream }, cacheMs: 0 });
    const probes = [ready(), ready(), ready()];
    release(true);
    expect((await Promise.all(probes)).map((p) => p.httpStatus)).toEqual([200, 200, 200]);
    expect(upstream.calls).toBe(1);
  });

  it('counts a check that never answers as down after timeoutMs', async () => {
    const ready = createReadiness({
      checks: { upstream: () => new Promise<boolean>(() => {}) },
      timeoutMs: 10,
    });
    expect(await ready()).toEqual({
      httpStatus: 503,
      body: { status: 'not_ready', checks: { upstream: 'down' } },
    });
  });

  it('degrades on a degradable check, and drains whatever is cached', async () => {
    let draining = false;
    const ready = createReadiness({
      checks: { redis: async () => false, upstream: async () => true },
      degradable: ['redis'],
      isDraining: () => draining,
      cacheMs: 60_000,
    });
    expect(await ready()).toEqual({
      httpStatus: 200,
      body: { status: 'degraded', checks: { redis: 'down', upstream: 'ok' } },
    });
    draining = true;
    expect((await ready()).body.status).toBe('draining');
    expect((await ready()).httpStatus).toBe(503);
  });

  it('reports a check that throws as down', async () => {
    const ready = createReadiness({ checks: { upstream: () => Promise.reject(new Error('x')) } });
    expect((await ready()).body.checks).toEqual({ upstream: 'down' });
  });
});
