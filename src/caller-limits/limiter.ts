/**
 * Caller limits, in upstream-call units (`cost.ts`), shared by every replica through Redis
 * (rate-limiter-flexible's RateLimiterRedis: a fixed window, which is fine for callers), with
 * an in-process RateLimiterMemory as insurance while Redis is down (its points divided among
 * the replicas, as the upstream budget's fallback does).
 *
 * Two rules:
 * 1. Per caller and window (CALLER_WINDOW_MS): a principal (keyed by the SHA-256 of its bearer
 *    token) may spend CALLER_POINTS; an anonymous caller (keyed by client IP) CALLER_ANON_POINTS,
 *    which the configuration keeps strictly lower.
 * 2. Fair share of the global upstream budgets (one budget for the gateway's IP, like sv_nonce
 *    at 10/s): within each of that budget's windows, one principal may take at most
 *    CALLER_GLOBAL_SHARE of it, and all anonymous callers together the same share (counted as
 *    one caller, so a flood from many IPs cannot starve the accounts either). With the default
 *    0.5, one caller's flood leaves at least half of every global budget to everyone else.
 *    Fixed windows let a caller take its share at the end of one window and again at the start
 *    of the next; the upstream budget's own sliding window then makes the others wait briefly
 *    (UPSTREAM_BUDGET_WAIT_MS) instead of starving. A request that needs more of a budget than
 *    one share holds is refused outright: no retry could pass it.
 *
 * A refused request is charged nothing: the refusing rule, and every rule before it, gives
 * back what it took (rate-limiter-flexible counts a refused consume), so an oversized request
 * does not use up what smaller ones could still spend.
 */
import type { Cluster, Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { LimitPolicy } from '../upstream/catalog.ts';
import type { OperationCost } from './cost.ts';

export interface CallerLimitsConfig {
  /** Window of the per-caller limits (whole seconds). */
  windowMs: number;
  /** Upstream calls a principal may cause per window. */
  points: number;
  /** Upstream calls one anonymous client IP may cause per window (< points). */
  anonymousPoints: number;
  /** Share (0..1] of each global upstream budget one caller may take per budget window. */
  globalShare: number;
}

export type Caller = { kind: 'principal'; id: string } | { kind: 'anonymous'; ip: string };

export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number; reason: string };

export interface CallerLimiterOptions {
  config: CallerLimitsConfig;
  /** Shared store; absent: in-process limits only. */
  redis?: Redis | Cluster;
  /** Redis key namespace (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  /** Replicas sharing the limits: the insurance limiter's divisor. @default 1 */
  replicas?: number;
}

export interface CallerLimiter {
  consume(caller: Caller, cost: OperationCost): Promise<Verdict>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1_000));

export function createCallerLimiter(options: CallerLimiterOptions): CallerLimiter {
  const { config, redis, keyPrefix } = options;
  const replicas = Math.max(1, options.replicas ?? 1);
  const make = (name: string, points: number, durationMs: number): RateLimiterAbstract => {
    const duration = seconds(durationMs);
    const key = `${keyPrefix}:caller:${name}`;
    if (!redis) return new RateLimiterMemory({ keyPrefix: key, points, duration });
    return new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: key,
      points,
      duration,
      // Fail over at once while the connection is known down; a hung Redis is cut off by the
      // client's command timeout. Either way the insurance limiter answers.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({
        keyPrefix: key,
        points: Math.max(1, Math.floor(points / replicas)),
        duration,
      }),
    });
  };
  const principals = make('p', config.points, config.windowMs);
  const anonymous = make('a', config.anonymousPoints, config.windowMs);
  const shares = new Map<string, { limiter: RateLimiterAbstract; points: number }>();
  const shareOf = (limit: LimitPolicy) => {
    let share = shares.get(limit.key);
    if (!share) {
      const points = Math.max(1, Math.floor(limit.limit * config.globalShare));
      share = { limiter: make(`share:${limit.key}`, points, limit.windowMs), points };
      shares.set(limit.key, share);
    }
    return share;
  };

  return {
    async consume(caller, cost) {
      if (cost.total <= 0) return { allowed: true };
      const taken: Array<{ limiter: RateLimiterAbstract; key: string; points: number }> = [];
      const refund = () =>
        Promise.all(taken.map((t) => t.limiter.reward(t.key, t.points).catch(() => undefined)));
      const shareKey = caller.kind === 'principal' ? caller.id : 'anonymous';
      for (const [budget, { calls, limit }] of cost.globalBudgets) {
        const share = shareOf(limit);
        if (calls > share.points) {
          await refund();
          return {
            allowed: false,
            retryAfterMs: limit.windowMs,
            reason: `needs ${calls} calls of the shared upstream budget ${budget}; one caller may use ${share.points} per ${limit.windowMs} ms`,
          };
        }
        const refused = await take(share.limiter, shareKey, calls);
        if (refused !== undefined) {
          await refund();
          return {
            allowed: false,
            retryAfterMs: refused,
            reason: `over this caller's share of the upstream budget ${budget} (${share.points} per ${limit.windowMs} ms)`,
          };
        }
        taken.push({ limiter: share.limiter, key: shareKey, points: calls });
      }
      const [limiter, key, points] =
        caller.kind === 'principal'
          ? [principals, caller.id, config.points]
          : [anonymous, caller.ip, config.anonymousPoints];
      const refused = await take(limiter, key, cost.total);
      if (refused !== undefined) {
        await refund();
        return {
          allowed: false,
          retryAfterMs: refused,
          reason: `over the ${caller.kind === 'principal' ? '' : 'anonymous '}limit of ${points} upstream calls per ${config.windowMs} ms (this request: ${cost.total})`,
        };
      }
      return { allowed: true };
    },
  };
}

/**
 * Consumes `points`; undefined when allowed, else the milliseconds until the window resets
 * (the refused points given back).
 */
async function take(
  limiter: RateLimiterAbstract,
  key: string,
  points: number,
): Promise<number | undefined> {
  try {
    await limiter.consume(key, points);
    return undefined;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    await limiter.reward(key, points).catch(() => undefined);
    return Math.max(1, rejection.msBeforeNext);
  }
}
