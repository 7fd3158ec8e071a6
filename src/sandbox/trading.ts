/**
 * The order engine: places an order against its symbol's market, applies fills to the
 * order, the position (realized PnL), the balance (fees) and the referral books, rests what
 * is left, edits and cancels, and fills resting orders when the mid price moves through them.
 * Every change is told to `state.events` (order, then position, then balance).
 */
import type { MarginMode, OrderType, Side } from '../contract/wire.ts';
import { round } from './decimal.ts';
import { ApiError } from './errors.ts';
import type { FillDetail, OrderChangeKind } from './events.ts';
import type { Fill, Market } from './market.ts';
import { freeCollateralOf, imrOf, orderMargin, positionRowOf } from './portfolio.ts';
import { isPending, orderRecord, quoteOf } from './records.ts';
import type { Account, Order, SandboxState } from './state.ts';

export interface OrderRequest {
  symbol: string;
  side: Side;
  type: OrderType;
  clientOrderId: string | null;
  price?: number;
  quantity?: number;
  amount?: number;
  visibleQuantity?: number;
  reduceOnly: boolean;
  slippage?: number;
  orderTag?: string;
  level?: number;
  postOnlyAdjust: boolean;
  marginMode?: MarginMode;
}

const TAKING_TYPES: readonly OrderType[] = ['LIMIT', 'IOC', 'FOK', 'ASK', 'BID', 'MARKET'];
const pending = isPending;

/** What one fill changed, told after the order's own event. */
interface FillEffect {
  detail: FillDetail;
  /** Accounts whose balance moved (the trader; a referrer's rebate). */
  accounts: Set<Account>;
}

export class TradingEngine {
  constructor(
    private readonly state: SandboxState,
    private readonly clock: () => number,
  ) {}

  place(account: Account, req: OrderRequest): Order {
    const market = this.state.market(req.symbol);
    const book = market.book();
    const now = this.clock();
    const price = this.priceOf(market, req);
    let quantity = req.quantity;
    if (quantity !== undefined && !market.isOnStep(quantity)) {
      throw new ApiError(
        -1104,
        `order_quantity: must be a multiple of the quantity step ${market.config.quantityStep}`,
      );
    }
    if (quantity === undefined && req.amount !== undefined && price !== undefined) {
      quantity = market.floorQuantity(req.amount / price);
      if (quantity <= 0) throw new ApiError(-1104, 'order_amount: less than one quantity step');
    }
    const notional = req.amount ?? (quantity ?? 0) * (price ?? book.mid);
    if (notional < market.config.minNotional) {
      throw new ApiError(
        -1102,
        `order value ${round(notional)} is below the minimum notional ${market.config.minNotional}`,
      );
    }
    if (market.config.maxNotional !== undefined && notional > market.config.maxNotional) {
      throw new ApiError(
        -1008,
        `order value is above the maximum notional ${market.config.maxNotional}`,
      );
    }
    if (
      !req.reduceOnly &&
      notional * imrOf(this.state, req.symbol, notional) > freeCollateralOf(this.state, account)
    ) {
      throw new ApiError(-1101, 'insufficient margin for this order');
    }

    const marginMode = req.marginMode ?? this.state.marginMode(account, req.symbol);
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
      marginMode,
      status: 'NEW',
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
    this.bindReferral(account, req.orderTag);

    let cap: number | undefined;
    if (req.reduceOnly) {
      cap = this.reducible(account, order);
      if (cap <= 0)
        return this.finish(order, 'REJECTED', 'reduce-only order would not reduce a position');
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
    if (!TAKING_TYPES.includes(req.type)) return order;

    const limit =
      req.type === 'MARKET'
        ? req.slippage === undefined
          ? undefined
          : book.mid * (req.side === 'BUY' ? 1 + req.slippage : 1 - req.slippage)
        : (order.price as number);
    const want = {
      limit,
      cap,
      quantity: order.quantity ?? undefined,
      amount: order.quantity === null ? (order.amount ?? undefined) : undefined,
    };
    const fills = market.take(req.side, want);
    const filled = round(
      fills.reduce((sum, f) => sum + f.quantity, 0),
      10,
    );
    if (req.type === 'FOK' && filled < (order.quantity as number)) {
      return this.finish(order, 'CANCELLED', 'fill-or-kill order could not fill completely');
    }
    for (const fill of fills) this.fill(order, fill, false, now);
    const complete =
      order.quantity === null
        ? order.executedQuantity > 0 && !this.amountLeft(order, market)
        : round(order.executedQuantity, 10) >= order.quantity;
    if (complete) {
      // An amount order is complete before its last step: its status says so now.
      if (order.status !== 'FILLED') this.finish(order, 'FILLED');
      return order;
    }
    if (req.type === 'MARKET' || req.type === 'IOC') {
      return this.finish(
        order,
        'CANCELLED',
        order.executedQuantity > 0
          ? 'remaining quantity cancelled'
          : 'no liquidity within the limit',
      );
    }
    return order;
  }

  cancel(order: Order, reason = 'cancelled by the user'): Order {
    if (!pending(order)) {
      throw new ApiError(-1006, `order ${order.orderId} is already ${order.status}`);
    }
    return this.finish(order, 'CANCELLED', reason);
  }

  /**
   * Changes a resting order's price or quantity. The order reads REPLACED for one event,
   * then carries on (NEW or PARTIAL_FILLED) with the new values; a new price that crosses
   * takes liquidity at once.
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
    const price = change.price ?? order.price;
    const quantity = change.quantity ?? order.quantity;
    if (!market.isOnTick(price)) {
      throw new ApiError(-1103, `order_price: must be a multiple of the tick size ${market.tick}`);
    }
    if (!market.isOnStep(quantity)) {
      throw new ApiError(
        -1104,
        `order_quantity: must be a multiple of the quantity step ${market.config.quantityStep}`,
      );
    }
    if (quantity <= order.executedQuantity) {
      throw new ApiError(-1005, 'order_quantity: must exceed the executed quantity');
    }
    const remaining = round(quantity - order.executedQuantity, 10);
    if (remaining * price < market.config.minNotional) {
      throw new ApiError(
        -1102,
        `order value ${round(remaining * price)} is below the minimum notional ${market.config.minNotional}`,
      );
    }
    if (order.type === 'POST_ONLY' && market.crosses(order.side, price)) {
      throw new ApiError(-1005, 'order_price: a post-only order would take liquidity');
    }
    const notional = remaining * price;
    const margin = notional * imrOf(this.state, order.symbol, notional);
    if (!order.reduceOnly && margin - order.margin > freeCollateralOf(this.state, order.account)) {
      throw new ApiError(-1101, 'insufficient margin for the edited order');
    }
    const now = this.clock();
    const fullyVisible = order.visibleQuantity === null || order.visibleQuantity === order.quantity;
    order.price = price;
    order.quantity = quantity;
    order.visibleQuantity = fullyVisible ? quantity : Math.min(order.visibleQuantity!, quantity);
    order.updatedTime = now;
    order.status = 'REPLACED';
    this.changed(order, 'replaced');
    order.status = order.executedQuantity > 0 ? 'PARTIAL_FILLED' : 'NEW';
    this.changed(order, 'placed');
    for (const fill of market.take(order.side, { limit: price, quantity: remaining })) {
      this.fill(order, fill, false, now);
    }
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
      if (!market.crosses(order.side, order.price)) continue;
      touched.push(order);
      let quantity = round((order.quantity ?? 0) - order.executedQuantity, 10);
      if (order.reduceOnly) quantity = Math.min(quantity, this.reducible(order.account, order));
      if (quantity > 0) this.fill(order, { price: order.price, quantity }, true, now);
      if (pending(order)) this.finish(order, 'CANCELLED', 'reduce-only remainder cancelled');
    }
    this.state.events.emit('mid', { symbol, mid: market.mid, timestamp: now });
    return touched;
  }

  private priceOf(market: Market, req: OrderRequest): number | undefined {
    const book = market.book();
    if (req.type === 'MARKET') return undefined;
    if (req.type === 'BID' || req.type === 'ASK') {
      const levels = req.type === 'BID' ? book.bids : book.asks;
      return levels[req.level ?? 0]?.price;
    }
    let price = req.price as number;
    if (!market.isOnTick(price)) {
      throw new ApiError(-1103, `order_price: must be a multiple of the tick size ${market.tick}`);
    }
    if (req.type === 'POST_ONLY' && req.postOnlyAdjust && market.crosses(req.side, price)) {
      const best = req.side === 'BUY' ? book.asks[0] : book.bids[0];
      const tick = req.side === 'BUY' ? -market.tick : market.tick;
      price = round((best?.price ?? book.mid) + tick, market.priceDecimals);
    }
    return price;
  }

  /** Whether an amount order's remaining quote still buys one quantity step at the best price. */
  private amountLeft(order: Order, market: Market): boolean {
    const book = market.book();
    const best = (order.side === 'BUY' ? book.asks[0] : book.bids[0])?.price ?? book.mid;
    return (order.amount ?? 0) - order.executedNotional >= best * market.config.quantityStep;
  }

  private positionKey(order: Order): string {
    return `${order.symbol}|${order.marginMode}`;
  }

  /** How much of the position in the order's symbol and mode this order can close. */
  private reducible(account: Account, order: Order): number {
    const q = account.positions.get(this.positionKey(order))?.quantity ?? 0;
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
      order: orderRecord(order),
      reason: order.message,
      ...(fill ? { fill } : {}),
      timestamp: order.updatedTime,
    });
  }

  /** Applies one fill, sets the status it leads to, and tells order, position and balances. */
  private fill(order: Order, fill: Fill, maker: boolean, now: number): void {
    const effect = this.applyFill(order, fill, maker, now);
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
  }

  private bindReferral(account: Account, tag: string | undefined): void {
    if (tag === undefined || tag.startsWith('enum:') || account.referredBy !== undefined) return;
    const code = this.state.referralCodes.get(tag);
    if (code && code.owner !== account) account.referredBy = code.code;
  }

  private applyFill(order: Order, fill: Fill, maker: boolean, now: number): FillEffect {
    const { state } = this;
    const account = order.account;
    const market = state.market(order.symbol);
    const notional = fill.price * fill.quantity;
    const rwa = market.config.kind === 'rwa';
    const rates = state.feeRates;
    const rate = maker
      ? rwa
        ? rates.rwa_maker_fee_rate
        : rates.maker_fee_rate
      : rwa
        ? rates.rwa_taker_fee_rate
        : rates.taker_fee_rate;
    const baseFee = round(notional * rate);
    const fee = round(baseFee + notional * this.tagFeeRate(order));

    const key = this.positionKey(order);
    const position = account.positions.get(key) ?? {
      quantity: 0,
      averageOpenPrice: 0,
      updatedTime: now,
    };
    const signed = order.side === 'BUY' ? fill.quantity : -fill.quantity;
    let realized = 0;
    if (position.quantity === 0 || Math.sign(position.quantity) === Math.sign(signed)) {
      const size = Math.abs(position.quantity);
      position.averageOpenPrice =
        (size * position.averageOpenPrice + notional) / (size + fill.quantity);
    } else {
      const closing = Math.min(fill.quantity, Math.abs(position.quantity));
      realized = closing * (fill.price - position.averageOpenPrice) * Math.sign(position.quantity);
      if (fill.quantity > Math.abs(position.quantity)) position.averageOpenPrice = fill.price;
    }
    position.quantity = round(position.quantity + signed, 10);
    if (position.quantity === 0) position.averageOpenPrice = 0;
    position.updatedTime = now;
    account.positions.set(key, position);

    order.executedQuantity = round(order.executedQuantity + fill.quantity, 10);
    order.executedNotional = round(order.executedNotional + notional);
    order.totalFee = round(order.totalFee + fee);
    order.realizedPnl = round(order.realizedPnl + realized);
    order.updatedTime = now;
    state.setBalance(account, round(account.balance + realized - fee), false);
    const tradeId = state.nextTradeId();
    state.addTrade(account, {
      tradeId,
      orderId: order.orderId,
      symbol: order.symbol,
      marginMode: order.marginMode,
      side: order.side,
      price: fill.price,
      quantity: fill.quantity,
      fee,
      realizedPnl: round(realized),
      maker,
      time: now,
    });
    const accounts = new Set([account]);
    const referrer = this.attributeReferral(order, notional, fee, baseFee, now);
    if (referrer) accounts.add(referrer);
    const detail: FillDetail = {
      tradeId,
      price: fill.price,
      quantity: fill.quantity,
      fee,
      feeAsset: quoteOf(order.symbol),
      maker,
    };
    return { detail, accounts };
  }

  private tagFeeRate(order: Order): number {
    if (!order.orderTag?.startsWith('enum:')) return 0;
    const config = this.state.orderTags.get(order.orderTag.slice('enum:'.length));
    return config ? (config.pairOverrides[order.symbol] ?? config.defaultFeeRate) : 0;
  }

  /** A plain referral-code tag overrides the account's referral relationship for this order. */
  private attributeReferral(
    order: Order,
    notional: number,
    fee: number,
    baseFee: number,
    now: number,
  ): Account | undefined {
    const tag = order.orderTag;
    const codeName = tag && !tag.startsWith('enum:') ? tag : order.account.referredBy;
    const code = codeName === undefined ? undefined : this.state.referralCodes.get(codeName);
    if (!code || code.owner === order.account) return undefined;
    const refereeRebate = round(baseFee * code.refereeRebateRate);
    const referrerRebate = round(baseFee * code.referrerRebateRate);
    code.totalRefereeRebate = round(code.totalRefereeRebate + refereeRebate);
    code.totalReferrerRebate = round(code.totalReferrerRebate + referrerRebate);
    const id = `${code.code}|${order.account.accountId.toLowerCase()}`;
    const stats = this.state.referees.get(id) ?? {
      code: code.code,
      account: order.account,
      volume: 0,
      fee: 0,
      rebates: 0,
      dailyRebate: new Map<string, number>(),
    };
    stats.volume = round(stats.volume + notional);
    stats.fee = round(stats.fee + fee);
    stats.rebates = round(stats.rebates + refereeRebate + referrerRebate);
    const day = new Date(now).toISOString().slice(0, 10);
    stats.dailyRebate.set(day, round((stats.dailyRebate.get(day) ?? 0) + refereeRebate));
    this.state.referees.set(id, stats);
    this.state.setBalance(order.account, round(order.account.balance + refereeRebate), false);
    this.state.setBalance(code.owner, round(code.owner.balance + referrerRebate), false);
    return code.owner;
  }
}
