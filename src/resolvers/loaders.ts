/**
 * Per-request DataLoaders: every distinct upstream read happens once per GraphQL request,
 * however many fields, aliases or list entries ask for it; distinct reads run in parallel.
 * Nonces are never loaded through here (each is single-use).
 */
import DataLoader from 'dataloader';
import type { AccountApi } from '../upstream/api.ts';
import type {
  AccountInfo,
  OrderRecord,
  RefereeRebateSummary,
  RefereeRebateSummaryQuery,
  ReferralAdminInfo,
  ReferralAdminInfoQuery,
} from '../upstream/types.ts';
import { unauthenticated } from './errors.ts';

export interface Loaders {
  /** The caller's account information, keyed by account id (one key per request). */
  accountInfo: DataLoader<string, AccountInfo>;
  /** Orders by client_order_id: one upstream call per distinct id, all in parallel. */
  order: DataLoader<string, OrderRecord>;
  referralAdminInfo: DataLoader<ReferralAdminInfoQuery, ReferralAdminInfo, string>;
  refereeRebateSummary: DataLoader<RefereeRebateSummaryQuery, RefereeRebateSummary, string>;
}

/** Stable cache key for a query object: sorted keys, undefined/null dropped. */
export function queryKey(query: object): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(entries);
}

/** One call per key, in parallel; a failed key fails alone (DataLoader takes Error values). */
function each<K, V>(call: (key: K) => Promise<V>) {
  return (keys: readonly K[]): Promise<(V | Error)[]> =>
    Promise.all(
      keys.map((key) =>
        Promise.resolve(key)
          .then(call)
          .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))),
      ),
    );
}

export function createLoaders(account: AccountApi | null): Loaders {
  const need = (): AccountApi => {
    if (!account) throw unauthenticated();
    return account;
  };
  return {
    accountInfo: new DataLoader(each(() => need().accountInfo())),
    order: new DataLoader(each((id: string) => need().orderByClientOrderId(id))),
    referralAdminInfo: new DataLoader(
      each((q) => need().referralAdminInfo(q)),
      {
        cacheKeyFn: queryKey,
      },
    ),
    refereeRebateSummary: new DataLoader(
      each((q) => need().refereeRebateSummary(q)),
      {
        cacheKeyFn: queryKey,
      },
    ),
  };
}
