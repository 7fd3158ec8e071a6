/**
 * Whether a screen's book and open orders describe the same moment. They come from two
 * upstream streams (the public book updates, the private execution reports) that do not
 * arrive together, so either may be ahead:
 *
 * - An order reported as placed is missing from a book that has not caught up, and a book
 *   that already dropped a cancelled (or filled) order still sits beside the order until its
 *   report comes: the book shows less at the price than the account's own resting orders
 *   there ({@link bookShowsOrders}). A level showing more is always possible: others rest too.
 * - An order reported as cancelled or filled while the book still shows it: the level must
 *   fall by what left ({@link BookAgreement.orderLeaving} records that ceiling).
 *
 * Only levels a frame shows are checked: a price past its last level is not in it. Orders
 * the book does not show whole (hidden, iceberg) are left out when known as such; one only
 * known from the stream (which does not say) is excused once the book never showed it
 * within a hold ({@link BookAgreement.excuse}).
 */
import type { BookLevelModel, OrderBookModel } from '../models/market.ts';
import type { ScreenOrderModel } from '../models/trading-screen.ts';
import { restingQuantity } from './screen-orders.ts';

/** Quantities are sums of decimals in doubles: a level may show them a hair apart. */
const EPSILON = 1e-9;
/** Ceilings waiting for the book at most. */
const MAX_CEILINGS = 100;
/** Excused orders kept before those no longer open are forgotten. */
const MAX_EXCUSED = 1_000;
/**
 * A ceiling the book has not met after this many holds is dropped: the level took another
 * trader's order meanwhile (until then frames say they are not coherent).
 */
const CEILING_HOLDS = 3;

const below = (a: number, b: number) => a < b - EPSILON * Math.max(1, Math.abs(b));

/** The side's level at `price`: its quantity, 0 when absent, undefined when not shown. */
function levelAt(book: OrderBookModel, bid: boolean, price: number, depth: number) {
  const levels: readonly BookLevelModel[] = bid ? book.bids : book.asks;
  if (levels.length >= depth) {
    const last = levels[levels.length - 1]!.price;
    if (bid ? price < last : price > last) return undefined;
  }
  return levels.find((l) => l.price === price)?.quantity ?? 0;
}

const none: ReadonlySet<number> = new Set();

/** The account's own visible resting quantity at (side, price). */
function ownAt(orders: readonly ScreenOrderModel[], bid: boolean, price: number): number {
  let sum = 0;
  for (const o of orders) {
    if (o.visible && o.price === price && (o.side === 'BUY') === bid) sum += restingQuantity(o);
  }
  return sum;
}

/** The levels shown that show less than the own visible orders there: (side, price) → orders. */
function shortLevels(
  book: OrderBookModel,
  orders: readonly ScreenOrderModel[],
  depth: number,
  excused: ReadonlySet<number>,
): ScreenOrderModel[][] {
  const own = new Map<
    string,
    { bid: boolean; price: number; quantity: number; orders: ScreenOrderModel[] }
  >();
  for (const o of orders) {
    const quantity = o.visible && !excused.has(o.orderId) ? restingQuantity(o) : 0;
    if (quantity <= 0) continue;
    const key = `${o.side}|${o.price}`;
    const held = own.get(key);
    if (held) {
      held.quantity += quantity;
      held.orders.push(o);
    } else own.set(key, { bid: o.side === 'BUY', price: o.price as number, quantity, orders: [o] });
  }
  const short: ScreenOrderModel[][] = [];
  for (const { bid, price, quantity, orders: at } of own.values()) {
    const level = levelAt(book, bid, price, depth);
    if (level !== undefined && below(level, quantity)) short.push(at);
  }
  return short;
}

/** Whether every visible resting order within the levels shown is in the book shown. */
export function bookShowsOrders(
  book: OrderBookModel,
  orders: readonly ScreenOrderModel[],
  depth: number,
  excused: ReadonlySet<number> = none,
): boolean {
  return shortLevels(book, orders, depth, excused).length === 0;
}

interface Ceiling {
  bid: boolean;
  price: number;
  /** The level may show this much at most once the book has caught up. */
  quantity: number;
  since: number;
}

/** {@link bookShowsOrders} plus the levels that must fall after orders left them. */
export class BookAgreement {
  private ceilings: Ceiling[] = [];
  /** Orders the book never showed within a hold (hidden or iceberg, as far as can be told). */
  private readonly excused = new Set<number>();

  constructor(
    private readonly depth: number,
    private readonly holdMs: number,
  ) {}

  /**
   * An order's change is about to be applied: `after` is its next state (undefined: it
   * ended). When it leaves a level the book still shows it at, the level must fall by as much.
   */
  orderLeaving(
    known: ScreenOrderModel,
    after: ScreenOrderModel | undefined,
    orders: readonly ScreenOrderModel[],
    book: OrderBookModel,
    now: number,
  ): void {
    const before = known.visible ? restingQuantity(known) : 0;
    if (before <= 0 || known.price === null) return;
    const stays = after && after.price === known.price ? restingQuantity(after) : 0;
    if (stays >= before) return;
    const bid = known.side === 'BUY';
    const level = levelAt(book, bid, known.price, this.depth);
    // Not shown, or the book dropped it already (it shows less than the own orders there).
    if (level === undefined || below(level, ownAt(orders, bid, known.price))) return;
    if (this.ceilings.length >= MAX_CEILINGS) this.ceilings.shift();
    this.ceilings.push({ bid, price: known.price, quantity: level - (before - stays), since: now });
  }

  /** Whether the book and the orders agree (ceilings met, or given up on, are dropped). */
  agrees(book: OrderBookModel, orders: readonly ScreenOrderModel[], now: number): boolean {
    this.ceilings = this.ceilings.filter((c) => {
      if (now - c.since >= this.holdMs * CEILING_HOLDS) return false;
      const level = levelAt(book, c.bid, c.price, this.depth);
      return level !== undefined && below(c.quantity, level);
    });
    return this.ceilings.length === 0 && bookShowsOrders(book, orders, this.depth, this.excused);
  }

  /**
   * A hold ran out: the orders at levels that still show less are left out from now on (the
   * book does not show them whole), and the ceilings are given up.
   */
  excuse(book: OrderBookModel, orders: readonly ScreenOrderModel[]): void {
    this.ceilings = [];
    for (const at of shortLevels(book, orders, this.depth, this.excused)) {
      for (const o of at) this.excused.add(o.orderId);
    }
    // Only open orders stay excused.
    if (this.excused.size > MAX_EXCUSED) {
      const open = new Set(orders.map((o) => o.orderId));
      for (const id of this.excused) if (!open.has(id)) this.excused.delete(id);
    }
  }
}
