/**
 * Market data types, shared by the market queries and the live market subscriptions:
 * a book, a trade, the best bid and offer, a mark price, a candle.
 */
import type {
  BboModel,
  BookLevelModel,
  KlineModel,
  MarketTradeModel,
  MarkPriceModel,
  OrderBookModel,
} from '../models/market.ts';
import { builder } from './builder.ts';
import { SideEnum } from './enums.ts';

export const BookLevelRef = builder.objectRef<BookLevelModel>('BookLevel').implement({
  description: 'One price level of a book: the quantity resting at that price.',
  fields: (t) => ({
    price: t.exposeFloat('price'),
    quantity: t.exposeFloat('quantity'),
  }),
});

export const OrderBookRef = builder.objectRef<OrderBookModel>('OrderBook').implement({
  description:
    "A symbol's order book: asks ascending, bids descending, never crossed (best bid below best ask).",
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    asks: t.expose('asks', { type: [BookLevelRef] }),
    bids: t.expose('bids', { type: [BookLevelRef] }),
    timestamp: t.expose('timestamp', {
      type: 'Timestamp',
      description: "The upstream's time of the book (its last update).",
    }),
  }),
});

export const MarketTradeRef = builder.objectRef<MarketTradeModel>('MarketTrade').implement({
  description: 'A trade of the market (any account).',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    side: t.expose('side', { type: SideEnum, description: "The taker's side." }),
    price: t.exposeFloat('price'),
    quantity: t.exposeFloat('quantity'),
    timestamp: t.expose('timestamp', { type: 'Timestamp' }),
  }),
});

export const BboRef = builder.objectRef<BboModel>('Bbo').implement({
  description: 'The best bid and offer of a symbol.',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    bidPrice: t.exposeFloat('bidPrice'),
    bidQuantity: t.exposeFloat('bidQuantity'),
    askPrice: t.exposeFloat('askPrice'),
    askQuantity: t.exposeFloat('askQuantity'),
    timestamp: t.expose('timestamp', { type: 'Timestamp' }),
  }),
});

export const MarkPriceRef = builder.objectRef<MarkPriceModel>('MarkPrice').implement({
  description: "A symbol's mark price (what margin, PnL and price limits are measured against).",
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    price: t.exposeFloat('price'),
  }),
});

/** GraphQL names of the candle intervals; values are the stream topic's interval texts. */
export const KlineIntervalEnum = builder.enumType('KlineInterval', {
  description: 'A candle interval.',
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
    MONTH_1: { value: '1M' },
  } as const,
});

export const KlineRef = builder.objectRef<KlineModel>('Kline').implement({
  description:
    'A candle: prices of the trades in [startTime, endTime], base volume and quote amount.',
  fields: (t) => ({
    interval: t.expose('interval', { type: KlineIntervalEnum }),
    open: t.exposeFloat('open'),
    high: t.exposeFloat('high'),
    low: t.exposeFloat('low'),
    close: t.exposeFloat('close'),
    volume: t.exposeFloat('volume', { description: 'Base quantity traded.' }),
    amount: t.exposeFloat('amount', { description: 'Quote amount traded.' }),
    startTime: t.expose('startTime', { type: 'Timestamp' }),
    endTime: t.expose('endTime', { type: 'Timestamp' }),
  }),
});
