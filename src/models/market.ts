/**
 * Market data in the gateway's (GraphQL) shapes, and their mapping from the REST rows
 * (reference/market-algo-risk-facts.md §1). One piece for the queries and the live
 * subscriptions, so a book, a trade or a candle reads the same whichever way it came.
 */
import type {
  BookLevelRow,
  FundingRateRow,
  FuturesInfo,
  KlineRow,
  KlineType,
  MarketTradeRow,
  OrderBookSnapshot,
  SymbolInfo,
  SymbolStatus,
  TvKlineHistory,
} from '../contract/wire-market.ts';
import type { Side } from '../contract/wire-orders.ts';

export interface BookLevelModel {
  price: number;
  quantity: number;
}

/** Asks ascending, bids descending, `depth` levels a side at most. */
export interface OrderBookModel {
  symbol: string;
  asks: BookLevelModel[];
  bids: BookLevelModel[];
  /** ms */
  timestamp: number;
}

export interface MarketTradeModel {
  symbol: string;
  side: Side;
  price: number;
  quantity: number;
  timestamp: number;
}

export interface KlineModel {
  /** The REST `type` (`1m` … `1mon`): the GraphQL enum's value. */
  interval: KlineType;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Base currency. */
  volume: number;
  /** Quote currency. */
  amount: number;
  startTime: number;
  endTime: number;
}

/** What a symbol's rules say, as `Market` shows them; prices and funding come apart. */
export interface MarketRulesModel {
  symbol: string;
  /** null when the upstream does not say (the field is optional). */
  status: SymbolStatus | null;
  rules: SymbolInfo;
  /** 1 / base_imr, as the official SDK computes the symbol's leverage cap. */
  maxLeverage: number;
}

export const toMarketRules = (info: SymbolInfo): MarketRulesModel => ({
  symbol: info.symbol,
  status: info.status ?? null,
  rules: info,
  maxLeverage: 1 / info.base_imr,
});

/** The prices and 24 h figures of a symbol (`GET /v1/public/futures`). */
export type MarketPrices = FuturesInfo;
/** Funding of a symbol (`GET /v1/public/funding_rates`). */
export type MarketFunding = FundingRateRow;

const byPrice = (direction: 1 | -1) => (a: BookLevelRow, b: BookLevelRow) =>
  direction * (a.price - b.price);
const level = (row: BookLevelRow): BookLevelModel => ({ price: row.price, quantity: row.quantity });

/** The snapshot's best `depth` levels a side, sorted (a copy: cached snapshots are frozen). */
export function toOrderBook(
  symbol: string,
  snapshot: OrderBookSnapshot,
  depth: number,
): OrderBookModel {
  return {
    symbol,
    asks: [...snapshot.asks].sort(byPrice(1)).slice(0, depth).map(level),
    bids: [...snapshot.bids].sort(byPrice(-1)).slice(0, depth).map(level),
    timestamp: snapshot.timestamp,
  };
}

export const toMarketTrade = (row: MarketTradeRow): MarketTradeModel => ({
  symbol: row.symbol,
  side: row.side,
  price: row.executed_price,
  quantity: row.executed_quantity,
  timestamp: row.executed_timestamp,
});

export const toKline = (row: KlineRow): KlineModel => ({
  interval: row.type,
  open: row.open,
  high: row.high,
  low: row.low,
  close: row.close,
  volume: row.volume,
  amount: row.amount,
  startTime: row.start_timestamp,
  endTime: row.end_timestamp,
});

const MINUTE = 60_000;
const FIXED_MS: Readonly<Partial<Record<KlineType, number>>> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '12h': 720 * MINUTE,
  '1d': 1_440 * MINUTE,
  '1w': 10_080 * MINUTE,
};

/** When a candle that starts at `start` ends: its length on, calendar months and years in UTC. */
export function klineEnd(type: KlineType, start: number): number {
  const fixed = FIXED_MS[type];
  if (fixed !== undefined) return start + fixed;
  const at = new Date(start);
  const months = type === '1y' ? 12 : 1;
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, at.getUTCDate());
}

/** A candle's usual length (a month as 31 days): how far back `first` candles reach. */
export const klineSpanMs = (type: KlineType): number =>
  FIXED_MS[type] ?? (type === '1y' ? 366 : 31) * 1_440 * MINUTE;

/**
 * TradingView columns (oldest first, seconds) as candles, newest first like `/v1/kline`; a
 * column shorter than the others ends the candles there.
 */
export function klinesFromHistory(type: KlineType, tv: TvKlineHistory): KlineModel[] {
  // `no_data` may come without columns.
  if (tv.s !== 'ok') return [];
  const { t = [], o = [], h = [], l = [], c = [], v = [], a = [] } = tv;
  const n = Math.min(t.length, o.length, h.length, l.length, c.length, v.length, a.length);
  const out: KlineModel[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const startTime = t[i]! * 1_000;
    const [open, high, low, close, volume, amount] = [o[i]!, h[i]!, l[i]!, c[i]!, v[i]!, a[i]!];
    out.push({
      interval: type,
      open,
      high,
      low,
      close,
      volume,
      amount,
      startTime,
      endTime: klineEnd(type, startTime),
    });
  }
  return out;
}
