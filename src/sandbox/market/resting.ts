/**
 * The resting orders of one symbol, by side and price: every pending order with a price is
 * in the book at that price (its visible part shown, all of it matched). `sync` is told after
 * every change of an order (placed, edited, filled, cancelled) and puts it where it now
 * belongs, or takes it out.
 */
import type { Side } from '../../contract/wire-orders.ts';
import { round } from '../decimal.ts';
import { isPending } from '../records.ts';
import type { Order } from '../types.ts';

export interface ShownLevel {
  price: number;
  quantity: number;
}

/** Quantity an order can still fill. */
export const remainingOf = (order: Order): number =>
  Math.max(0, round((order.quantity ?? 0) - order.executedQuantity, 10));

/** What the book shows of an order: its remaining quantity, at most its visible quantity. */
export const shownOf = (order: Order): number =>
  Math.min(remainingOf(order), order.visibleQuantity ?? Number.POSITIVE_INFINITY);

export class RestingOrders {
  private readonly sides: Record<Side, Map<number, Set<Order>>> = {
    BUY: new Map(),
    SELL: new Map(),
  };
  /** Where each order is now (its price when it was synced). */
  private readonly placed = new Map<Order, number>();
  /** Each side's orders in matching order, until an order joins, leaves or moves. */
  private readonly sorted: Record<Side, Order[] | undefined> = { BUY: undefined, SELL: undefined };

  /** Puts the order where it belongs now; returns whether the book changed. */
  sync(order: Order): boolean {
    const was = this.placed.get(order);
    const rests = isPending(order) && order.price !== null && remainingOf(order) > 0;
    // Still at its price: only its quantity may have changed (the book shows the new one).
    if (rests && was === order.price) return true;
    this.sorted[order.side] = undefined;
    if (was !== undefined) this.remove(order, was);
    if (!rests) return was !== undefined;
    const price = order.price as number;
    const side = this.sides[order.side];
    const at = side.get(price) ?? new Set<Order>();
    at.add(order);
    side.set(price, at);
    this.placed.set(order, price);
    return true;
  }

  /** Orders of a side, best price first, oldest first at a price. */
  orders(side: Side): readonly Order[] {
    const cached = this.sorted[side];
    if (cached) return cached;
    const byPrice =
      side === 'BUY' ? (a: number, b: number) => b - a : (a: number, b: number) => a - b;
    const sorted = [...this.sides[side].keys()]
      .sort(byPrice)
      .flatMap((p) => [...this.sides[side].get(p)!].sort((a, b) => a.orderId - b.orderId));
    this.sorted[side] = sorted;
    return sorted;
  }

  /** Shown quantity per price of a side (unsorted; hidden orders add nothing). */
  levels(side: Side, places: number): ShownLevel[] {
    const out: ShownLevel[] = [];
    for (const [price, orders] of this.sides[side]) {
      let quantity = 0;
      for (const order of orders) quantity += shownOf(order);
      if (quantity > 0) out.push({ price, quantity: round(quantity, places) });
    }
    return out;
  }

  get size(): number {
    return this.placed.size;
  }

  private remove(order: Order, price: number): void {
    const side = this.sides[order.side];
    const at = side.get(price);
    at?.delete(order);
    if (at?.size === 0) side.delete(price);
    this.placed.delete(order);
  }
}
