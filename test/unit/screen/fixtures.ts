/** Small builders of the screen's inputs: orders, books, positions, stream updates. */
import type { OrderBookModel } from '../../../src/models/market.ts';
import type { PositionModel } from '../../../src/models/portfolio.ts';
import type { ScreenOrderModel } from '../../../src/models/trading-screen.ts';
import type { OrderUpdateModel } from '../../../src/upstream/stream/models.ts';

export const SYMBOL = 'PERP_ETH_USDC';

export function order(over: Partial<ScreenOrderModel> = {}): ScreenOrderModel {
  return {
    orderId: 1,
    clientOrderId: null,
    side: 'BUY',
    type: 'LIMIT',
    status: 'NEW',
    price: 99,
    quantity: 1,
    executedQuantity: 0,
    averageExecutedPrice: null,
    reduceOnly: false,
    marginMode: 'CROSS',
    visible: true,
    updatedAt: 1_000,
    ...over,
  };
}

/** A book of `[price, quantity]` levels, bids best first then asks best first. */
export function book(bids: [number, number][], asks: [number, number][]): OrderBookModel {
  const level = ([price, quantity]: [number, number]) => ({ price, quantity });
  return { symbol: SYMBOL, bids: bids.map(level), asks: asks.map(level), timestamp: 1 };
}

export function update(over: Partial<OrderUpdateModel> = {}): OrderUpdateModel {
  return {
    orderId: 1,
    clientOrderId: null,
    symbol: SYMBOL,
    side: 'BUY',
    type: 'LIMIT',
    status: 'NEW',
    price: 99,
    quantity: 1,
    executedQuantity: 0,
    avgPrice: null,
    reason: null,
    timestamp: 2_000,
    marginMode: 'CROSS',
    reduceOnly: false,
    fill: null,
    source: 'stream',
    ...over,
  };
}

export function position(over: Partial<PositionModel> = {}): PositionModel {
  return {
    symbol: SYMBOL,
    marginMode: 'CROSS',
    quantity: 2,
    side: 'LONG',
    costPosition: 6_000,
    averageOpenPrice: 3_000,
    markPrice: 3_000,
    estLiquidationPrice: null,
    unsettledPnl: 0,
    pnl24h: 0,
    fee24h: 0,
    pendingLongQuantity: 0,
    pendingShortQuantity: 0,
    leverage: 10,
    imr: 0.1,
    mmr: 0.05,
    updatedAt: 1_000,
    ...over,
  };
}
