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

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

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
    const hits = (this.hits.get(key) ?? []).filter((t) => t > now - rule.windowMs);
    if (hits.length >= limit) {
      const retryMs = hits[0]! + rule.windowMs - now;
      this.hits.set(key, hits);
      throw new ApiError(
        -1003,
        `too many requests: ${route} allows ${limit} per ${rule.windowMs / 1000} s per ${rule.per.replace('_', ' and ')}`,
        undefined,
        { 'Retry-After': String(Math.max(1, Math.ceil(retryMs / 1000))) },
      );
    }
    hits.push(now);
    this.hits.set(key, hits);
  }

  reset(): void {
    this.hits.clear();
  }
}
