/**
 * Live market data: the Subscription fields over the public upstream stream (one connection
 * per replica for every subscriber). Public: anonymous callers too, within the per-IP
 * connection and subscription caps. The book, trade and candle types are the queries'
 * (market.ts).
 */

import { int, SYMBOL } from '../contract/fields.ts';
import type { BboModel, MarkPriceModel } from '../models/market-live.ts';
import {
  bbo,
  deliver,
  klines,
  marketTrades,
  markPrices,
  orderBook,
} from '../resolvers/live-market.ts';
import { builder } from './builder.ts';
import { validateAs } from './field-rules.ts';
import {
  KlineIntervalEnum,
  KlineRef,
  MAX_DEPTH as MAX_BOOK_DEPTH,
  MarketTradeRef,
  OrderBookRef,
} from './market.ts';

const DEFAULT_BOOK_DEPTH = 20;

const BboRef = builder.objectRef<BboModel>('Bbo').implement({
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

const MarkPriceRef = builder.objectRef<MarkPriceModel>('MarkPrice').implement({
  description: "A symbol's mark price (what margin, PnL and price limits are measured against).",
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    price: t.exposeFloat('price'),
  }),
});

const symbolArg = { required: true, validate: validateAs(SYMBOL) } as const;

builder.subscriptionFields((t) => ({
  orderBook: t.field({
    type: OrderBookRef,
    description: `The symbol's order book, \`depth\` levels a side (1 to ${MAX_BOOK_DEPTH}): the current book at once, then each change, at most 10 a second. Never crossed or gapped: when the upstream's update chain breaks, the book is rebuilt from a snapshot before the next frame.`,
    args: {
      symbol: t.arg.string(symbolArg),
      depth: t.arg.int({
        defaultValue: DEFAULT_BOOK_DEPTH,
        validate: validateAs(int({ min: 1, max: MAX_BOOK_DEPTH })),
      }),
    },
    subscribe: (_root, args, ctx) => orderBook(ctx, args.symbol, args.depth ?? DEFAULT_BOOK_DEPTH),
    resolve: deliver,
  }),
  marketTrades: t.field({
    type: MarketTradeRef,
    description: "The symbol's trades as they print.",
    args: { symbol: t.arg.string(symbolArg) },
    subscribe: (_root, args, ctx) => marketTrades(ctx, args.symbol),
    resolve: deliver,
  }),
  bbo: t.field({
    type: BboRef,
    description: "The symbol's best bid and offer as they change.",
    args: { symbol: t.arg.string(symbolArg) },
    subscribe: (_root, args, ctx) => bbo(ctx, args.symbol),
    resolve: deliver,
  }),
  markPrices: t.field({
    type: [MarkPriceRef],
    description: "Every symbol's mark price, about every second.",
    subscribe: (_root, _args, ctx) => markPrices(ctx),
    resolve: deliver,
  }),
  klines: t.field({
    type: KlineRef,
    description: "The symbol's current candle of `interval`, about every second.",
    args: {
      symbol: t.arg.string(symbolArg),
      interval: t.arg({ type: KlineIntervalEnum, required: true }),
    },
    subscribe: (_root, args, ctx) => klines(ctx, args.symbol, args.interval),
    resolve: deliver,
  }),
}));
