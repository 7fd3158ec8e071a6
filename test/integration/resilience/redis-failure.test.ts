// @module-tag redis-server
/**
 * Redis failure, end to end: a gateway on a redis-server of the test's own, which the test
 * kills, freezes and restarts mid-run. While Redis is down reads go upstream uncached, the
 * upstream budget falls back to this replica's share (GATEWAY_REPLICAS=2: 5 of the 10
 * account-info calls per 60 s), /ready answers 200 "degraded", and no request hangs; when
 * Redis is back, caching and the shared budget resume without a restart.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { hashTag } from '../../../src/upstream/keys.ts';
import {
  codes,
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';
import { type RedisProcess, startRedisProcess, waitFor } from './redis-process.ts';

const ACCOUNT = '{ account { id } }';
/** No request may take longer than this while Redis is down (command timeout is 1 s). */
const BOUND_MS = 1_500;

describe('Redis stops and comes back during a run', () => {
  let redis: RedisProcess;
  let sandbox: Sandbox;
  let gw: Running;
  const callers: TestCaller[] = Array.from({ length: 5 }, (_, i) =>
    makeCaller(`trader-${i}`, 'trader'),
  );
  const [before, during, frozen, after, spare] = callers as [
    TestCaller,
    TestCaller,
    TestCaller,
    TestCaller,
    TestCaller,
  ];
  const prefix = uniquePrefix('redis-failure');
  const infoCalls = (c: TestCaller) =>
    sandbox.requestCount({ path: '/v1/client/info', accountId: c.entry.accountId });
  const ready = async () => {
    const response = await fetch(`${gw.adminOrigin}/ready`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const timed = async (caller: TestCaller, query = ACCOUNT) => {
    const started = performance.now();
    const result = await gw.gql(query, { token: caller.token });
    return { ...result, ms: performance.now() - started };
  };

  beforeAll(async () => {
    redis = await startRedisProcess();
    sandbox = await createSandbox();
    registerCallers(sandbox, callers);
    gw = await startGateway({
      prefix,
      upstreamUrl: sandbox.url,
      keystore: { principals: callers.map((c) => c.entry) },
      env: {
        REDIS_URL: redis.url,
        GATEWAY_REPLICAS: '2',
        UPSTREAM_BUDGET_WAIT_MS: '0',
        CACHE_TTL_ACCOUNT_MS: '60000',
      },
    });
  });
  afterAll(async () => {
    try {
      await gw?.close();
      await sandbox?.close();
    } finally {
      await redis?.close(); // the process goes whatever closing the gateway does
    }
  });

  it('with Redis up: reads are cached in Redis and /ready is ready', async () => {
    expect((await timed(before)).body.data).toEqual({ account: { id: before.entry.accountId } });
    expect((await timed(before)).body.data).toEqual({ account: { id: before.entry.accountId } });
    expect(infoCalls(before)).toBe(1);
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { redis: 'ok', upstream: 'ok' } },
    });
  });

  it('Redis killed: uncached reads, the per-replica budget share, /ready degraded, no hang', async () => {
    await redis.kill();
    // Readiness: still 200 (the replica serves), but the degradation is named.
    await waitFor(async () => (await ready()).body.status === 'degraded', '/ready degraded');
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'degraded', checks: { redis: 'down', upstream: 'ok' } },
    });

    // The value cached before is out of reach: the read goes to the upstream.
    const reread = await timed(before);
    expect(reread.body.data).toEqual({ account: { id: before.entry.accountId } });
    expect(infoCalls(before)).toBe(2);

    // 8 reads: every allowed one reaches the upstream (no cache), and only floor(10 / 2) = 5
    // are allowed — the budget falls back to this replica's share, never to no limit.
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await timed(during));
    const allowed = results.filter((r) => r.body.data?.account);
    const limited = results.filter((r) => codes(r.body).includes('RATE_LIMITED'));
    expect(allowed).toHaveLength(5);
    expect(limited).toHaveLength(3);
    for (const r of limited) {
      expect(r.body.errors?.[0]?.extensions?.retryAfterMs).toBeGreaterThan(0);
    }
    expect(infoCalls(during)).toBe(5);
    expect(sandbox.requestLog.filter((e) => e.status === 429)).toEqual([]);

    // Nothing hangs: every request answered within the bound.
    for (const r of [reread, ...results]) expect(r.ms).toBeLessThan(BOUND_MS);
    expect(gw.gateway.upstream.health().store).toMatchObject({ kind: 'redis', healthy: false });
  });

  it('Redis hung (SIGSTOP): requests and /ready answer in bounded time, later ones at once', async () => {
    await redis.start();
    await waitFor(async () => (await ready()).body.status === 'ready', '/ready after restart');
    redis.freeze();
    try {
      // The first store command gives up after its 1 s timeout and suspends the store, so the
      // rest of the request (budget, cache write) and the next requests skip it.
      const result = await timed(frozen);
      expect(result.body.data).toEqual({ account: { id: frozen.entry.accountId } });
      expect(result.ms).toBeLessThan(2_000);
      expect(gw.gateway.upstream.health().store.suspendedMs).toBeGreaterThan(0);
      const next = await timed(frozen);
      expect(next.body.data).toEqual({ account: { id: frozen.entry.accountId } });
      expect(next.ms).toBeLessThan(500);
      const started = performance.now();
      const probe = await ready();
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(probe).toEqual({
        status: 200,
        body: { status: 'degraded', checks: { redis: 'down', upstream: 'ok' } },
      });
    } finally {
      redis.thaw();
    }
  });

  it('Redis restarted: cache and the shared budget resume without restarting the gateway', async () => {
    await redis.kill();
    await redis.start();
    await waitFor(async () => (await ready()).body.status === 'ready', '/ready after restart');
    // The suspension after the hang is over: the next store call probes Redis again.
    await waitFor(() => gw.gateway.upstream.health().store.suspendedMs === 0, 'suspension over');
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { redis: 'ok', upstream: 'ok' } },
    });

    // Cached again: three reads, one upstream call.
    for (let i = 0; i < 3; i++) {
      expect((await timed(after)).body.data).toEqual({ account: { id: after.entry.accountId } });
    }
    expect(infoCalls(after)).toBe(1);
    expect(gw.gateway.upstream.health().store.healthy).toBe(true);

    // The budget lives in Redis again (not in the in-process fallback): its window log and the
    // cache entry are there, under the account's hash tag.
    expect((await timed(spare, '{ withdrawNonce }')).body.data?.withdrawNonce).toBeDefined();
    const raw = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      const tag = (c: TestCaller) => hashTag({ kind: 'account', accountId: c.entry.accountId });
      expect(await raw.exists(`${prefix}:${tag(after)}:cache:accountInfo`)).toBe(1);
      expect(await raw.zcard(`${prefix}:${tag(after)}:rl:client_info`)).toBe(1);
      expect(await raw.zcard(`${prefix}:${tag(spare)}:rl:withdraw_nonce`)).toBe(1);
    } finally {
      raw.disconnect();
    }
  });
});
