/**
 * One frame of `Subscription.tradingScreen`, in the gateway's (GraphQL) shapes: a symbol's
 * book and everything of the caller's account a trading screen shows beside it, as of one
 * moment (src/screen computes it once per account, symbol and depth for every subscriber).
 */
import type { MarginMode, OrderStatus, OrderType, Side } from '../contract/wire.ts';
import type { AlgoOrderModel } from './algo-order.ts';
import type { OrderBookModel } from './market.ts';
import type { BalanceModel } from './portfolio.ts';

/** An open order of the symbol: read by REST at first, then kept from the private stream. */
export interface ScreenOrderModel {
  orderId: number;
  clientOrderId: string | null;
  side: Side;
  type: OrderType;
  status: OrderStatus;
  price: number | null;
  quantity: number | null;
  executedQuantity: number;
  averageExecutedPrice: number | null;
  reduceOnly: boolean;
  marginMode: MarginMode | null;
  /** false: hidden or iceberg (`visible_quantity` below the quantity): the book shows less. */
  visible: boolean;
  updatedAt: number;
}

/** A position of the symbol at the live mark, with its risk figures. */
export interface ScreenPositionModel {
  symbol: string;
  marginMode: MarginMode;
  side: 'LONG' | 'SHORT' | 'FLAT';
  /** Signed: negative is short. */
  quantity: number;
  averageOpenPrice: number;
  /** The mark the figures are computed at. */
  markPrice: number;
  notional: number;
  unrealizedPnl: number;
  unsettledPnl: number;
  unrealizedRoi: number;
  initialMargin: number;
  maintenanceMargin: number;
  estLiquidationPrice: number | null;
  leverage: number;
  updatedAt: number;
}

/** The symbol's funding: the running estimate and the time left to the next settlement. */
export interface FundingCountdownModel {
  estFundingRate: number;
  /** When the upstream computed the estimate. */
  estimatedAt: number;
  nextFundingTime: number;
  /** `nextFundingTime` − the frame's `timestamp`. */
  fundingInMs: number;
  fundingPeriodHours: number;
}

export interface TradingScreenModel {
  symbol: string;
  depth: number;
  /** Frames of this computation so far: every subscriber of it sees the same numbers. */
  sequence: number;
  /** When the frame was computed (the gateway's clock, ms). */
  timestamp: number;
  book: OrderBookModel;
  markPrice: number | null;
  openOrders: ScreenOrderModel[];
  algoOrders: AlgoOrderModel[];
  positions: ScreenPositionModel[];
  balances: BalanceModel[];
  funding: FundingCountdownModel | null;
  /** Every resting open order within the shown levels is in the book shown. */
  coherent: boolean;
}
