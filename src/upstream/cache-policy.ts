/**
 * Cache policy, pure: where an operation's result is cached (how long, and which entries a
 * mutation makes stale: cache-lifetime.ts). Entries are per account (the key carries the
 * account's hash tag), never shared across accounts; nonces are never cached.
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
 *   trades, orderTrades     {a:…}:cache:trades                field = query, "o:…" openOrderTtlMs
 *   positionHistory         {a:…}:cache:positionHistory       field = query      openOrderTtlMs
 *   assetHistory            {a:…}:cache:assetHistory          field = query      openOrderTtlMs
 *   liquidations            {a:…}:cache:liquidations          field = query      openOrderTtlMs
 *   fundingFeeHistory       {a:…}:cache:fundingFees           field = query      openOrderTtlMs
 *   pnlSettlementHistory    {a:…}:cache:pnlSettlements        field = query      openOrderTtlMs
 *
 * Every group lives in one hash, so a mutation invalidates the whole group with one DEL (no
 * key scans): any order mutation drops the account's orders, lists, positions, balances,
 * algo orders, trades and position history at once, even a cancel that names an order only by
 * its exchange id. The history lists are short-lived too (a fill, a liquidation, a funding
 * period or a withdrawal can add a row with no mutation of this gateway): the stream's
 * order, liquidation and wallet pushes drop theirs.
 *
 * Market data (`shared` policies) is the same for every caller, so it is not per account:
 * one string key per variant, expiring on its own (a hash would keep every variant ever
 * asked for as long as any is written), read by every account and anonymous caller alike:
 *
 *   symbolInfos, symbolInfo     {global}:cache:symbolRules:-, …:s:<symbol>       marketRulesTtlMs
 *   futuresInfos, futuresInfo   {global}:cache:marketPrices:-, …:s:<symbol>      marketTtlMs
 *   fundingRates, fundingRate   {global}:cache:fundingRates:-, …:s:<symbol>      marketTtlMs
 *   marketTrades                {global}:cache:marketTrades:limit=…&symbol=…     marketTtlMs
 *   orderBook (signed)          {global}:cache:orderBook:s:<symbol>?max_level=…  marketTtlMs
 *   klines (signed), klineHistory  {global}:cache:klines:<query>                 marketTtlMs
 */
import type { CallArgs, Operation } from './catalog.ts';
import { queryString } from './catalog.ts';
import { cacheKey, type Scope } from './keys.ts';

export interface CacheEntry {
  key: string;
  field: string;
  /** A shared (market) entry: a string key of its own, variant included, expiring alone. */
  shared?: true;
}

const NO_VARIANT = '-';
const GLOBAL: Scope = { kind: 'global' };

/** One path parameter names the entry of these operations. */
const PARAM_FIELDS: Readonly<Record<string, string>> = {
  client_order_id: 'c',
  order_id: 'o',
  symbol: 's',
};

/** The query in name order, as text ('' when it has no value). */
function sortedQuery(query: CallArgs['query']): string {
  if (query === undefined) return '';
  const entries = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return queryString(Object.fromEntries(entries));
}

/** Which entry of its group a call reads: its one path parameter and its query. */
function variantOf(args: CallArgs): string | undefined {
  const params = Object.entries(args.params ?? {});
  const query = sortedQuery(args.query);
  if (params.length === 0) return query || NO_VARIANT;
  const [name, value] = params[0]!;
  const prefix = PARAM_FIELDS[name];
  if (!prefix || !value || params.length !== 1) return undefined;
  return query ? `${prefix}:${value}?${query}` : `${prefix}:${value}`;
}

/** Where a cacheable call's result lives; undefined when the call is not cacheable. */
export function cacheEntry(op: Operation, scope: Scope, args: CallArgs): CacheEntry | undefined {
  const policy = op.cache;
  if (!policy) return undefined;
  if (policy.shared) {
    const variant = variantOf(args);
    if (variant === undefined) return undefined;
    return { key: `${cacheKey(GLOBAL, policy.group)}:${variant}`, field: NO_VARIANT, shared: true };
  }
  if (scope.kind !== 'account') return undefined;
  const key = cacheKey(scope, policy.group);
  // The common read (account info, positions) names no variant: no entries to sort.
  if (args.params === undefined && args.query === undefined) return { key, field: NO_VARIANT };
  const field = variantOf(args);
  return field === undefined ? undefined : { key, field };
}
