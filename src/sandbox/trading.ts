/**
 * The order engine: places an order against its symbol's market (checked by
 * order-admission.ts), fills it (what a fill changes: fills.ts), rests what is left, edits and
 * cancels, and fills resting orders when the mid price moves through them. Every change is
 * told to `state.events` (order, then position, then balance).
 */
import type { OrderType } from '../contract/wire.ts';
import { round } from './decimal.ts';
import { ApiError } from './errors.ts';
import type { FillDetail, OrderChangeKind } from './events.ts';
import { applyFill, positionKey } from './fills.ts';
import type { Fill, Market } from './market/market.ts';
import { admit, admitEdit, type OrderRequest } from './order-admission.ts';
import { orderMargin, positionRowOf } from './portfolio.ts';
import { isPending, orderRecord, quoteOf, REPLACED_READ_MS } from './records.ts';
import { bindReferral } from './referrals.ts';
import type { SandboxState } from './state.ts';
import type { Account, Order } from './types.ts';

export type { OrderRequest } from './order-admission.ts';

const TAKING_TYPES: readonly OrderType[] = ['LIMIT', 'IOC', 'FOK', 'ASK', 'BID', 'MARKET'];
const pending = isPending;

export class TradingEngine {
  constructor(
    private readonly state: SandboxState,
    private readonly clock: () => number,
  ) {}

  place(account: Account, req: OrderRequest): Order {
    const market = this.state.market(req.symbol);
    const order = this.placeIn(market, account, req);
    market.flush();
    return order;
  }

  private placeIn(market: Market, account: Account, req: OrderRequest): Order {
    const now = this.clock();
    const { price, quantity } = admit(this.state, market, account, req);
    const order = this.book(account, req, price, quantity, now);
    bindReferral(this.state, account, req.orderTag);
    let cap: number | undefined;
    if (req.reduceOnly) {
      cap = this.reducible(account, order);
      if (cap <= 0) {
        return this.finish(order, 'REJECTED', 'reduce-only order would not reduce a position');
      }
      if (order.quantity !== null && order.quantity > cap) {
        order.quantity = cap;
        order.visibleQuantity = Math.min(order.visibleQuantity ?? cap, cap);
        order.message = 'quantity reduced to the position size';
      }
    }
    if (req.type === 'POST_ONLY' && market.crosses(req.side, order.price as number)) {
      return this.finish(order, 'REJECTED', 'post-only order would take liquidity');
    }
    this.changed(order, 'placed');
    return TAKING_TYPES.includes(req.type) ? this.take(order, market, req, cap, now) : order;
  }

  /** A new order, in the books of the service and of its account. */
  private book(
    account: Account,
    req: OrderRequest,
    price: number | undefined,
    quantity: number | undefined,
    now: number,
  ): Order {
    const order: Order = {
      orderId: this.state.nextOrderId(),
      account,
      clientOrderId: req.clientOrderId,
      symbol: req.symbol,
      side: req.side,
      type: req.type,
      price: price ?? null,
      quantity: quantity ?? null,
      amount: req.amount ?? null,
      visibleQuantity: req.visibleQuantity ?? quantity ?? null,
      reduceOnly: req.reduceOnly,
      orderTag: req.orderTag ?? null,
      marginMode: req.marginMode ?? this.state.marginMode(account, req.symbol),
      status: 'NEW',
      replacedUntil: 0,
      executedQuantity: 0,
      executedNotional: 0,
      totalFee: 0,
      realizedPnl: 0,
      margin: 0,
      createdTime: now,
      updatedTime: now,
      message: 'none',
    };
    this.state.addOrder(order);
    return order;
  }

  /** A taking order against the book: fills, then FILLED, CANCELLED (IOC, MARKET, FOK) or resting. */
  private take(
    order: Order,
    market: Market,
    req: OrderRequest,
    cap: number | undefined,
    now: number,
  ): Order {
    const mid = market.mid;
    const limit =
      req.type === 'MARKET'
        ? req.slippage === undefined
          ? undefined
          : mid * (req.side === 'BUY' ? 1 + req.slippage : 1 - req.slippage)
        : (order.price as number);
    const fills = market.take(req.side, {
      limit,
      cap,
      quantity: order.quantity ?? undefined,
      amount: order.quantity === null ? (order.amount ?? undefined) : undefined,
    });
    const filled = round(
      fills.reduce((sum, f) => sum + f.quantity, 0),
      10,
    );
    if (req.type === 'FOK' && filled < (order.quantity as number)) {
      return this.finish(order, 'CANCELLED', 'fill-or-kill order could not fill completely');
    }
    this.takeFills(order, market, fills, now);
    const complete =
      order.quantity === null
        ? order.executedQuantity > 0 && !this.amountLeft(order, market)
        : round(order.executedQuantity, 10) >= order.quantity;
    if (complete) {
      // An amount order is complete before its last step: its status says so now.
      if (order.status !== 'FILLED') this.finish(order, 'FILLED');
      return order;
    }
    if (req.type !== 'MARKET' && req.type !== 'IOC') return order;
    const reason =
      order.executedQuantity > 0 ? 'remaining quantity cancelled' : 'no liquidity within the limit';
    return this.finish(order, 'CANCELLED', reason);
  }

  cancel(order: Order, reason = 'cancelled by the user'): Order {
    if (!pending(order)) {
      throw new ApiError(-1006, `order ${order.orderId} is already ${order.status}`);
    }
    this.finish(order, 'CANCELLED', reason);
    this.state.market(order.symbol).flush();
    return order;
  }

  /**
   * Changes a resting order's price or quantity. The order streams REPLACED with the new
   * values and reads REPLACED until its next change or REPLACED_READ_MS of the sandbox clock,
   * then carries on (NEW or PARTIAL_FILLED); a new price that crosses takes liquidity at once
   * (its fill is that next change).
   */
  edit(order: Order, change: { price?: number; quantity?: number }): Order {
    if (!pending(order)) {
      throw new ApiError(-1006, `order ${order.orderId} is already ${order.status}`);
    }
    if (order.price === null || order.quantity === null) {
      throw new ApiError(
        -1005,
        'order_id: only resting orders with a price and quantity can be edited',
      );
    }
    const market = this.state.market(order.symbol);
    const resting = order as Order & { price: number; quantity: number };
    const { price, quantity, remaining } = admitEdit(this.state, resting, change);
    const now = this.clock();
    const fullyVisible = order.visibleQuantity === null || order.visibleQuantity === order.quantity;
    order.price = price;
    order.quantity = quantity;
    order.visibleQuantity = fullyVisible ? quantity : Math.min(order.visibleQuantity!, quantity);
    order.updatedTime = now;
    order.replacedUntil = now + REPLACED_READ_MS;
    this.changed(order, 'replaced');
    this.takeFills(
      order,
      market,
      market.take(order.side, { limit: price, quantity: remaining }),
      now,
    );
    market.flush();
    return order;
  }

  /**
   * Moves a symbol's mid price; resting orders the new book crosses fill as maker at their
   * price. Returns the orders that filled (or whose reduce-only remainder was cancelled).
   */
  setMid(symbol: string, price: number): Order[] {
    const market = this.state.market(symbol);
    market.setMid(price);
    const now = this.clock();
    const touched: Order[] = [];
    for (const order of [...this.state.orders.values()]) {
      if (order.symbol !== symbol || !pending(order) || order.price === null) continue;
      if (!market.syntheticCrosses(order.side, order.price)) continue;
      touched.push(order);
      let quantity = round((order.quantity ?? 0) - order.executedQuantity, 10);
      if (order.reduceOnly) quantity = Math.min(quantity, this.reducible(order.account, order));
      if (quantity > 0) {
        this.fill(order, { price: order.price, quantity }, true, now);
        market.print(order.side === 'BUY' ? 'SELL' : 'BUY', order.price, quantity, now);
      }
      if (pending(order)) this.finish(order, 'CANCELLED', 'reduce-only remainder cancelled');
    }
    market.flush();
    this.state.events.emit('mid', { symbol, mid: market.mid, timestamp: now });
    return touched;
  }

  /**
   * A taker's fills: the taker's side of each, the resting order's side when it took from
   * one (maker), and one public trade per fill.
   */
  private takeFills(order: Order, market: Market, fills: Fill[], now: number): void {
    for (const { price, quantity, maker } of fills) {
      const taken = this.fill(order, { price, quantity }, false, now);
      if (maker) this.fill(maker, { price, quantity }, true, now, taken);
      market.print(order.side, price, quantity, now);
    }
  }

  /** Whether an amount order's remaining quote still buys one quantity step at the best price. */
  private amountLeft(order: Order, market: Market): boolean {
    const book = market.syntheticBook();
    const best = (order.side === 'BUY' ? book.asks[0] : book.bids[0])?.price ?? book.mid;
    return (order.amount ?? 0) - order.executedNotional >= best * market.config.quantityStep;
  }

  /** How much of the position in the order's symbol and mode this order can close. */
  private reducible(account: Account, order: Order): number {
    const q = account.positions.get(positionKey(order))?.quantity ?? 0;
    return order.side === 'BUY' ? Math.max(0, -q) : Math.max(0, q);
  }

  private finish(order: Order, status: Order['status'], message?: string): Order {
    order.status = status;
    if (message !== undefined) order.message = message;
    order.updatedTime = this.clock();
    this.changed(
      order,
      status === 'REJECTED' ? 'rejected' : status === 'CANCELLED' ? 'cancelled' : 'fill',
    );
    return order;
  }

  /**
   * After every change of an order: its margin and open-order bookkeeping, then the order
   * event (a snapshot, built only when someone listens).
   */
  private changed(order: Order, kind: OrderChangeKind, fill?: FillDetail): void {
    // Any change but the edit itself ends its REPLACED reading: the order carries on.
    if (kind !== 'replaced') order.replacedUntil = 0;
    this.state.market(order.symbol).sync(order);
    const account = order.account;
    const margin = orderMargin(this.state, order);
    if (margin !== order.margin) {
      const token = quoteOf(order.symbol);
      account.frozen.set(token, (account.frozen.get(token) ?? 0) + margin - order.margin);
      order.margin = margin;
    }
    if (!pending(order)) account.openOrders.delete(order);
    const { events } = this.state;
    if (!events.listening('order')) return;
    events.emit('order', {
      accountId: account.accountId,
      kind,
      order: orderRecord(order, order.updatedTime),
      reason: order.message,
      ...(fill ? { fill } : {}),
      timestamp: order.updatedTime,
    });
  }

  /**
   * Applies one fill, sets the status it leads to, and tells order, position and balances;
   * returns its trade id (`matchId`: the taker's, on the maker's side of the same match).
   */
  private fill(order: Order, fill: Fill, maker: boolean, now: number, matchId?: number): number {
    const effect = applyFill(this.state, order, fill, maker, now, matchId);
    const done =
      order.quantity === null
        ? !this.amountLeft(order, this.state.market(order.symbol))
        : round(order.executedQuantity, 10) >= order.quantity;
    order.status = done ? 'FILLED' : 'PARTIAL_FILLED';
    this.changed(order, done ? 'fill' : 'partial_fill', effect.detail);
    const { events } = this.state;
    if (events.listening('position')) {
      const account = order.account;
      const position = positionRowOf(this.state, account, order.symbol, order.marginMode, now);
      events.emit('position', { accountId: account.accountId, position, timestamp: now });
    }
    for (const account of effect.accounts) this.state.emitBalance(account);
    return effect.detail.tradeId;
  }
}
