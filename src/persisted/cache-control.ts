/**
 * HTTP caching of GraphQL responses. Only a successful query requested by GET and by hash
 * (no text: a short, stable URL a CDN can key on) may be cached at all, and then:
 *
 *   anonymous caller, every root field public      public, max-age=<least of the fields>
 *     (market data: markets, market, marketTrades, klines)
 *   authenticated caller, every root field hinted  private, max-age=<least>   (never a CDN)
 *   anything else (mutations, POST, errors, nonces, fields without a hint)   no-store
 *
 * Account data is per caller: `private` keeps it out of shared caches, and every GET answer
 * carries `Vary: Authorization, Accept`. The ages are the gateway's own cache TTLs, so an app's
 * HTTP cache adds no more staleness than the gateway's cache already allows. Nonces
 * (`withdrawNonce`, `settleNonce`, `strategyVaultNonce`) are single-use: they have no hint, so never cached.
 */
import { type DocumentNode, getOperationAST, Kind, type OperationTypeNode } from 'graphql';
import type { UpstreamConfig } from '../config.ts';
import { DEFAULT_MARKET_TTLS } from '../upstream/cache-lifetime.ts';

export interface CacheHints {
  /** Root query fields a shared cache may keep for anonymous callers: max-age in seconds. */
  public: Readonly<Record<string, number>>;
  /** Root query fields a caller's own cache may keep: max-age in seconds. */
  private: Readonly<Record<string, number>>;
}

export interface CacheInput {
  method: string;
  /** The request named its document by hash only. */
  byHash: boolean;
  operation: OperationTypeNode | undefined;
  /** Root field names; `*` stands for a fragment at the root (never cached). */
  rootFields: readonly string[];
  authenticated: boolean;
  hasErrors: boolean;
}

export const NO_STORE = 'no-store';

/** Hints from the gateway's upstream cache TTLs (none when its cache is off). */
export function cacheHintsFrom(cache: UpstreamConfig['cache']): CacheHints {
  if (!cache.enabled) return { public: {}, private: {} };
  const s = (ms: number) => Math.floor(ms / 1000);
  // Market data is the same for everyone: a shared cache may keep it as long as the gateway's.
  const market = s(cache.marketTtlMs ?? DEFAULT_MARKET_TTLS.marketTtlMs);
  return {
    public: { markets: market, market, marketTrades: market, klines: market },
    private: {
      // Signed with the caller's account (anonymous callers are refused): never a CDN's.
      orderBook: market,
      account: s(cache.accountTtlMs),
      order: s(cache.openOrderTtlMs),
      orders: s(cache.openOrderTtlMs),
      referralAdminInfo: s(cache.referralTtlMs),
      refereeRebateSummary: s(cache.referralTtlMs),
    },
  };
}

/** Operation type and root field names of the operation that runs (`__typename` ignored). */
export function rootFieldsOf(
  document: DocumentNode,
  operationName: string | null | undefined,
): Pick<CacheInput, 'operation' | 'rootFields'> {
  const operation = getOperationAST(document, operationName);
  const rootFields = (operation?.selectionSet.selections ?? [])
    .map((s) => (s.kind === Kind.FIELD ? s.name.value : '*'))
    .filter((name) => name !== '__typename');
  return { operation: operation?.operation, rootFields };
}

export function cacheControl(input: CacheInput, hints: CacheHints): string {
  if (input.method !== 'GET' || !input.byHash || input.hasErrors) return NO_STORE;
  if (input.operation !== 'query' || input.rootFields.length === 0) return NO_STORE;
  const allowed = input.authenticated ? { ...hints.public, ...hints.private } : hints.public;
  const ages = input.rootFields.map((field) => allowed[field] ?? 0);
  const maxAge = Math.min(...ages);
  if (maxAge <= 0) return NO_STORE;
  return `${input.authenticated ? 'private' : 'public'}, max-age=${maxAge}`;
}
