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
import type { LimitPolicy } from '../upstream/catalog.ts';
import type { OperationCost } from './cost.ts';
import { createRule, type RuleStore, ruleHealth } from './rule.ts';
import type { Rule } from './take.ts';

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

/** Gives back what a refused request took (never throws). */
const refund = (taken: Array<() => Promise<void>>) =>
  Promise.all(taken.map((giveBack) => giveBack().catch(() => undefined)));

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What rule 2 needs: the shares of the global budgets, and how long a request may wait. */
interface Shares {
  of(limit: LimitPolicy): Rule;
  waitMs: number;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Takes `calls` of `share` for `key`, waiting for the share's next window while the wait stays
 * within `waitMs` (jitter: the callers waiting for one window do not all retry at one instant).
 */
async function takeShare(shares: Shares, share: Rule, key: string, calls: number) {
  let taken = await share.take(key, calls);
  for (let waited = 0; taken.refusedMs !== undefined; ) {
    const pause = taken.refusedMs + Math.floor(Math.random() * 25);
    if (waited + pause > shares.waitMs) break;
    await shares.sleep(pause);
    waited += pause;
    taken = await share.take(key, calls);
  }
  return taken;
}

/** Rule 2: the caller's share of every global budget the request needs; `taken` collects give-backs. */
async function consumeShares(
  shares: Shares,
  caller: Caller,
  cost: OperationCost,
  taken: Array<() => Promise<void>>,
): Promise<Verdict> {
  const shareKey = caller.kind === 'principal' ? caller.id : 'anonymous';
  for (const [budget, { calls, limit }] of cost.globalBudgets) {
    const share = shares.of(limit);
    if (calls > share.points) {
      return {
        allowed: false,
        retryAfterMs: limit.windowMs,
        reason: `needs ${calls} calls of the shared upstream budget ${budget}; one caller may use ${share.points} per ${limit.windowMs} ms`,
      };
    }
    const { refusedMs, giveBack } = await takeShare(shares, share, shareKey, calls);
    if (refusedMs !== undefined) {
      return {
        allowed: false,
        retryAfterMs: refusedMs,
        reason: `over this caller's share of the upstream budget ${budget} (${share.points} per ${limit.windowMs} ms)`,
      };
    }
    taken.push(giveBack);
  }
  return { allowed: true };
}

export function createCallerLimiter(options: CallerLimiterOptions): CallerLimiter {
  const { config } = options;
  const store: RuleStore = {
    redis: options.redis,
    keyPrefix: options.keyPrefix,
    replicas: Math.max(1, options.replicas ?? 1),
    health: ruleHealth(),
  };
  const principals = createRule(store, 'p', config.points, config.windowMs);
  const anonymous = createRule(store, 'a', config.anonymousPoints, config.windowMs);
  const byBudget = new Map<string, Rule>();
  const shares: Shares = {
    waitMs: options.waitMs ?? 0,
    sleep: options.sleep ?? realSleep,
    of(limit) {
      let share = byBudget.get(limit.key);
      if (!share) {
        const scaled = limit.limit * (options.limitScale ?? 1);
        const points = Math.max(1, Math.floor(scaled * config.globalShare));
        share = createRule(store, `share:${limit.key}`, points, limit.windowMs);
        byBudget.set(limit.key, share);
      }
      return share;
    },
  };

  return {
    async consume(caller, cost) {
      if (cost.total <= 0) return { allowed: true };
      const taken: Array<() => Promise<void>> = [];
      const shared = await consumeShares(shares, caller, cost, taken);
      if (!shared.allowed) {
        await refund(taken);
        return shared;
      }
      const [limits, key] =
        caller.kind === 'principal' ? [principals, caller.id] : [anonymous, caller.ip];
      const { refusedMs } = await limits.take(key, cost.total);
      if (refusedMs === undefined) return { allowed: true };
      await refund(taken);
      return {
        allowed: false,
        retryAfterMs: refusedMs,
        reason: `over the ${caller.kind === 'principal' ? '' : 'anonymous '}limit of ${limits.points} upstream calls per ${config.windowMs} ms (this request: ${cost.total})`,
      };
    },
  };
}
