/**
 * Market data in the gateway's (GraphQL) shapes: one piece for the reads (`orderBook`,
 * `marketTrades`, `klines` queries) and the live subscriptions, so a client cannot tell a
 * pushed book or trade from one it read.
 */
import type { KlineTopicInterval } from '../contract/wire-market-stream.ts';
import type { Side } from '../contract/wire-orders.ts';

export interface BookLevelModel {
  price: number;
  quantity: number;
}

/** Asks ascending, bids descending, never crossed (best bid < best ask). */
export interface OrderBookModel {
  symbol: string;
  asks: BookLevelModel[];
  bids: BookLevelModel[];
  /** The upstream's time of the book (the last update applied), ms. */
  timestamp: number;
}

export interface MarketTradeModel {
  symbol: string;
  side: Side;
  price: number;
  quantity: number;
  timestamp: number;
}

export interface BboModel {
  symbol: string;
  bidPrice: number;
  bidQuantity: number;
  askPrice: number;
  askQuantity: number;
  timestamp: number;
}

export interface MarkPriceModel {
  symbol: string;
  price: number;
}

export interface KlineModel {
  /** The topic's interval text (`1m` … `1M`); the GraphQL enum maps it. */
  interval: KlineTopicInterval;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  amount: number;
  startTime: number;
  endTime: number;
}
