/**
 * Cache policy, pure: where an operation's result is cached (how long, and which entries a
 * mutation makes stale: cache-lifetime.ts). Entries are per account (the key carries the
 * account's hash tag), never shared across accounts; public operations and nonces are never
 * cached.
 *
 *   accountInfo             {a:…}:cache:accountInfo           field "-"          accountTtlMs
 *   orderByClientOrderId    {a:…}:cache:order                 field "c:<id>"     open / final TTL
 *   orderById               {a:…}:cache:order                 field "o:<id>"     open / final TTL
 *   listOrders              {a:…}:cache:orders                field = query      openOrderTtlMs
 *   positions, position     {a:…}:cache:positions             field "-", "s:…"   openOrderTtlMs
 *   holdings                {a:…}:cache:balances              field = query      openOrderTtlMs
 *   listAlgoOrders          {a:…}:cache:algoOrders            field = query      openOrderTtlMs
 *   leverage(s)             {a:…}:cache:leverage              field = query, "-" accountTtlMs
 *   referralAdminInfo       {a:…}:cache:referralAdminInfo     field = query      referralTtlMs
 *   refereeRebateSummary    {a:…}:cache:refereeRebateSummary  field = query      referralTtlMs
 *
 * Every group lives in one hash, so a mutation invalidates the whole group with one DEL (no
 * key scans): any order mutation drops the account's orders, lists, positions, balances and
 * algo orders at once, even a cancel that names an order only by its exchange id.
 */
import type { CallArgs, Operation } from './catalog.ts';
import { queryString } from './catalog.ts';
import { cacheKey, type Scope } from './keys.ts';

export interface CacheEntry {
  key: string;
  field: string;
}

const NO_VARIANT = '-';

/** One path parameter names the entry of these operations. */
const PARAM_FIELDS: Readonly<Record<string, string>> = {
  client_order_id: 'c',
  order_id: 'o',
  symbol: 's',
};

/** Where a cacheable call's result lives; undefined when the call is not cacheable. */
export function cacheEntry(op: Operation, scope: Scope, args: CallArgs): CacheEntry | undefined {
  if (!op.cache || scope.kind !== 'account') return undefined;
  const key = cacheKey(scope, op.cache.group);
  // The common read (account info, positions) names no variant: no entries to sort.
  if (args.params === undefined && args.query === undefined) return { key, field: NO_VARIANT };
  const params = Object.entries(args.params ?? {});
  if (params.length > 0) {
    const [name, value] = params[0]!;
    const prefix = PARAM_FIELDS[name];
    return prefix && value && params.length === 1
      ? { key, field: `${prefix}:${value}` }
      : undefined;
  }
  const sorted = Object.fromEntries(
    Object.entries(args.query ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return { key, field: queryString(sorted) || NO_VARIANT };
}
