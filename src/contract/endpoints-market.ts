/**
 * The market-data rows of the endpoint table (reference/market-algo-risk-facts.md §1), spread
 * into ENDPOINTS. Public rows spend a budget per IP; the book and klines are signed reads.
 * Each row has a budget of its own (whether the list and one-symbol forms share one is not
 * documented). Every row is cached in one entry shared by all callers: rules long, the rest
 * briefly.
 */
import { perSecond, READ, SECOND } from './endpoint-parts.ts';
import type { CacheGroup, CachePolicy, Endpoint } from './endpoint-types.ts';
import * as market from './fields-market.ts';

/** Market data is the same for every caller: one shared entry (endpoint-types.ts `shared`). */
const shared = (group: CacheGroup, ttl: CachePolicy['ttl'] = 'market') =>
  ({ cache: { group, ttl, shared: true } }) as const;

/** A public read: unsigned, `n` per second per IP (documented in the facts' [OA]). */
const publicRead = (limit: number) =>
  ({
    ...READ,
    auth: 'public',
    limit: { ...perSecond(limit, 'facts'), scope: 'ip' },
  }) as const;

export const MARKET_ENDPOINTS = {
  'GET /v1/public/info': {
    ...publicRead(10),
    name: 'symbolInfos',
    ...shared('symbolRules', 'marketRules'),
    data: ['rows'],
    budget: 'public_info',
  },
  'GET /v1/public/info/{symbol}': {
    ...publicRead(10),
    name: 'symbolInfo',
    ...shared('symbolRules', 'marketRules'),
    data: ['symbol'],
    budget: 'public_info_symbol',
  },
  'GET /v1/public/futures': {
    ...publicRead(10),
    name: 'futuresInfos',
    ...shared('marketPrices'),
    data: ['rows'],
    budget: 'public_futures',
  },
  'GET /v1/public/futures/{symbol}': {
    ...publicRead(10),
    name: 'futuresInfo',
    ...shared('marketPrices'),
    data: ['symbol'],
    budget: 'public_futures_symbol',
  },
  'GET /v1/public/market_trades': {
    ...publicRead(10),
    name: 'marketTrades',
    ...shared('marketTrades'),
    query: market.MARKET_TRADES_QUERY,
    data: ['rows'],
    budget: 'market_trades',
  },
  'GET /v1/orderbook/{symbol}': {
    ...READ,
    name: 'orderBook',
    ...shared('orderBook'),
    query: market.ORDER_BOOK_QUERY,
    data: ['asks', 'bids'],
    limit: perSecond(10, 'facts'),
    budget: 'orderbook',
  },
  'GET /v1/kline': {
    ...READ,
    name: 'klines',
    ...shared('klines'),
    query: market.KLINE_QUERY,
    data: ['rows'],
    limit: perSecond(10, 'facts'),
    budget: 'kline',
  },
  // Whether it needs auth is UNVERIFIED; chosen public (the chart of the official SDK calls it
  // before login). TradingView body, no envelope.
  'GET /v1/tv/kline_history': {
    ...READ,
    auth: 'public',
    name: 'klineHistory',
    ...shared('klines'),
    query: market.KLINE_HISTORY_QUERY,
    data: null,
    envelope: false,
    limit: { limit: 5, windowMs: 10 * SECOND, scope: 'ip', source: 'facts' },
    budget: 'tv_kline_history',
  },
  'GET /v1/public/funding_rate/{symbol}': {
    ...publicRead(30),
    name: 'fundingRate',
    ...shared('fundingRates'),
    data: ['symbol'],
    budget: 'funding_rate',
  },
  'GET /v1/public/funding_rates': {
    ...publicRead(10),
    name: 'fundingRates',
    ...shared('fundingRates'),
    data: ['rows'],
    budget: 'funding_rates',
  },
} as const satisfies Record<string, Endpoint>;
