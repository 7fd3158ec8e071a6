/**
 * What an order would cost and leave, before it is placed (an order preview): its notional,
 * estimated fee, the initial margin it adds and the liquidation price it would leave.
 * Cross margin only — the facts' isolated maximum is not built (docs/risk.md).
 *
 * - Price: the limit price; the mark for MARKET, BID and ASK (the SDK's reference price
 *   reads the book's best level; the mark stands in for it here).
 * - Fee: taker unless the order rests: POST_ONLY, a LIMIT that does not cross the mark, a
 *   BID to buy or an ASK to sell (they join their own side of the book).
 * - Initial margin: what the symbol's cross initial margin with orders
 *   (`totalInitialMarginWithQty`) grows by with the order among the open ones — 0 for an
 *   order that only reduces.
 * - Liquidation price: `estLiqPriceForOrder` (liquidation-order.ts), fee at the taker rate as
 *   the SDK charges it. Plain numbers: see position.ts.
 */
import { type AccountRisk, collateralOf, markOf, ruleOf } from './account-room.ts';
import { type MarginPosition, totalInitialMarginWithQty } from './initial-margin.ts';
import { estLiqPriceForOrder } from './liquidation-order.ts';

export interface OrderToEstimate {
  symbol: string;
  side: 'BUY' | 'SELL';
  /** LIMIT, MARKET, IOC, FOK, POST_ONLY, ASK or BID. */
  orderType: string;
  price?: number | null;
  quantity?: number | null;
  /** Size in quote currency (MARKET, ASK, BID): the quantity is amount / price. */
  amount?: number | null;
}

export interface OrderEstimate {
  /** The price the figures use (limit price or mark). */
  price: number;
  /** The quantity the figures use (given, or amount / price). */
  quantity: number;
  notional: number;
  estimatedFee: number;
  initialMargin: number;
  estLiquidationPrice: number | null;
}

const PRICED_BY_BOOK = new Set(['MARKET', 'BID', 'ASK']);

/** Whether the order would rest on the book (maker) rather than take (taker). */
export function restsOnBook(order: OrderToEstimate, price: number, mark: number): boolean {
  const buy = order.side === 'BUY';
  switch (order.orderType) {
    case 'POST_ONLY':
      return true;
    case 'LIMIT':
      return buy ? price < mark : price > mark;
    case 'BID':
      return buy;
    case 'ASK':
      return !buy;
    default:
      return false;
  }
}

/** The symbol's cross initial margin with orders, the order added to the open ones or not. */
function crossMargin(account: AccountRisk, order: OrderToEstimate, quantity: number): number {
  const add = (p: MarginPosition): MarginPosition =>
    order.side === 'BUY'
      ? { ...p, pendingLongQuantity: p.pendingLongQuantity + quantity }
      : { ...p, pendingShortQuantity: p.pendingShortQuantity + quantity };
  const crossRow = (p: MarginPosition) => p.symbol === order.symbol && p.marginMode !== 'ISOLATED';
  const index = account.positions.findIndex(crossRow);
  const empty = {
    symbol: order.symbol,
    quantity: 0,
    pendingLongQuantity: 0,
    pendingShortQuantity: 0,
  };
  const positions: MarginPosition[] =
    index < 0
      ? [...account.positions, add(empty)]
      : account.positions.map((p, i) => (i === index ? add(p) : p));
  const { markPrices, leverages, rules } = account;
  return (
    totalInitialMarginWithQty({ positions, markPrices, leverages, rules }).bySymbol[order.symbol] ??
    0
  );
}

/** The order's figures; null when it has neither a quantity nor an amount to size it. */
export function estimateOrder(account: AccountRisk, order: OrderToEstimate): OrderEstimate | null {
  const mark = markOf(account, order.symbol);
  const rule = ruleOf(account, order.symbol);
  const price = PRICED_BY_BOOK.has(order.orderType) || order.price == null ? mark : order.price;
  const quantity = order.quantity ?? (order.amount == null ? null : order.amount / price);
  if (quantity == null || !(price > 0)) return null;
  const notional = Math.abs(quantity * price);
  const rate = restsOnBook(order, price, mark) ? account.makerFeeRate : account.takerFeeRate;
  const before = crossMargin(account, order, 0);
  const initialMargin = Math.max(0, crossMargin(account, order, quantity) - before);
  const signed = order.side === 'BUY' ? quantity : -quantity;
  const positions = account.positions
    .filter((p) => p.marginMode !== 'ISOLATED' && p.quantity !== 0)
    .map((p) => ({ ...p, markPrice: markOf(account, p.symbol) }));
  const estLiquidationPrice = estLiqPriceForOrder({
    ...rule,
    totalCollateral: collateralOf(account),
    markPrice: mark,
    orderFee: notional * account.takerFeeRate,
    positions,
    order: { symbol: order.symbol, quantity: signed, price },
  });
  return {
    price,
    quantity,
    notional,
    estimatedFee: notional * rate,
    initialMargin,
    estLiquidationPrice,
  };
}
