/**
 * Cache policy, pure: where an operation's result is cached, for how long, and which entries
 * a mutation makes stale. Entries are per account (the key carries the account's hash tag),
 * never shared across accounts; public operations and nonces are never cached.
 *
 *   accountInfo             {a:…}:cache:accountInfo           field "-"        accountTtlMs
 *   orderByClientOrderId    {a:…}:cache:order:<id>            field "-"        open / final TTL
 *   referralAdminInfo       {a:…}:cache:referralAdminInfo     field = query    referralTtlMs
 *   refereeRebateSummary    {a:…}:cache:refereeRebateSummary  field = query    referralTtlMs
 *
 * Groups with several variants live in one hash, so a mutation invalidates the whole group
 * with one DEL (no key scans).
 */
import type { UpstreamConfig } from '../config.ts';
import type { CacheGroup, CachePolicy, CallArgs, Operation } from './catalog.ts';
import { queryString } from './catalog.ts';
import { cacheKey, type Scope } from './keys.ts';
import { FINAL_ORDER_STATUSES, type OrderStatus } from './types.ts';

export type CacheTtls = Omit<UpstreamConfig['cache'], 'enabled'>;

export interface CacheEntry {
  key: string;
  field: string;
}

const NO_VARIANT = '-';

function groupKey(scope: Scope, group: CacheGroup, clientOrderId: string | undefined): string {
  return group === 'order' ? cacheKey(scope, `order:${clientOrderId}`) : cacheKey(scope, group);
}

/** Where a cacheable call's result lives; undefined when the call is not cacheable. */
export function cacheEntry(op: Operation, scope: Scope, args: CallArgs): CacheEntry | undefined {
  if (!op.cache || scope.kind !== 'account') return undefined;
  if (op.cache.group === 'order') {
    const id = args.params?.client_order_id;
    return id ? { key: groupKey(scope, 'order', id), field: NO_VARIANT } : undefined;
  }
  const sorted = Object.fromEntries(
    Object.entries(args.query ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return {
    key: groupKey(scope, op.cache.group, undefined),
    field: queryString(sorted) || NO_VARIANT,
  };
}

/** How long to keep `data`; 0 means do not cache. Final orders live longer than open ones. */
export function ttlFor(policy: CachePolicy, data: unknown, ttls: CacheTtls): number {
  switch (policy.ttl) {
    case 'account':
      return ttls.accountTtlMs;
    case 'referral':
      return ttls.referralTtlMs;
    case 'order': {
      const status = (data as { status?: unknown } | null)?.status;
      return FINAL_ORDER_STATUSES.includes(status as OrderStatus)
        ? ttls.finalOrderTtlMs
        : ttls.openOrderTtlMs;
    }
  }
}

/** Keys a mutation makes stale (same account only). */
export function invalidatedKeys(op: Operation, scope: Scope, args: CallArgs): string[] {
  if (scope.kind !== 'account') return [];
  return op.invalidates.flatMap((group) => {
    if (group !== 'order') return [groupKey(scope, group, undefined)];
    const id = (args.body as { client_order_id?: unknown } | undefined)?.client_order_id;
    return typeof id === 'string' && id ? [groupKey(scope, 'order', id)] : [];
  });
}
