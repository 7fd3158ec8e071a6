/**
 * What one trading screen knows of its account: the symbol's open orders and working algo
 * orders, every position (a cross position's liquidation price depends on the others) and
 * every balance. Loaded from the REST reads, then kept from the private stream's events in
 * arrival order; a change older than what is known (a push the read already saw) is skipped.
 * The lists a frame shows are rebuilt only after a change.
 */
import { ACTIVE_ALGO_STATUSES, type AlgoOrderModel } from '../models/algo-order.ts';
import type { BalanceModel, PositionModel } from '../models/portfolio.ts';
import type { ScreenOrderModel } from '../models/trading-screen.ts';
import type { AccountStreamEvent, OrderUpdateModel } from '../upstream/stream/models.ts';
import { isFinal, screenOrderFromStream } from './screen-orders.ts';

/** Open orders and algo orders a screen keeps at most (the oldest known goes first). */
export const MAX_SCREEN_ORDERS = 500;

/** What the REST reads found. */
export interface AccountSnapshot {
  orders: readonly ScreenOrderModel[];
  algoOrders: readonly AlgoOrderModel[];
  positions: readonly PositionModel[];
  balances: readonly BalanceModel[];
}

const positionKey = (p: PositionModel) => `${p.symbol}|${p.marginMode}`;

/** Sets `value` unless what is held is newer; keeps the map within MAX_SCREEN_ORDERS. */
function put<K, V extends { updatedAt: number }>(map: Map<K, V>, key: K, value: V): boolean {
  const held = map.get(key);
  if (held && held.updatedAt > value.updatedAt) return false;
  map.delete(key); // re-inserted last: insertion order is the eviction order
  map.set(key, value);
  if (map.size > MAX_SCREEN_ORDERS) map.delete(map.keys().next().value as K);
  return true;
}

export class AccountView {
  private readonly orders = new Map<number, ScreenOrderModel>();
  private readonly algos = new Map<number, AlgoOrderModel>();
  private readonly positions = new Map<string, PositionModel>();
  private readonly balances = new Map<string, BalanceModel>();
  private lists:
    | { orders: ScreenOrderModel[]; algos: AlgoOrderModel[]; balances: BalanceModel[] }
    | undefined;

  constructor(readonly symbol: string) {}

  load(s: AccountSnapshot): void {
    for (const o of s.orders) if (!isFinal(o.status)) put(this.orders, o.orderId, o);
    for (const a of s.algoOrders) this.algo(a);
    for (const p of s.positions) this.positions.set(positionKey(p), p);
    for (const b of s.balances) this.balances.set(b.token, b);
    this.lists = undefined;
  }

  /** The working algo orders read again (after a reconnect: the stream's resync has none). */
  reloadAlgos(algoOrders: readonly AlgoOrderModel[]): void {
    this.algos.clear();
    for (const a of algoOrders) this.algo(a);
    this.lists = undefined;
  }

  /** Applies an event; true when what the screen shows changed. */
  apply(event: AccountStreamEvent): boolean {
    let changed = false;
    switch (event.type) {
      case 'order':
        changed = event.order.symbol === this.symbol && this.applyOrder(event.order);
        break;
      case 'algo':
        changed = this.algo(event.order);
        break;
      case 'positions':
        for (const p of event.positions)
          changed = put(this.positions, positionKey(p), p) || changed;
        break;
      case 'balances':
        for (const b of event.balances) changed = put(this.balances, b.token, b) || changed;
        break;
    }
    if (changed) this.lists = undefined;
    return changed;
  }

  openOrders(): ScreenOrderModel[] {
    return this.built().orders;
  }

  algoOrders(): AlgoOrderModel[] {
    return this.built().algos;
  }

  balanceList(): BalanceModel[] {
    return this.built().balances;
  }

  balance(token: string): BalanceModel | undefined {
    return this.balances.get(token);
  }

  /** Every position of the account (each symbol and margin mode), flat ones included. */
  allPositions(): IterableIterator<PositionModel> {
    return this.positions.values();
  }

  /** An open order of the symbol by id. */
  openOrder(orderId: number): ScreenOrderModel | undefined {
    return this.orders.get(orderId);
  }

  private applyOrder(u: OrderUpdateModel): boolean {
    const known = this.orders.get(u.orderId);
    if (known && known.updatedAt > u.timestamp) return false;
    if (isFinal(u.status)) return this.orders.delete(u.orderId);
    return put(this.orders, u.orderId, screenOrderFromStream(u, known));
  }

  /** A root with its legs: kept while active, dropped when it ends. */
  private algo(a: AlgoOrderModel): boolean {
    if (a.symbol !== this.symbol) return false;
    const known = this.algos.get(a.algoOrderId);
    if (known && known.updatedAt > a.updatedAt) return false;
    if (!ACTIVE_ALGO_STATUSES.includes(a.status)) return this.algos.delete(a.algoOrderId);
    return put(this.algos, a.algoOrderId, a);
  }

  private built() {
    this.lists ??= {
      orders: [...this.orders.values()].sort((a, b) => b.orderId - a.orderId),
      algos: [...this.algos.values()].sort((a, b) => b.algoOrderId - a.algoOrderId),
      balances: [...this.balances.values()].sort((a, b) => (a.token < b.token ? -1 : 1)),
    };
    return this.lists;
  }
}
