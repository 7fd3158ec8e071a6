/**
 * Query fields of the market-data endpoints (reference/market-algo-risk-facts.md §1), by
 * wire name. `from`/`to` of the TradingView history are seconds.
 */
import { int, oneOf, required, SYMBOL } from './fields.ts';
import {
  KLINE_LIMIT,
  KLINE_TYPES,
  MARKET_TRADES_LIMIT,
  ORDERBOOK_MAX_LEVEL,
  TV_KLINE_MAX,
  TV_RESOLUTIONS,
} from './wire-market.ts';

/** A row count from 1 to the endpoint's maximum, with its default. */
const rows = (bounds: { max: number; default?: number }) =>
  int({
    min: 1,
    max: bounds.max,
    ...(bounds.default === undefined ? {} : { default: bounds.default }),
  });

/** The latest second a JavaScript date can hold. */
const SECONDS_MAX = 8.64e12 / 1000;

export const MARKET_TRADES_QUERY = {
  symbol: required(SYMBOL),
  limit: rows(MARKET_TRADES_LIMIT),
} as const;

export const ORDER_BOOK_QUERY = { max_level: rows(ORDERBOOK_MAX_LEVEL) } as const;

export const KLINE_QUERY = {
  symbol: required(SYMBOL),
  type: required(oneOf(KLINE_TYPES)),
  limit: rows(KLINE_LIMIT),
} as const;

export const KLINE_HISTORY_QUERY = {
  symbol: required(SYMBOL),
  resolution: required(oneOf(TV_RESOLUTIONS)),
  from: required(int({ min: 0, max: SECONDS_MAX, about: 'seconds since the epoch' })),
  to: required(int({ min: 0, max: SECONDS_MAX, about: 'seconds since the epoch' })),
  limit: rows({ max: TV_KLINE_MAX }),
} as const;
