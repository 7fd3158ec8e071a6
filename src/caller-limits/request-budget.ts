/**
 * A request budget: at most `points` requests per key and window, counted before anything is
 * parsed (src/plugins/use-request-budget.ts). Without Redis it counts in process, synchronously.
 * With Redis the replicas share one count (rate-limiter-flexible's RateLimiterRedis, a fixed
 * window from the key's first request), and a key the store has refused is remembered here
 * until its window resets, so a flooding client costs no store round trip per request. While
 * Redis fails the count falls back to this replica's share (points / replicas), switched by
 * StoreHealth as the caller limits are (`limiter.ts`).
 */
import type { Cluster, Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes, RLWrapperTimeouts } from 'rate-limiter-flexible';
import { StoreHealth } from '../upstream/health.ts';
import { WindowCounter } from './window-counter.ts';

export interface RequestBudgetOptions {
  /** Requests one key may make per window. */
  points: number;
  /** Window length, whole seconds. */
  windowMs: number;
  /** Shared store; absent: this process counts alone. */
  redis?: Redis | Cluster;
  /** Redis key prefix of this budget (`svc:budget:anon`). */
  keyPrefix: string;
  /** Replicas sharing the budget: the fallback's divisor while Redis fails. @default 1 */
  replicas?: number;
  /** Keys each in-process map holds at most. @default 100_000 */
  maxKeys?: number;
  /** Wall-clock milliseconds of the in-process counts (tests). @default Date.now */
  now?: () => number;
}

/** `undefined`: within the budget; a number: refused, milliseconds until the key may send again. */
export type BudgetAnswer = number | undefined;

export interface RequestBudget {
  readonly points: number;
  readonly windowMs: number;
  /** Milliseconds until `key` may send again when this process knows it is spent, else 0 (no store call). */
  blockedMs(key: string): number;
  /** Counts one request of `key`. Synchronous without Redis, and for a key known spent. */
  take(key: string): BudgetAnswer | Promise<BudgetAnswer>;
}

/** Past this a Redis call counts as a slow failure (as in `limiter.ts`). */
const REDIS_TIMEOUT_MS = 500;

export function createRequestBudget(options: RequestBudgetOptions): RequestBudget {
  const { points, windowMs, redis } = options;
  const counter = (share: number) =>
    new WindowCounter({
      points: share,
      windowMs,
      ...(options.maxKeys ? { maxKeys: options.maxKeys } : {}),
      ...(options.now ? { now: options.now } : {}),
    });
  if (!redis) {
    const local = counter(points);
    return {
      points,
      windowMs,
      blockedMs: (key) => local.overMs(key),
      take: (key) => local.take(key),
    };
  }
  const fallback = counter(Math.max(1, Math.floor(points / Math.max(1, options.replicas ?? 1))));
  const spent = counter(0);
  const health = new StoreHealth(Date.now, { slowMs: REDIS_TIMEOUT_MS - 50, suspendMs: 5_000 });
  const shared = new RLWrapperTimeouts({
    limiter: new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: options.keyPrefix,
      points,
      duration: Math.max(1, Math.ceil(windowMs / 1_000)),
      rejectIfRedisNotReady: true,
    }),
    timeoutMs: REDIS_TIMEOUT_MS,
  });
  const consume = async (key: string): Promise<BudgetAnswer> => {
    try {
      const res = await shared.consume(key, 1);
      // Its last request: the next ones are refused here, without asking the store.
      if (res.remainingPoints <= 0) spent.block(key, Math.max(1, res.msBeforeNext));
      return undefined;
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection; // a store error
      const ms = Math.max(1, rejection.msBeforeNext);
      spent.block(key, ms);
      return ms;
    }
  };
  const blockedMs = (key: string) => Math.max(spent.overMs(key), fallback.overMs(key));
  return {
    points,
    windowMs,
    blockedMs,
    take(key) {
      const known = spent.overMs(key);
      if (known > 0) return known;
      return health.guard(
        () => consume(key),
        () => fallback.take(key),
      );
    },
  };
}
