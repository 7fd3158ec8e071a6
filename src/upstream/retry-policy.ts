/**
 * Retry policy: a pure function of the failure, the operation's idempotency kind (catalog)
 * and the attempt count.
 *
 * - Rejected, unauthorized, malformed and rate-limited answers are never retried (a 429 is
 *   honoured by the budget layer instead, never hammered).
 * - Unavailable (timeout, connection, 5xx, -1000, -1011):
 *     · the request never left (connection refused, DNS, connect timeout): any operation;
 *     · it may have reached the upstream: GET only. Writes are not re-sent here; orders are
 *       reconciled by client_order_id in `orders.ts`.
 * - Delay: capped exponential backoff with equal jitter, in [d/2, d] for
 *   d = min(cap, base·2^(attempt−1)).
 * - Under the operation's deadline (deadline.ts): a backoff that cannot end before it is not
 *   begun, an abort ends it, and a deadline hit or an abort is never retried.
 * - A call failed fast by its route's open circuit (circuit.ts) is not retried: the retry
 *   would meet the same circuit.
 * - Retries never starve the budget: a retry is a *spare* attempt, which the budget layer
 *   lets through only while the route's window is less than half used ({@link spareLimit});
 *   it never waits for budget. The other half stays for callers' own requests, so the first
 *   request after an outage finds budget however many retries the outage caused. When the
 *   budget refuses a retry, the call fails with the failure it would have retried.
 */
import type { Idempotency } from './catalog.ts';
import { UnavailableError, type UpstreamError } from './errors.ts';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  max: number;
  baseMs: number;
  capMs: number;
}

export interface RetryInput {
  idempotency: Idempotency;
  /** Attempts made so far (1 after the first failure). */
  attempt: number;
  error: UpstreamError;
  /** False only when the request provably never reached the upstream. */
  sent: boolean;
}

export type RetryDecision = { retry: false } | { retry: true; delayMs: number };

export function backoffMs(attempt: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function retryDecision(
  input: RetryInput,
  policy: RetryPolicy,
  random: () => number = Math.random,
): RetryDecision {
  if (input.attempt > policy.max) return { retry: false };
  if (!(input.error instanceof UnavailableError)) return { retry: false };
  if (input.error.reason === 'circuit_open') return { retry: false };
  if (input.sent && input.idempotency !== 'read') return { retry: false };
  return { retry: true, delayMs: backoffMs(input.attempt, policy, random) };
}

/**
 * How many units of a budget of `limit` per window may be in use for a retry to take one:
 * half, rounded down. A route allowing 1 per window is never retried; 10 per 60 s retries
 * while fewer than 5 calls were made in the last minute.
 */
export const spareLimit = (limit: number): number => Math.floor(limit / 2);
