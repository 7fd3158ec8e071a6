/**
 * Cache policy, pure: how long an entry is kept, and which entries a mutation makes stale (a
 * whole group at once: see the layout in cache-policy.ts).
 */
import type { UpstreamConfig } from '../config.ts';
import { FINAL_ORDER_STATUSES, type OrderStatus } from '../contract/wire.ts';
import type { CachePolicy, Operation } from './catalog.ts';
import { cacheKey, type Scope } from './keys.ts';

export type CacheTtls = Omit<UpstreamConfig['cache'], 'enabled'>;

/** `CACHE_TTL_MARKET_RULES_MS` and `CACHE_TTL_MARKET_MS` when a hand-built config has none. */
export const DEFAULT_MARKET_TTLS = { marketRulesTtlMs: 300_000, marketTtlMs: 1_000 } as const;

/** How long to keep `data`; 0 means do not cache. Final orders live longer than open ones. */
export function ttlFor(policy: CachePolicy, data: unknown, ttls: CacheTtls): number {
  switch (policy.ttl) {
    case 'account':
      return ttls.accountTtlMs;
    case 'referral':
      return ttls.referralTtlMs;
    case 'live':
      return ttls.openOrderTtlMs;
    case 'marketRules':
      return ttls.marketRulesTtlMs ?? DEFAULT_MARKET_TTLS.marketRulesTtlMs;
    case 'market':
      return ttls.marketTtlMs ?? DEFAULT_MARKET_TTLS.marketTtlMs;
    case 'order': {
      const status = (data as { status?: unknown } | null)?.status;
      return FINAL_ORDER_STATUSES.includes(status as OrderStatus)
        ? ttls.finalOrderTtlMs
        : ttls.openOrderTtlMs;
    }
  }
}

/** Keys a mutation makes stale (same account only). */
export function invalidatedKeys(op: Operation, scope: Scope): string[] {
  if (scope.kind !== 'account') return [];
  return op.invalidates.map((group) => cacheKey(scope, group));
}
