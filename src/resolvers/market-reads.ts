/**
 * Where the market queries and the order checks read market data: the `MarketReads`
 * interface and its REST implementation, made per GraphQL request (the three tables are read
 * once per request, however many `Market`s resolve). Behind it the upstream client's shared
 * cache makes one upstream call serve every caller: rules for minutes, the rest for a second.
 * The live side may serve `markPrice` and `orderBook` from its local books instead.
 *
 * Sizes fetched upstream come from a few fixed steps (`depth` 7 reads the book at 20 levels
 * and keeps 7), so the shared cache holds a handful of entries per symbol, not one per size.
 */
import type {
  FundingRateRow,
  FuturesInfo,
  KlineType,
  SymbolInfo,
} from '../contract/wire-market.ts';
import {
  type KlineModel,
  klineSpanMs,
  klinesFromHistory,
  type MarketTradeModel,
  type OrderBookModel,
  toKline,
  toMarketTrade,
  toOrderBook,
} from '../models/market.ts';
import { gqlError } from '../schema/types.ts';
import type { AccountApi, PublicApi, UpstreamApi } from '../upstream/api.ts';
import { bySymbol } from './by-symbol.ts';

export interface MarketReads {
  /** Every symbol's rules (`/v1/public/info`), by symbol. */
  rules(): Promise<ReadonlyMap<string, SymbolInfo>>;
  /** Prices and 24 h figures (`/v1/public/futures`), by symbol. */
  prices(): Promise<ReadonlyMap<string, FuturesInfo>>;
  /** Funding (`/v1/public/funding_rates`), by symbol. */
  funding(): Promise<ReadonlyMap<string, FundingRateRow>>;
  /** The symbol's mark price now; undefined when the upstream has none. */
  markPrice(symbol: string): Promise<number | undefined>;
  /** The best `depth` levels a side. */
  orderBook(symbol: string, depth: number): Promise<OrderBookModel>;
  /** The latest `first` public trades, newest first. */
  trades(symbol: string, first: number): Promise<MarketTradeModel[]>;
  /** The latest `first` candles, newest first. */
  klines(symbol: string, type: KlineType, first: number): Promise<KlineModel[]>;
}

/** The steps sizes are fetched at (each the largest its query allows last). */
export const BOOK_STEPS = [20, 100] as const;
export const TRADE_STEPS = [50, 200, 1_000] as const;
export const KLINE_STEPS = [100, 1_000] as const;

/** The smallest step that holds `n` (the last one when none does). */
export const stepFor = (n: number, steps: readonly number[]): number =>
  steps.find((step) => step >= n) ?? steps[steps.length - 1]!;

const newestFirst = <T>(rows: readonly T[], at: (row: T) => number): T[] =>
  [...rows].sort((a, b) => at(b) - at(a));

/**
 * Candles of an anonymous caller: the public TradingView read up to the upstream's current
 * second (a later `to` could be answered with periods that have not begun), reaching back
 * `limit` candles.
 */
async function klineHistory(
  upstream: PublicApi,
  request: { symbol: string; type: KlineType; limit: number; now: number },
): Promise<KlineModel[]> {
  const { symbol, type, limit, now } = request;
  const to = Math.floor(now / 1_000);
  const from = to - Math.ceil((limit * klineSpanMs(type)) / 1_000);
  const tv = await upstream.klineHistory({ symbol, resolution: type, from, to, limit });
  return klinesFromHistory(type, tv);
}

/** The orderBook of an anonymous caller until a live book serves it: the REST read is signed. */
export const anonymousBook = () =>
  gqlError(
    'UNAUTHENTICATED',
    'orderBook needs an authenticated caller: GET /v1/orderbook is a signed read. Send Authorization: Bearer <token>',
  );

/**
 * REST reads for one request: `account` signs the book and candle reads (anonymous callers:
 * candles from the public TradingView read, no book).
 */
export function restMarketReads(
  upstream: PublicApi & Pick<UpstreamApi, 'serverNow'>,
  account: AccountApi | null,
): MarketReads {
  let rules: Promise<ReadonlyMap<string, SymbolInfo>> | undefined;
  let prices: Promise<ReadonlyMap<string, FuturesInfo>> | undefined;
  let funding: Promise<ReadonlyMap<string, FundingRateRow>> | undefined;
  const reads: MarketReads = {
    rules: () => (rules ??= upstream.symbolInfos().then(({ rows }) => bySymbol(rows))),
    prices: () => (prices ??= upstream.futuresInfos().then(({ rows }) => bySymbol(rows))),
    funding: () => (funding ??= upstream.fundingRates().then(({ rows }) => bySymbol(rows))),
    markPrice: async (symbol) => (await reads.prices()).get(symbol)?.mark_price,
    async orderBook(symbol, depth) {
      if (!account) throw anonymousBook();
      return toOrderBook(
        symbol,
        await account.orderBook(symbol, stepFor(depth, BOOK_STEPS)),
        depth,
      );
    },
    async trades(symbol, first) {
      const { rows } = await upstream.marketTrades({ symbol, limit: stepFor(first, TRADE_STEPS) });
      return newestFirst(rows, (r) => r.executed_timestamp)
        .slice(0, first)
        .map(toMarketTrade);
    },
    async klines(symbol, type, first) {
      const limit = stepFor(first, KLINE_STEPS);
      const candles = account
        ? (await account.klines({ symbol, type, limit })).rows.map(toKline)
        : await klineHistory(upstream, { symbol, type, limit, now: upstream.serverNow() });
      return newestFirst(candles, (k) => k.startTime).slice(0, first);
    },
  };
  return reads;
}
