/**
 * Per-request DataLoaders: every distinct upstream read happens once per GraphQL request,
 * however many fields, aliases or list entries ask for it; distinct reads run in parallel.
 * Nonces are never loaded through here (each is single-use).
 */
import DataLoader from 'dataloader';
import type { RefereeRebateSummaryQuery, ReferralAdminInfoQuery } from '../contract/wire.ts';
import { type Loaders, unauthenticated } from '../schema/types.ts';
import type { AccountApi } from '../upstream/api.ts';
import { readActiveAlgoOrders } from './algo-active.ts';
import { readOrderFills } from './order-fills.ts';

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

/**
 * The loaders of one request, each built on first use (most operations need one of them,
 * or none). A class, not closures: building it per request allocates one object.
 */
class RequestLoaders implements Loaders {
  #accountInfo: Loaders['accountInfo'] | undefined;
  #order: Loaders['order'] | undefined;
  #orderById: Loaders['orderById'] | undefined;
  #algoOrders: Loaders['algoOrders'] | undefined;
  #orderFills: Loaders['orderFills'] | undefined;
  #referralAdminInfo: Loaders['referralAdminInfo'] | undefined;
  #refereeRebateSummary: Loaders['refereeRebateSummary'] | undefined;

  constructor(private readonly account: AccountApi | null) {}

  private need(): AccountApi {
    if (!this.account) throw unauthenticated();
    return this.account;
  }

  get accountInfo(): Loaders['accountInfo'] {
    this.#accountInfo ??= new DataLoader(each(() => this.need().accountInfo()));
    return this.#accountInfo;
  }

  get order(): Loaders['order'] {
    this.#order ??= new DataLoader(each((id: string) => this.need().orderByClientOrderId(id)));
    return this.#order;
  }

  get orderById(): Loaders['orderById'] {
    this.#orderById ??= new DataLoader(each((id: number) => this.need().orderById(id)));
    return this.#orderById;
  }

  get algoOrders(): Loaders['algoOrders'] {
    this.#algoOrders ??= new DataLoader(each(() => readActiveAlgoOrders(this.need())));
    return this.#algoOrders;
  }

  /** Every order's fills of the request in one batch (order-fills.ts), keyed by order id. */
  get orderFills(): Loaders['orderFills'] {
    this.#orderFills ??= new DataLoader((orders) => readOrderFills(this.need(), orders), {
      cacheKeyFn: (order) => order.orderId,
    });
    return this.#orderFills;
  }

  get referralAdminInfo(): Loaders['referralAdminInfo'] {
    this.#referralAdminInfo ??= new DataLoader(
      each((q: ReferralAdminInfoQuery) => this.need().referralAdminInfo(q)),
      { cacheKeyFn: queryKey },
    );
    return this.#referralAdminInfo;
  }

  get refereeRebateSummary(): Loaders['refereeRebateSummary'] {
    this.#refereeRebateSummary ??= new DataLoader(
      each((q: RefereeRebateSummaryQuery) => this.need().refereeRebateSummary(q)),
      { cacheKeyFn: queryKey },
    );
    return this.#refereeRebateSummary;
  }
}

export function createLoaders(account: AccountApi | null): Loaders {
  return new RequestLoaders(account);
}
