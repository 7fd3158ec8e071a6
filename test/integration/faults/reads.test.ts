/**
 * Every fault mode against a read (`account`), through the real gateway over HTTP: the code
 * the caller gets, an answer within the timeout bound, a process that keeps serving, and
 * normal service as soon as the fault ends.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaultConfig } from '../../../src/sandbox/index.ts';
import {
  ACCOUNT,
  codes,
  eventually,
  type FaultStack,
  MARGIN_MS,
  READ_BOUND_MS,
  startFaultStack,
  TIMEOUT_MS,
} from './harness.ts';

const INFO = { paths: ['/v1/client/info'] };

let s: FaultStack;
beforeAll(async () => {
  s = await startFaultStack('faults-reads');
});
afterAll(() => s?.close());
beforeEach(() => {
  s.sandbox.setFaults(null);
  s.sandbox.resetRequestLog();
});

interface Case {
  name: string;
  faults: FaultConfig;
  /** Attempts the sandbox sees for one read (1 + retries when the gateway may retry). */
  attempts: number;
  /** Lower bound on the answer time (a timeout must actually be waited for). */
  atLeastMs?: number;
}

const UNAVAILABLE: Case[] = [
  {
    name: 'latency past the timeout',
    faults: { latencyMs: 2_000, match: INFO },
    attempts: 2,
    atLeastMs: 2 * TIMEOUT_MS,
  },
  { name: '5xx (JSON -1000)', faults: { status5xx: true, match: INFO }, attempts: 2 },
  {
    name: '503 after processing',
    faults: { status5xx: { status: 503 }, when: 'after', match: INFO },
    attempts: 2,
  },
  { name: 'HTML error page (502)', faults: { html: true, match: INFO }, attempts: 2 },
  { name: 'reset before processing', faults: { reset: 'before', match: INFO }, attempts: 2 },
  { name: 'reset after processing', faults: { reset: 'after', match: INFO }, attempts: 2 },
  // A 200 that is not the envelope is not retried: the next answer would likely be the same.
  {
    name: 'malformed JSON',
    faults: { malformedJson: true, when: 'after', match: INFO },
    attempts: 1,
  },
];

describe('a read answers UPSTREAM_UNAVAILABLE, bounded, then recovers', () => {
  it.each(UNAVAILABLE)('$name', async ({ faults, attempts, atLeastMs }) => {
    const caller = s.caller();
    s.sandbox.setFaults(faults);
    const { result, elapsedMs } = await s.gql(caller, ACCOUNT);

    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({ account: null });
    expect(codes(result.body)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(result.body.errors?.[0]?.message).toMatch(/^The upstream service/);
    expect(elapsedMs).toBeLessThan(READ_BOUND_MS + MARGIN_MS);
    if (atLeastMs) expect(elapsedMs).toBeGreaterThanOrEqual(atLeastMs - 5);
    expect(s.sandbox.faultCount()).toBe(attempts);
    expect(await s.serving()).toBe(true);

    s.sandbox.setFaults(null);
    const after = await s.gql(caller, ACCOUNT);
    expect(after.result.body).toEqual({ data: { account: { id: caller.entry.accountId } } });
    // One attempt, no timeout waited for (a bound loose enough for a busy machine).
    expect(after.elapsedMs).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
  });

  it('latency under the timeout is only slow: the read succeeds', async () => {
    const caller = s.caller();
    s.sandbox.setFaults({ latencyMs: TIMEOUT_MS / 3, match: INFO });
    const { result, elapsedMs } = await s.gql(caller, ACCOUNT);
    expect(result.body).toEqual({ data: { account: { id: caller.entry.accountId } } });
    expect(elapsedMs).toBeGreaterThanOrEqual(TIMEOUT_MS / 3 - 5);
  });

  it('one failed attempt is retried: a single 5xx costs the caller nothing', async () => {
    const caller = s.caller();
    s.sandbox.setFaults({ status5xx: true, match: INFO, count: 1 });
    const { result } = await s.gql(caller, ACCOUNT);
    expect(result.body).toEqual({ data: { account: { id: caller.entry.accountId } } });
    expect(s.sandbox.faultCount()).toBe(1);
  });

  it('an outage on every path: /ready says upstream down, /health stays up, then both recover', async () => {
    const caller = s.caller();
    s.sandbox.setFaults({ status5xx: { status: 503 } });
    const ready = await fetch(`${s.gw.adminOrigin}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ checks: { upstream: 'down' } });
    expect(codes((await s.gql(caller, ACCOUNT)).result.body)).toEqual(['UPSTREAM_UNAVAILABLE']);
    expect(await s.serving()).toBe(true);

    s.sandbox.setFaults(null);
    // /ready reuses a result for 1 s: poll until the recovery shows.
    await expect
      .poll(async () => (await fetch(`${s.gw.adminOrigin}/ready`)).status, { timeout: 5_000 })
      .toBe(200);
    expect((await s.gql(caller, ACCOUNT)).result.body.errors).toBeUndefined();
  });
});

describe('a 429 burst', () => {
  it('answers RATE_LIMITED with the Retry-After, calls nobody until then, then recovers', async () => {
    const caller = s.caller();
    s.sandbox.setFaults({ rateLimitBurst: { retryAfterSec: 1 }, match: INFO });
    const { result, elapsedMs } = await s.gql(caller, ACCOUNT);
    expect(codes(result.body)).toEqual(['RATE_LIMITED']);
    expect(result.body.errors?.[0]?.extensions).toMatchObject({ retryAfterMs: 1_000 });
    expect(elapsedMs).toBeLessThan(READ_BOUND_MS + MARGIN_MS);
    expect(s.sandbox.faultCount()).toBe(1);

    // Inside the window the gateway answers from its block, without calling the upstream.
    const blocked = await s.gql(caller, ACCOUNT);
    expect(codes(blocked.result.body)).toEqual(['RATE_LIMITED']);
    const retryAfterMs = blocked.result.body.errors?.[0]?.extensions?.retryAfterMs as number;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(1_000);
    expect(s.sandbox.faultCount()).toBe(1);
    // Another account is not blocked by this one's 429.
    const other = s.caller();
    s.sandbox.setFaults(null);
    expect((await s.gql(other, ACCOUNT)).result.body.errors).toBeUndefined();

    const started = performance.now();
    const served = await eventually(
      async () => {
        const { result: r } = await s.gql(caller, ACCOUNT);
        return r.body.errors ? undefined : r.body;
      },
      1_000 + MARGIN_MS,
      'service after the Retry-After',
    );
    expect(served).toEqual({ data: { account: { id: caller.entry.accountId } } });
    expect(performance.now() - started).toBeLessThanOrEqual(retryAfterMs + MARGIN_MS);
  });
});

describe('a skewed server clock', () => {
  it.each([
    ['10 minutes ahead', 600_000],
    ['an hour behind', -3_600_000],
  ])('%s: reads succeed, the gateway learns the offset', async (_label, skew) => {
    const caller = s.caller();
    s.sandbox.setFaults({ clockSkewMs: skew });
    const { result, elapsedMs } = await s.gql(caller, ACCOUNT);
    expect(result.body).toEqual({ data: { account: { id: caller.entry.accountId } } });
    expect(elapsedMs).toBeLessThan(READ_BOUND_MS + MARGIN_MS);
    expect(Math.abs(s.gw.gateway.upstream.health().clockOffsetMs - skew)).toBeLessThan(1_000);
    // The first attempt, signed in host time, was refused; the re-signed one accepted.
    const log = () => s.sandbox.requestLog.filter((e) => e.accountId === caller.entry.accountId);
    expect(log().map((e) => [e.status, e.code])).toEqual([
      [401, -1002],
      [200, undefined],
    ]);
    // Once learned, requests are signed in server time: no more refusals.
    expect((await s.gql(caller, ACCOUNT)).result.body.errors).toBeUndefined();
    expect(log().filter((e) => e.status === 401)).toHaveLength(1);

    s.sandbox.setFaults(null);
    expect((await s.gql(caller, ACCOUNT)).result.body.errors).toBeUndefined();
  });
});
