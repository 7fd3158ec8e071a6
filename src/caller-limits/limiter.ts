/**
 * Caller limits, in upstream-call units (`cost.ts`), shared by every replica through Redis
 * (rate-limiter-flexible's RateLimiterRedis: a fixed window, which is fine for callers), with
 * an in-process RateLimiterMemory as insurance while Redis fails (its points divided among the
 * replicas, as the upstream budget's fallback does).
 *
 * The insurance is switched by the gateway's StoreHealth rather than rate-limiter-flexible's
 * own `insuranceLimiter`: that one falls back per call, so a hung Redis would add a timeout to
 * every request; StoreHealth suspends the store after one slow failure (a call cut off by
 * RLWrapperTimeouts) and probes it again one call at a time.
 *
 * Two rules:
 * 1. Per caller and window (CALLER_WINDOW_MS): a principal (keyed by the SHA-256 of its bearer
 *    token) may spend CALLER_POINTS; an anonymous caller (keyed by client IP) CALLER_ANON_POINTS,
 *    which the configuration keeps strictly lower.
 * 2. Fair share of the global upstream budgets (one budget for the gateway's IP, like sv_nonce
 *    at 10/s): within each of that budget's windows, one principal may take at most
 *    CALLER_GLOBAL_SHARE of it, and all anonymous callers together the same share (counted as
 *    one caller, so a flood from many IPs cannot starve the accounts either). Fixed windows let
 *    a caller take its share at the end of one window and again at the start of the next, so
 *    in the upstream budget's sliding window it can hold twice its share; the default 0.4
 *    keeps that under the whole budget (8 of sv_nonce's 10 a second), and a flooding caller
 *    leaves the others at least 60% on average and 20% at its worst edge, which they get after
 *    a short budget wait instead of starving. Like the upstream budget, a request over its
 *    share waits for the next window up to `waitMs` (UPSTREAM_BUDGET_WAIT_MS) before it is
 *    refused, so a short burst is smoothed rather than failed. A request that needs more of a
 *    budget than one share holds is refused outright: no wait could pass it.
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
  RLWrapperTimeouts,
} from 'rate-limiter-flexible';
import type { LimitPolicy } from '../upstream/catalog.ts';
import { StoreHealth } from '../upstream/health.ts';
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
  /** UPSTREAM_LIMIT_SCALE: the global budgets are this many times the documented ones. @default 1 */
  limitScale?: number;
  /** How long a request may wait for its share of a global budget. @default 0 (refuse at once) */
  waitMs?: number;
  /** @default setTimeout */
  sleep?: (ms: number) => Promise<void>;
}

export interface CallerLimiter {
  consume(caller: Caller, cost: OperationCost): Promise<Verdict>;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1_000));

/** One limit: `take` answers `refusedMs` (until its window resets) when over, and how to give back. */
interface Rule {
  points: number;
  take(key: string, points: number): Promise<{ refusedMs?: number; giveBack: () => Promise<void> }>;
}

/**
 * A Redis round trip of the limiter normally takes about a millisecond; past this the call
 * counts as a slow failure (the insurance answers, and StoreHealth suspends Redis for the
 * limiter), so a hung Redis costs one request this much, not the client's 1 s command timeout
 * (and a loaded event loop rarely trips it: the insurance is stricter, a share per replica).
 */
const REDIS_TIMEOUT_MS = 500;

/** Consumes; a refusal gives its points back (rate-limiter-flexible counts refused consumes). */
async function consume(
  limiter: RateLimiterAbstract,
  key: string,
  points: number,
): Promise<number | undefined> {
  try {
    await limiter.consume(key, points);
    return undefined;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection; // a store error
    await limiter.reward(key, points).catch(() => undefined);
    return Math.max(1, rejection.msBeforeNext);
  }
}

/** Gives back what a refused request took (never throws). */
const refund = (taken: Array<() => Promise<void>>) =>
  Promise.all(taken.map((giveBack) => giveBack().catch(() => undefined)));

export function createCallerLimiter(options: CallerLimiterOptions): CallerLimiter {
  const { config, redis, keyPrefix } = options;
  const replicas = Math.max(1, options.replicas ?? 1);
  const waitMs = options.waitMs ?? 0;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // After a slow failure the limits stay local for 5 s (then one call probes Redis): a hung
  // Redis then costs one request in 5 s a timeout, not every request.
  const health = new StoreHealth(Date.now, { slowMs: REDIS_TIMEOUT_MS - 50, suspendMs: 5_000 });
  const rule = (name: string, points: number, durationMs: number): Rule => {
    const duration = seconds(durationMs);
    const prefix = `${keyPrefix}:caller:${name}`;
    const local = new RateLimiterMemory({
      keyPrefix: prefix,
      points: redis ? Math.max(1, Math.floor(points / replicas)) : points,
      duration,
    });
    // `giveBack` is a method: tsx (esbuild's keepNames) defines the name of a named arrow
    // each time one is made, here per request.
    const onLocal = async (key: string, n: number) => ({
      refusedMs: await consume(local, key, n),
      giveBack() {
        return local.reward(key, n).then(() => undefined);
      },
    });
    if (!redis) return { points, take: onLocal };
    // Fails at once while the connection is known down; a hung Redis is cut off after
    // REDIS_TIMEOUT_MS and then suspended by `health`.
    const shared = new RLWrapperTimeouts({
      limiter: new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: prefix,
        points,
        duration,
        rejectIfRedisNotReady: true,
      }),
      timeoutMs: REDIS_TIMEOUT_MS,
    });
    return {
      points,
      take: (key, n) =>
        health.guard(
          async () => ({
            refusedMs: await consume(shared, key, n),
            giveBack() {
              return shared.reward(key, n).then(() => undefined);
            },
          }),
          () => onLocal(key, n),
        ),
    };
  };
  const principals = rule('p', config.points, config.windowMs);
  const anonymous = rule('a', config.anonymousPoints, config.windowMs);
  const shares = new Map<string, Rule>();
  const shareOf = (limit: LimitPolicy): Rule => {
    let share = shares.get(limit.key);
    if (!share) {
      const scaled = limit.limit * (options.limitScale ?? 1);
      const points = Math.max(1, Math.floor(scaled * config.globalShare));
      share = rule(`share:${limit.key}`, points, limit.windowMs);
      shares.set(limit.key, share);
    }
    return share;
  };

  return {
    async consume(caller, cost) {
      if (cost.total <= 0) return { allowed: true };
      const taken: Array<() => Promise<void>> = [];
      const shareKey = caller.kind === 'principal' ? caller.id : 'anonymous';
      for (const [budget, { calls, limit }] of cost.globalBudgets) {
        const share = shareOf(limit);
        if (calls > share.points) {
          await refund(taken);
          return {
            allowed: false,
            retryAfterMs: limit.windowMs,
            reason: `needs ${calls} calls of the shared upstream budget ${budget}; one caller may use ${share.points} per ${limit.windowMs} ms`,
          };
        }
        let { refusedMs, giveBack } = await share.take(shareKey, calls);
        // Wait for the share's next window while the wait stays within `waitMs` (jitter: the
        // callers waiting for one window do not all retry at one instant).
        for (let waited = 0; refusedMs !== undefined; ) {
          const pause = refusedMs + Math.floor(Math.random() * 25);
          if (waited + pause > waitMs) break;
          await sleep(pause);
          waited += pause;
          ({ refusedMs, giveBack } = await share.take(shareKey, calls));
        }
        if (refusedMs !== undefined) {
          await refund(taken);
          return {
            allowed: false,
            retryAfterMs: refusedMs,
            reason: `over this caller's share of the upstream budget ${budget} (${share.points} per ${limit.windowMs} ms)`,
          };
        }
        taken.push(giveBack);
      }
      const [limits, key] =
        caller.kind === 'principal' ? [principals, caller.id] : [anonymous, caller.ip];
      const { refusedMs } = await limits.take(key, cost.total);
      if (refusedMs !== undefined) {
        await refund(taken);
        return {
          allowed: false,
          retryAfterMs: refusedMs,
          reason: `over the ${caller.kind === 'principal' ? '' : 'anonymous '}limit of ${limits.points} upstream calls per ${config.windowMs} ms (this request: ${cost.total})`,
        };
      }
      return { allowed: true };
    },
  };
}
