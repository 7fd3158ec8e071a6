/**
 * Query fields of the market-data endpoints (reference/market-algo-risk-facts.md §1), by
 * wire name. `from`/`to` of the TradingView history are seconds.
 */
import { int, oneOf, required, SYMBOL } from './fields.ts';
import { KLINE_TYPES, TV_RESOLUTIONS } from './wire-market.ts';

/** At most 1000 rows (ccxt's cap for the book; the documented maximum for candles). */
const upTo1000 = (fallback?: number) =>
  int({ min: 1, max: 1000, ...(fallback === undefined ? {} : { default: fallback }) });

export const MARKET_TRADES_QUERY = { symbol: required(SYMBOL), limit: upTo1000(50) } as const;

export const ORDER_BOOK_QUERY = { max_level: upTo1000(100) } as const;

export const KLINE_QUERY = {
  symbol: required(SYMBOL),
  type: required(oneOf(KLINE_TYPES)),
  limit: upTo1000(100),
} as const;

export const KLINE_HISTORY_QUERY = {
  symbol: required(SYMBOL),
  resolution: required(oneOf(TV_RESOLUTIONS)),
  from: required(int({ about: 'seconds since the epoch' })),
  to: required(int({ about: 'seconds since the epoch' })),
  limit: upTo1000(),
} as const;
