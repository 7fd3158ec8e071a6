import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/upstream/catalog.ts';
import { CircuitOpenError } from '../../../src/upstream/circuit.ts';
import {
  MalformedResponseError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  UpstreamRejectedError,
} from '../../../src/upstream/errors.ts';
import { backoffMs, retryDecision, spareLimit } from '../../../src/upstream/retry-policy.ts';

const policy = { max: 3, baseMs: 100, capMs: 1_000 };
const timeout = new UnavailableError('op', 'timeout', 'no response');
const serverError = new UnavailableError('op', 'server_error', 'HTTP 502');

describe('retryDecision', () => {
  it('retries a GET on every unavailable failure, up to max', () => {
    for (const error of [timeout, serverError, new UnavailableError('op', 'retry_later', 'x')]) {
      expect(
        retryDecision({ idempotency: 'read', attempt: 1, error, sent: true }, policy).retry,
      ).toBe(true);
    }
    expect(
      retryDecision({ idempotency: 'read', attempt: 3, error: timeout, sent: true }, policy).retry,
    ).toBe(true);
    expect(
      retryDecision({ idempotency: 'read', attempt: 4, error: timeout, sent: true }, policy),
    ).toEqual({
      retry: false,
    });
  });

  it('never retries a write that may have reached the upstream', () => {
    for (const idempotency of ['order', 'naturally-idempotent', 'keyed', 'once'] as const) {
      expect(
        retryDecision({ idempotency, attempt: 1, error: timeout, sent: true }, policy),
      ).toEqual({
        retry: false,
      });
      expect(
        retryDecision({ idempotency, attempt: 1, error: serverError, sent: true }, policy).retry,
      ).toBe(false);
    }
  });

  it('retries any operation when the request provably never left', () => {
    const refused = new UnavailableError('op', 'connection', 'ECONNREFUSED');
    expect(
      retryDecision({ idempotency: 'order', attempt: 1, error: refused, sent: false }, policy)
        .retry,
    ).toBe(true);
  });

  it('never retries answers: rejected, unauthorized, malformed, rate limited', () => {
    for (const error of [
      new UpstreamRejectedError('op', -1005, 'bad', 400),
      new UnauthorizedError('op', -1002, 'expired'),
      new MalformedResponseError('op', 200, 'not JSON'),
      new RateLimitedError('op', 1_000, 'upstream'),
    ]) {
      expect(retryDecision({ idempotency: 'read', attempt: 1, error, sent: true }, policy)).toEqual(
        {
          retry: false,
        },
      );
      expect(
        retryDecision({ idempotency: 'read', attempt: 1, error, sent: false }, policy).retry,
      ).toBe(false);
    }
  });

  it('never retries a call its open circuit failed fast (nothing was sent)', () => {
    const open = new CircuitOpenError('accountInfo', 4_000);
    for (const idempotency of ['read', 'order', 'naturally-idempotent'] as const) {
      expect(retryDecision({ idempotency, attempt: 1, error: open, sent: false }, policy)).toEqual({
        retry: false,
      });
    }
  });

  it('with max 0 never retries', () => {
    expect(
      retryDecision(
        { idempotency: 'read', attempt: 1, error: timeout, sent: false },
        { ...policy, max: 0 },
      ),
    ).toEqual({ retry: false });
  });
});

describe('spareLimit: retries keep half of every budget', () => {
  it('lets a retry take a unit only while less than half the window is used', () => {
    expect([1, 2, 3, 10, 30, 10_000].map(spareLimit)).toEqual([0, 1, 1, 5, 15, 5_000]);
  });

  it('leaves every budgeted route of the catalog a reserve for callers', () => {
    for (const op of Object.values(CATALOG)) {
      if (!op.limit) continue;
      const reserve = op.limit.limit - spareLimit(op.limit.limit);
      expect(reserve, op.name).toBeGreaterThanOrEqual(1);
      expect(reserve, op.name).toBeGreaterThanOrEqual(op.limit.limit / 2);
    }
    // The route of the issue: 10 per 60 s, retried while fewer than 5 calls were made.
    expect(spareLimit(CATALOG.accountInfo.limit?.limit ?? 0)).toBe(5);
  });
});

describe('backoffMs', () => {
  it('grows exponentially, is capped, and jitters within [d/2, d]', () => {
    expect([1, 2, 3, 4, 5, 10].map((a) => backoffMs(a, policy, () => 1))).toEqual([
      100, 200, 400, 800, 1_000, 1_000,
    ]);
    expect([1, 2, 3, 5].map((a) => backoffMs(a, policy, () => 0))).toEqual([50, 100, 200, 500]);
    const samples = Array.from({ length: 200 }, () => backoffMs(3, policy, Math.random));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(200);
    expect(Math.max(...samples)).toBeLessThanOrEqual(400);
    expect(new Set(samples).size).toBeGreaterThan(10);
  });
});
