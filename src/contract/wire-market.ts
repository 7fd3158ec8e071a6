/**
 * Wire types of the market-data REST endpoints (reference/market-algo-risk-facts.md §1),
 * snake_case as the real service sends them. Numbers are JSON numbers except where the facts
 * say the service sends text.
 */
import type { Side } from './wire-orders.ts';

export const SYMBOL_STATUSES = ['POST_ONLY', 'ACTIVE', 'REDUCE_ONLY', 'DELISTING'] as const;
export type SymbolStatus = (typeof SYMBOL_STATUSES)[number];

/** One row of `GET /v1/public/info` and the `data` of `GET /v1/public/info/{symbol}`. */
export interface SymbolInfo {
  symbol: string;
  quote_min: number;
  quote_max: number;
  quote_tick: number;
  base_min: number;
  base_max: number;
  base_tick: number;
  min_notional: number;
  price_range: number;
  price_scope: number;
  std_liquidation_fee: number;
  liquidator_fee: number;
  claim_insurance_fund_discount: number;
  /** Hours: 1, 4 or 8. */
  funding_period: number;
  cap_funding: number;
  floor_funding: number;
  cap_ir?: number;
  floor_ir?: number;
  interest_rate: number;
  imr_factor?: number;
  base_mmr: number;
  base_imr: number;
  liquidation_tier?: number;
  global_max_oi_cap?: number;
  status?: SymbolStatus;
  created_time: number;
  updated_time: number;
}

/** One row of `GET /v1/public/futures` and the `data` of `GET /v1/public/futures/{symbol}`. */
export interface FuturesInfo {
  symbol: string;
  index_price: number;
  mark_price: number;
  sum_unitary_funding: number;
  est_funding_rate: number;
  last_funding_rate: number;
  /** ms */
  next_funding_time: number;
  open_interest: number;
  '24h_open': number;
  '24h_close': number;
  '24h_high': number;
  '24h_low': number;
  /** Quote currency. */
  '24h_amount': number;
  /** Base currency. */
  '24h_volume': number;
}

/** One row of `GET /v1/public/market_trades`. */
export interface MarketTradeRow {
  symbol: string;
  side: Side;
  executed_price: number;
  executed_quantity: number;
  executed_timestamp: number;
}

export interface BookLevelRow {
  price: number;
  quantity: number;
}

/** `data` of `GET /v1/orderbook/{symbol}`: asks ascending, bids descending (chosen: UNVERIFIED). */
export interface OrderBookSnapshot {
  asks: BookLevelRow[];
  bids: BookLevelRow[];
  timestamp: number;
}

/** `type` of `GET /v1/kline`. */
export const KLINE_TYPES = [
  '1m',
  '5m',
  '15m',
  '30m',
  '1h',
  '4h',
  '12h',
  '1d',
  '1w',
  '1mon',
  '1y',
] as const;
export type KlineType = (typeof KLINE_TYPES)[number];

/** `resolution` of `GET /v1/tv/kline_history` (no `1y`). */
export const TV_RESOLUTIONS = KLINE_TYPES.filter((t) => t !== '1y');

/** One row of `GET /v1/kline`. */
export interface KlineRow {
  symbol: string;
  type: KlineType;
  open: number;
  close: number;
  low: number;
  high: number;
  volume: number;
  amount: number;
  start_timestamp: number;
  end_timestamp: number;
}

/** Body of `GET /v1/tv/kline_history`: TradingView style, no envelope; `t` in seconds. */
export interface TvKlineHistory {
  s: 'ok' | 'no_data';
  o: number[];
  c: number[];
  h: number[];
  l: number[];
  v: number[];
  a: number[];
  t: number[];
}

/** `data` of `GET /v1/public/funding_rate/{symbol}` and a row of `/v1/public/funding_rates`. */
export interface FundingRateRow {
  symbol: string;
  est_funding_rate: number;
  est_funding_rate_timestamp: number;
  last_funding_rate: number;
  last_funding_rate_timestamp: number;
  next_funding_time: number;
  sum_unitary_funding: number;
}

/**
 * Query bounds of the market-data reads, one place for the sandbox and the gateway.
 * `market_trades` limits are not documented (UNVERIFIED: chosen 50 by default, as the SDK's
 * trade request asks, and 1000 at most); `max_level` defaults to 100 (2023 doc, Python
 * connector) and is capped at 1000 (ccxt); klines default to 100, at most 1000 ([OA]).
 */
export const MARKET_TRADES_LIMIT = { default: 50, max: 1000 } as const;
export const ORDERBOOK_MAX_LEVEL = { default: 100, max: 1000 } as const;
export const KLINE_LIMIT = { default: 100, max: 1000 } as const;
/** `tv/kline_history` answers at most this many bars, counted back from `to`. */
export const TV_KLINE_MAX = 1000;
