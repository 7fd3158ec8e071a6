/**
 * Market data queries (docs/market-data.md): `markets` and `market` (a symbol's order rules,
 * prices, funding and 24 h figures), `orderBook`, `marketTrades` and `klines`. The types are
 * shared with the market subscriptions. Prices and funding of a `Market` are read only when
 * selected; rules, prices and funding are each one upstream read per request at most, and one
 * per cache lifetime for every caller together.
 */

import { int, SYMBOL } from '../contract/fields.ts';
import { SYMBOL_STATUSES, type SymbolInfo } from '../contract/wire-market.ts';
import type {
  BookLevelModel,
  KlineModel,
  MarketRulesModel,
  MarketTradeModel,
  OrderBookModel,
} from '../models/market.ts';
import {
  fundingOf,
  klines,
  market,
  markets,
  marketTrades,
  markPriceOf,
  orderBook,
  pricesOf,
} from '../resolvers/market.ts';
import { builder } from './builder.ts';
import { SideEnum } from './enums.ts';
import { validateAs } from './field-rules.ts';

/** Largest `depth` of `orderBook`, `first` of `marketTrades` and of `klines`. */
export const MAX_DEPTH = 100;
export const MAX_TRADES = 1_000;
export const MAX_KLINES = 1_000;

export const KlineIntervalEnum = builder.enumType('KlineInterval', {
  description: 'A candle length; the value is the upstream `type` (`1m` … `1mon`).',
  values: {
    MIN_1: { value: '1m' },
    MIN_5: { value: '5m' },
    MIN_15: { value: '15m' },
    MIN_30: { value: '30m' },
    HOUR_1: { value: '1h' },
    HOUR_4: { value: '4h' },
    HOUR_12: { value: '12h' },
    DAY_1: { value: '1d' },
    WEEK_1: { value: '1w' },
    MONTH_1: { value: '1mon', description: 'A calendar month (UTC)' },
  } as const,
});

const MarketStatusEnum = builder.enumType('MarketStatus', { values: SYMBOL_STATUSES });

/** `Market` fields read from the symbol's rules: name → [wire field, description]. */
const RULES: Record<string, [keyof SymbolInfo, string]> = {
  baseMin: ['base_min', 'Smallest order quantity (base currency)'],
  baseMax: ['base_max', 'Largest order quantity'],
  baseTick: ['base_tick', 'Quantities step by this from baseMin'],
  quoteMin: ['quote_min', 'Lowest order price'],
  quoteMax: ['quote_max', 'Highest order price'],
  quoteTick: ['quote_tick', 'Prices step by this from quoteMin'],
  minNotional: ['min_notional', 'Smallest price × quantity of an order (quote currency)'],
  priceRange: [
    'price_range',
    'A BUY at most markPrice × (1 + priceRange), a SELL at least × (1 − priceRange)',
  ],
  priceScope: [
    'price_scope',
    'A BUY at least markPrice × (1 − priceScope), a SELL at most × (1 + priceScope)',
  ],
  baseImr: ['base_imr', 'Base initial margin ratio'],
  baseMmr: ['base_mmr', 'Base maintenance margin ratio'],
};

export const MarketRef = builder.objectRef<MarketRulesModel>('Market').implement({
  description:
    'A symbol: its order rules (GET /v1/public/info), prices and 24 h figures (GET /v1/public/futures) and funding (GET /v1/public/funding_rates).',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    status: t.expose('status', {
      type: MarketStatusEnum,
      nullable: true,
      description: 'null when the upstream does not say',
    }),
    ...Object.fromEntries(
      Object.entries(RULES).map(([name, [wire, description]]) => [
        name,
        t.float({ description, resolve: (m) => m.rules[wire] as number }),
      ]),
    ),
    maxLeverage: t.exposeFloat('maxLeverage', { description: '1 / baseImr' }),
    fundingPeriodHours: t.int({ resolve: (m) => m.rules.funding_period }),
    markPrice: t.float({ resolve: (m, _args, ctx) => markPriceOf(ctx, m.symbol) }),
    indexPrice: t.float({
      resolve: async (m, _args, ctx) => (await pricesOf(ctx, m.symbol)).index_price,
    }),
    estFundingRate: t.float({
      description: 'The rolling average of the current funding period',
      resolve: async (m, _args, ctx) => (await fundingOf(ctx, m.symbol)).est_funding_rate,
    }),
    lastFundingRate: t.float({
      resolve: async (m, _args, ctx) => (await fundingOf(ctx, m.symbol)).last_funding_rate,
    }),
    nextFundingTime: t.field({
      type: 'Timestamp',
      resolve: async (m, _args, ctx) => (await fundingOf(ctx, m.symbol)).next_funding_time,
    }),
    openInterest: t.float({
      resolve: async (m, _args, ctx) => (await pricesOf(ctx, m.symbol)).open_interest,
    }),
    high24h: t.float({
      resolve: async (m, _a, ctx) => (await pricesOf(ctx, m.symbol))['24h_high'],
    }),
    low24h: t.float({ resolve: async (m, _a, ctx) => (await pricesOf(ctx, m.symbol))['24h_low'] }),
    volume24h: t.float({
      description: 'Base currency',
      resolve: async (m, _a, ctx) => (await pricesOf(ctx, m.symbol))['24h_volume'],
    }),
    amount24h: t.float({
      description: 'Quote currency',
      resolve: async (m, _a, ctx) => (await pricesOf(ctx, m.symbol))['24h_amount'],
    }),
  }),
});

export const BookLevelRef = builder.objectRef<BookLevelModel>('BookLevel').implement({
  fields: (t) => ({ price: t.exposeFloat('price'), quantity: t.exposeFloat('quantity') }),
});

export const OrderBookRef = builder.objectRef<OrderBookModel>('OrderBook').implement({
  description: 'Asks ascending, bids descending (best first); never crossed.',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    asks: t.expose('asks', { type: [BookLevelRef] }),
    bids: t.expose('bids', { type: [BookLevelRef] }),
    timestamp: t.expose('timestamp', { type: 'Timestamp' }),
  }),
});

export const MarketTradeRef = builder.objectRef<MarketTradeModel>('MarketTrade').implement({
  description: 'A public trade; side is the taker’s.',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    side: t.expose('side', { type: SideEnum }),
    price: t.exposeFloat('price'),
    quantity: t.exposeFloat('quantity'),
    timestamp: t.expose('timestamp', { type: 'Timestamp' }),
  }),
});

export const KlineRef = builder.objectRef<KlineModel>('Kline').implement({
  description: 'A candle; volume in base currency, amount in quote currency.',
  fields: (t) => ({
    // The enum has every REST type but `1y`, which no query asks for.
    interval: t.field({
      type: KlineIntervalEnum,
      resolve: (k) => k.interval as Exclude<KlineModel['interval'], '1y'>,
    }),
    open: t.exposeFloat('open'),
    high: t.exposeFloat('high'),
    low: t.exposeFloat('low'),
    close: t.exposeFloat('close'),
    volume: t.exposeFloat('volume'),
    amount: t.exposeFloat('amount'),
    startTime: t.expose('startTime', { type: 'Timestamp' }),
    endTime: t.expose('endTime', { type: 'Timestamp' }),
  }),
});

/** A size argument: 1 to `max`. */
const size = (max: number) => validateAs(int({ min: 1, max }));
const DEPTH = 20;
const TRADES = 50;
const KLINES = 100;

builder.queryFields((t) => {
  const symbol = () => t.arg.string({ required: true, validate: validateAs(SYMBOL) });
  return {
    markets: t.field({
      type: [MarketRef],
      description: 'Every symbol the upstream lists, sorted by symbol.',
      resolve: (_root, _args, ctx) => markets(ctx),
    }),
    market: t.field({
      type: MarketRef,
      nullable: true,
      description: 'One symbol; null when the upstream does not list it.',
      args: { symbol: symbol() },
      resolve: (_root, args, ctx) => market(ctx, args.symbol),
    }),
    orderBook: t.field({
      type: OrderBookRef,
      description: `The best \`depth\` levels a side (1 to ${MAX_DEPTH}). GET /v1/orderbook is signed: anonymous callers get UNAUTHENTICATED.`,
      args: {
        symbol: symbol(),
        depth: t.arg.int({ defaultValue: DEPTH, validate: size(MAX_DEPTH) }),
      },
      resolve: (_root, args, ctx) => orderBook(ctx, args.symbol, args.depth ?? DEPTH),
    }),
    marketTrades: t.field({
      type: [MarketTradeRef],
      description: `The latest public trades, newest first (1 to ${MAX_TRADES}).`,
      args: {
        symbol: symbol(),
        first: t.arg.int({ defaultValue: TRADES, validate: size(MAX_TRADES) }),
      },
      resolve: (_root, args, ctx) => marketTrades(ctx, args.symbol, args.first ?? TRADES),
    }),
    klines: t.field({
      type: [KlineRef],
      description: `The latest candles, newest first (1 to ${MAX_KLINES}); the current one is still open.`,
      args: {
        symbol: symbol(),
        interval: t.arg({ type: KlineIntervalEnum, required: true }),
        first: t.arg.int({ defaultValue: KLINES, validate: size(MAX_KLINES) }),
      },
      resolve: (_root, args, ctx) =>
        klines(ctx, { symbol: args.symbol, interval: args.interval, first: args.first ?? KLINES }),
    }),
  };
});
