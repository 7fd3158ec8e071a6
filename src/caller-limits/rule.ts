/**
 * One caller limit (a rule): rate-limiter-flexible's RateLimiterRedis shared by the replicas,
 * with an in-process RateLimiterMemory (its points divided among the replicas) as insurance
 * while Redis fails, switched by StoreHealth (limiter.ts says why not `insuranceLimiter`).
 */
import type { Cluster, Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RLWrapperTimeouts } from 'rate-limiter-flexible';
import { StoreHealth } from '../upstream/health.ts';
import { type Rule, takeFrom } from './take.ts';

export interface RuleStore {
  /** Shared store; absent: in-process limits only. */
  redis?: Redis | Cluster | undefined;
  /** Redis key namespace (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  /** Replicas sharing the limits: the insurance limiter's divisor. */
  replicas: number;
  /** Suspends Redis for the rules after a slow failure (see {@link ruleHealth}). */
  health: StoreHealth;
}

/**
 * A Redis round trip of the limiter is normally short; past this the call counts as a slow
 * failure (the insurance answers, and StoreHealth suspends Redis for the limiter), so a hung
 * Redis costs one request this much, not the client's 1 s command timeout (and a loaded event
 * loop rarely trips it: the insurance is stricter, a share per replica).
 */
const REDIS_TIMEOUT_MS = 500;

/**
 * After a slow failure the limits stay local for 5 s (then one call probes Redis): a hung
 * Redis then costs one request in 5 s a timeout, not every request.
 */
export const ruleHealth = (): StoreHealth =>
  new StoreHealth(Date.now, { slowMs: REDIS_TIMEOUT_MS - 50, suspendMs: 5_000 });

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1_000));

export function createRule(
  store: RuleStore,
  name: string,
  points: number,
  durationMs: number,
): Rule {
  const { redis, replicas } = store;
  const duration = seconds(durationMs);
  const keyPrefix = `${store.keyPrefix}:caller:${name}`;
  const local = new RateLimiterMemory({
    keyPrefix,
    points: redis ? Math.max(1, Math.floor(points / replicas)) : points,
    duration,
  });
  const onLocal = (key: string, n: number) => takeFrom(local, key, n);
  if (!redis) return { points, take: onLocal };
  // Fails at once while the connection is known down; a hung Redis is cut off after
  // REDIS_TIMEOUT_MS and then suspended by `health`.
  const shared = new RLWrapperTimeouts({
    limiter: new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points,
      duration,
      rejectIfRedisNotReady: true,
    }),
    timeoutMs: REDIS_TIMEOUT_MS,
  });
  return {
    points,
    take: (key, n) =>
      store.health.guard(
        () => takeFrom(shared, key, n),
        () => onLocal(key, n),
      ),
  };
}
