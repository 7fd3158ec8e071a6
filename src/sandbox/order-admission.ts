/**
 * The checks an order passes before the engine books it, and an edit before it applies: tick
 * and step, the symbol's price and size filters (market/rules.ts: quote and base bounds, price
 * range and scope against the mark), minimum and maximum notional, free collateral. Each failure is the ApiError the
 * upstream answers with; nothing is changed by a refusal.
 */
import type { MarginMode, OrderType, Side } from '../contract/wire.ts';
import { round } from './decimal.ts';
import { ApiError } from './errors.ts';
import { leverageOf } from './leverage-setting.ts';
import type { Market } from './market/market.ts';
import { checkPrice, checkQuantity } from './market/rules.ts';
import { freeCollateralOf, imrOf } from './portfolio.ts';
import type { SandboxState } from './state.ts';
import type { Account, Order } from './types.ts';

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

const offStep = (market: Market) =>
  new ApiError(
    -1104,
    `order_quantity: must be a multiple of the quantity step ${market.config.quantityStep}`,
  );
const offTick = (market: Market) =>
  new ApiError(-1103, `order_price: must be a multiple of the tick size ${market.tick}`);

/** The limit price: the book's level for BID/ASK, none for MARKET, a post-only's adjusted. */
function priceOf(market: Market, req: OrderRequest): number | undefined {
  if (req.type === 'MARKET') return undefined;
  if (req.type === 'BID' || req.type === 'ASK') {
    // bid0..bid4 / ask0..ask4 of the synthetic levels (the resting orders do not shift them).
    const book = market.syntheticBook();
    const levels = req.type === 'BID' ? book.bids : book.asks;
    return levels[req.level ?? 0]?.price;
  }
  let price = req.price as number;
  if (!market.isOnTick(price)) throw offTick(market);
  if (req.type === 'POST_ONLY' && req.postOnlyAdjust && market.crosses(req.side, price)) {
    // One tick inside the best price it would take: a synthetic level or a resting order.
    const best = market.bestFor(req.side) ?? market.mid;
    const tick = req.side === 'BUY' ? -market.tick : market.tick;
    price = round(best + tick, market.priceDecimals);
  }
  checkPrice(market.rules, req.side, price, market.mid);
  return price;
}

function checkNotional(market: Market, notional: number): void {
  if (notional < market.config.minNotional) {
    throw new ApiError(
      -1102,
      `order value ${round(notional)} is below the minimum notional ${market.config.minNotional}`,
    );
  }
  const max = market.config.maxNotional;
  if (max !== undefined && notional > max) {
    throw new ApiError(-1008, `order value is above the maximum notional ${max}`);
  }
}

/** The price and quantity a new order is booked with, or the ApiError that refuses it. */
export function admit(
  state: SandboxState,
  market: Market,
  account: Account,
  req: OrderRequest,
): { price: number | undefined; quantity: number | undefined } {
  const price = priceOf(market, req);
  let quantity = req.quantity;
  if (quantity !== undefined && !market.isOnStep(quantity)) throw offStep(market);
  if (quantity === undefined && req.amount !== undefined && price !== undefined) {
    quantity = market.floorQuantity(req.amount / price);
    if (quantity <= 0) throw new ApiError(-1104, 'order_amount: less than one quantity step');
  }
  if (quantity !== undefined) checkQuantity(market.rules, quantity);
  const notional = req.amount ?? (quantity ?? 0) * (price ?? market.mid);
  checkNotional(market, notional);
  const mode = req.marginMode ?? state.marginMode(account, req.symbol);
  const leverage = leverageOf(state, account, req.symbol, mode);
  const margin = notional * imrOf(state, req.symbol, notional, leverage);
  if (!req.reduceOnly && margin > freeCollateralOf(state, account)) {
    throw new ApiError(-1101, 'insufficient margin for this order');
  }
  return { price, quantity };
}

/** An edit's new price and quantity and what is left to fill, or the ApiError that refuses it. */
export function admitEdit(
  state: SandboxState,
  order: Order & { price: number; quantity: number },
  change: { price?: number; quantity?: number },
): { price: number; quantity: number; remaining: number } {
  const market = state.market(order.symbol);
  const price = change.price ?? order.price;
  const quantity = change.quantity ?? order.quantity;
  if (!market.isOnTick(price)) throw offTick(market);
  if (!market.isOnStep(quantity)) throw offStep(market);
  checkQuantity(market.rules, quantity);
  if (change.price !== undefined) checkPrice(market.rules, order.side, price, market.mid);
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
  const leverage = leverageOf(state, order.account, order.symbol, order.marginMode);
  const margin = notional * imrOf(state, order.symbol, notional, leverage);
  if (!order.reduceOnly && margin - order.margin > freeCollateralOf(state, order.account)) {
    throw new ApiError(-1101, 'insufficient margin for the edited order');
  }
  return { price, quantity, remaining };
}
