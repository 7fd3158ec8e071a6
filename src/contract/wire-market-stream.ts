/**
 * Public market topics of the stream `/ws/stream/{account_id}` (reference/market-algo-risk-
 * facts.md §2): topic names and push payloads, camelCase as the real stream sends them. A push
 * is `{topic, ts, data}`; book levels are `[price, quantity]` pairs with absolute quantities
 * (0 removes the level).
 */
import type { Side } from './wire-orders.ts';

export type LevelPair = [price: number, quantity: number];

/** `{symbol}@orderbook` push and the `data` of the one-shot `request` orderbook (+ `ts`). */
export interface OrderBookData {
  symbol: string;
  /** Present on the one-shot answer: the `ts` the next update's `prevTs` continues from. */
  ts?: number;
  asks: LevelPair[];
  bids: LevelPair[];
}

/** `{symbol}@orderbookupdate`: `prevTs` equals the previous push's top-level `ts`. */
export interface OrderBookUpdateData {
  symbol: string;
  prevTs: number;
  asks: LevelPair[];
  bids: LevelPair[];
}

/** `{symbol}@trade`. */
export interface TradeData {
  symbol: string;
  price: number;
  size: number;
  side: Side;
}

/**
 * A row of the one-shot `request` trade's `data` (newest first). The real row shape is
 * UNVERIFIED (market-algo-risk-facts.md §2): chosen as the `@trade` push plus its time.
 */
export interface RequestTradeData extends TradeData {
  ts: number;
}

/** `{symbol}@bbo` and each item of `bbos`. */
export interface BboData {
  symbol: string;
  ask: number;
  askSize: number;
  bid: number;
  bidSize: number;
}

/** `{symbol}@markprice` and each item of `markprices`. */
export interface MarkPriceData {
  symbol: string;
  price: number;
}

/** `{symbol}@kline_{time}`. */
export interface KlineData {
  symbol: string;
  type: KlineTopicInterval;
  open: number;
  close: number;
  high: number;
  low: number;
  volume: number;
  amount: number;
  startTime: number;
  endTime: number;
}

/** `{symbol}@estfundingrate`. */
export interface EstFundingRateData {
  symbol: string;
  fundingRate: number;
  fundingTs: number;
}

/** `{symbol}@openinterest`. */
export interface OpenInterestData {
  symbol: string;
  openInterest: number;
}

/** Intervals of the kline topic (the REST `1mon` is `1M` here). */
export const KLINE_TOPIC_INTERVALS = [
  '1m',
  '5m',
  '15m',
  '30m',
  '1h',
  '4h',
  '12h',
  '1d',
  '1w',
  '1M',
] as const;
export type KlineTopicInterval = (typeof KLINE_TOPIC_INTERVALS)[number];

/** Topic names, built one way for the sandbox and the gateway. */
export const MarketTopic = {
  orderbook: (symbol: string) => `${symbol}@orderbook`,
  orderbookUpdate: (symbol: string) => `${symbol}@orderbookupdate`,
  trade: (symbol: string) => `${symbol}@trade`,
  bbo: (symbol: string) => `${symbol}@bbo`,
  bbos: 'bbos',
  markPrice: (symbol: string) => `${symbol}@markprice`,
  markPrices: 'markprices',
  kline: (symbol: string, interval: KlineTopicInterval) => `${symbol}@kline_${interval}`,
  estFundingRate: (symbol: string) => `${symbol}@estfundingrate`,
  openInterest: (symbol: string) => `${symbol}@openinterest`,
} as const;

/** One-shot request on the public stream: `{id, event: 'request', params}`; the answer echoes `id`. */
export interface MarketRequest {
  id: string;
  event: 'request';
  params: { type: 'orderbook'; symbol: string } | { type: 'trade'; symbol: string; limit?: number };
}
