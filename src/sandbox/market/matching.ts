/**
 * What a taking order meets: first the synthetic levels of the other side (best first, as the
 * engine always matched), then the resting orders there (best price first, oldest first at a
 * price), each up to the order's limit. Synthetic first keeps every fill the synthetic book
 * alone would give; the resting orders after it are what a remainder meets before it rests,
 * so a resting order never stays crossed by another. Pure: returns the fills, each naming the
 * resting order it took from (none for a synthetic level); the engine applies them.
 */
import type { Side } from '../../contract/wire-orders.ts';
import { decimalPlaces, floorTo, round } from '../decimal.ts';
import type { Order } from '../types.ts';
import { remainingOf } from './resting.ts';

export interface Fill {
  price: number;
  quantity: number;
  /** The resting order on the other side, when the fill took from one. */
  maker?: Order;
}

export interface Liquidity {
  price: number;
  quantity: number;
  maker?: Order;
}

export interface TakeWant {
  /** Worst price to take at. */
  limit?: number;
  quantity?: number;
  /** Quote amount to spend instead of a quantity. */
  amount?: number;
  /** At most this much base in all (reduce-only). */
  cap?: number;
}

/** How much of a resting order can fill: a reduce-only one no more than its position closes. */
export function availableOf(order: Order): number {
  const left = remainingOf(order);
  if (!order.reduceOnly) return left;
  const q = order.account.positions.get(`${order.symbol}|${order.marginMode}`)?.quantity ?? 0;
  return Math.min(left, order.side === 'BUY' ? Math.max(0, -q) : Math.max(0, q));
}

/** Synthetic levels, then resting orders (best first), in the order a taker meets them. */
export function liquidityOf(synthetic: Liquidity[], resting: readonly Order[]): Liquidity[] {
  const orders = resting.map((o) => ({
    price: o.price as number,
    quantity: availableOf(o),
    maker: o,
  }));
  return [...synthetic, ...orders];
}

/**
 * Walks `levels` (the other side of `side`, best first) up to the limit price, the quantity
 * or amount wanted and the cap; `step` is the symbol's quantity step.
 */
export function walk(side: Side, levels: Liquidity[], want: TakeWant, step: number): Fill[] {
  const places = decimalPlaces(step);
  const fills: Fill[] = [];
  let quantityLeft = want.quantity ?? Infinity;
  let amountLeft = want.amount ?? Infinity;
  let capLeft = want.cap ?? Infinity;
  for (const level of levels) {
    const beyond =
      want.limit !== undefined &&
      (side === 'BUY' ? level.price > want.limit : level.price < want.limit);
    if (beyond || level.quantity <= 0) continue;
    let quantity = Math.min(level.quantity, quantityLeft, capLeft);
    if (Number.isFinite(amountLeft)) {
      quantity = Math.min(quantity, floorTo(amountLeft / level.price, step));
    }
    quantity = round(quantity, places);
    if (quantity <= 0) break;
    fills.push({ price: level.price, quantity, ...(level.maker ? { maker: level.maker } : {}) });
    quantityLeft = round(quantityLeft - quantity, 10);
    capLeft = round(capLeft - quantity, 10);
    amountLeft = round(amountLeft - quantity * level.price, 10);
  }
  return fills;
}
