/**
 * The spec's Limits table, enforced per its key with a sliding window on the sandbox clock.
 * Endpoints without a documented limit get 10 requests per second per account (per IP when
 * public). Over the limit: 429 -1003 with `Retry-After` (seconds).
 */
import { ApiError } from './errors.ts';

export interface LimitRule {
  count: number;
  windowMs: number;
  per: 'account' | 'ip' | 'account_ip';
}

export const DEFAULT_LIMIT: LimitRule = { count: 10, windowMs: 1_000, per: 'account' };
export const DEFAULT_PUBLIC_LIMIT: LimitRule = { count: 10, windowMs: 1_000, per: 'ip' };

/** Hit times of one key, oldest first from `head` (expired ones are skipped, not copied). */
interface HitWindow {
  times: number[];
  head: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, HitWindow>();

  constructor(
    private readonly clock: () => number,
    private readonly scale: number,
  ) {}

  /** Counts one request of `route` (e.g. `GET /v1/client/info`); throws 429 when over. */
  hit(route: string, rule: LimitRule, who: { accountId?: string; ip: string }): void {
    const subject =
      rule.per === 'ip'
        ? `ip:${who.ip}`
        : rule.per === 'account'
          ? `account:${who.accountId?.toLowerCase()}`
          : `account:${who.accountId?.toLowerCase()}|ip:${who.ip}`;
    const key = `${route}|${subject}`;
    const now = this.clock();
    const limit = Math.max(1, Math.round(rule.count * this.scale));
    let hits = this.hits.get(key);
    if (!hits) {
      hits = { times: [], head: 0 };
      this.hits.set(key, hits);
    }
    // Times are kept sorted, so the expired ones are a prefix: amortised O(1) per hit, and a
    // raised limit (benchmarks, soak tests) costs no more than the documented one.
    const { times } = hits;
    while (hits.head < times.length && times[hits.head]! <= now - rule.windowMs) hits.head++;
    if (hits.head > 64 && hits.head * 2 > times.length) {
      hits.times = times.slice(hits.head);
      hits.head = 0;
    }
    if (hits.times.length - hits.head >= limit) {
      const retryMs = hits.times[hits.head]! + rule.windowMs - now;
      throw new ApiError(
        -1003,
        `too many requests: ${route} allows ${limit} per ${rule.windowMs / 1000} s per ${rule.per.replace('_', ' and ')}`,
        undefined,
        { 'Retry-After': String(Math.max(1, Math.ceil(retryMs / 1000))) },
      );
    }
    // Appends, unless the clock went back (tests): then inserts in order.
    let at = hits.times.length;
    while (at > hits.head && hits.times[at - 1]! > now) at--;
    hits.times.splice(at, 0, now);
  }

  reset(): void {
    this.hits.clear();
  }
}
