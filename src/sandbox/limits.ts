/**
 * The limits of the contract's rows (`contract/endpoints.ts`: the spec's Limits table, the
 * facts, else 10 per second per account), enforced per route string with a sliding window on
 * the sandbox clock. Over the limit: 429 -1003 with `Retry-After` (seconds).
 */
import type { SpecLimit } from '../contract/endpoint-types.ts';
import { TOO_MANY_REQUESTS } from '../contract/errors.ts';
import { ApiError } from './errors.ts';

export type LimitRule = Pick<SpecLimit, 'limit' | 'windowMs' | 'scope'>;

interface Who {
  accountId?: string | undefined;
  ip: string;
}

export interface Charge {
  /** e.g. `POST /v1/order` */
  route: string;
  rule: LimitRule;
  /** Requests this charge counts as. */
  cost: number;
}

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
  hit(route: string, rule: LimitRule, who: Who): void {
    this.charge([{ route, rule, cost: 1 }], who);
  }

  /**
   * Spends every charge, or none: when any budget lacks room (a batch whose items also spend
   * the create-order budget), throws 429 naming that route and records nothing.
   */
  charge(charges: readonly Charge[], who: Who): void {
    const now = this.clock();
    const windows = charges.map((c) => ({ ...c, ...this.window(c, who, now) }));
    for (const { route, rule, cost, hits, limit } of windows) {
      const used = hits.times.length - hits.head;
      if (used + cost <= limit) continue;
      // Room for `cost` once the oldest (used + cost − limit) hits have left the window.
      const freeing = Math.min(hits.head + used + cost - limit - 1, hits.times.length - 1);
      const retryMs = (hits.times[freeing] ?? now) + rule.windowMs - now;
      throw new ApiError(
        TOO_MANY_REQUESTS,
        `too many requests: ${route} allows ${limit} per ${rule.windowMs / 1000} s per ${rule.scope.replace('_', ' and ')}`,
        undefined,
        { 'Retry-After': String(Math.max(1, Math.ceil(retryMs / 1000))) },
      );
    }
    for (const { hits, cost } of windows) {
      // Appends, unless the clock went back (tests): then inserts in order.
      let at = hits.times.length;
      while (at > hits.head && hits.times[at - 1]! > now) at--;
      hits.times.splice(at, 0, ...Array<number>(cost).fill(now));
    }
  }

  /** The live hits of a charge's key, expired ones skipped. */
  private window(charge: Charge, who: Who, now: number): { hits: HitWindow; limit: number } {
    const { rule } = charge;
    const subject =
      rule.scope === 'ip'
        ? `ip:${who.ip}`
        : rule.scope === 'account'
          ? `account:${who.accountId?.toLowerCase()}`
          : `account:${who.accountId?.toLowerCase()}|ip:${who.ip}`;
    const key = `${charge.route}|${subject}`;
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
    return { hits, limit: Math.max(1, Math.round(rule.limit * this.scale)) };
  }

  reset(): void {
    this.hits.clear();
  }
}
