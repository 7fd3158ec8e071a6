/**
 * Public market subscriptions: the book from the replica's local book of the symbol (one per
 * symbol, frames computed once per depth), the rest straight from their public topics, each
 * push mapped once for all its subscribers. Public data: any caller, anonymous too.
 */
import type { GraphQLError } from 'graphql';
import { MarketTopic } from '../contract/wire-market-stream.ts';
import type { FieldStats } from '../live/metrics.ts';
import type { BookListener } from '../market/book-channel.ts';
import type { KlineModel, MarketTradeModel, OrderBookModel } from '../models/market.ts';
import type { BboModel, MarkPriceModel } from '../models/market-live.ts';
import { type GatewayContext, gqlError, type LiveContext } from '../schema/types.ts';
import {
  bboFromStream,
  klineFromStream,
  klineTopicInterval,
  markPricesFromStream,
  type StreamKlineType,
  tradeFromStream,
} from '../upstream/stream/map-market.ts';
import { Feed, type Live, liveOf, mapOnce, statsOf, type TopicMap, topic } from './live-feed.ts';

export { deliver } from './live-feed.ts';

class BookFeed extends Feed<OrderBookModel> implements BookListener {
  constructor(
    live: LiveContext,
    stats: FieldStats,
    private readonly symbol: string,
    private readonly depth: number,
  ) {
    super(live, stats);
  }

  bookFrame(frame: OrderBookModel): void {
    this.deliver(frame);
  }

  bookFailed(reason: string): void {
    this.refusedWith(unknownSymbolError(reason));
  }

  protected release(): void {
    this.live.hub.books.unlisten(this.symbol, this.depth, this);
  }
}

function unknownSymbolError(reason: string): GraphQLError {
  return gqlError('BAD_USER_INPUT', `Subscription ended: symbol: ${reason}`, {
    field: 'symbol',
    rule: 'knownSymbol',
  });
}

/** The symbol's book, `depth` levels a side: the current book first, then at most 10 a second. */
export function orderBook(
  ctx: GatewayContext,
  symbol: string,
  depth: number,
): Live<OrderBookModel> {
  const live = liveOf(ctx);
  const feed = new BookFeed(live, statsOf(live, 'orderBook'), symbol, depth);
  live.hub.books.listen(symbol, depth, feed);
  return feed.queue;
}

const tradeOnce = mapOnce(tradeFromStream);
const bboOnce = mapOnce(bboFromStream);
const markPricesOnce = mapOnce(markPricesFromStream);
const klineOnce = new Map<StreamKlineType, TopicMap<KlineModel>>();

export const marketTrades = (ctx: GatewayContext, symbol: string): Live<MarketTradeModel> =>
  topic(ctx, 'marketTrades', () => MarketTopic.trade(symbol), tradeOnce);

export const bbo = (ctx: GatewayContext, symbol: string): Live<BboModel> =>
  topic(ctx, 'bbo', () => MarketTopic.bbo(symbol), bboOnce);

export const markPrices = (ctx: GatewayContext): Live<MarkPriceModel[]> =>
  topic(ctx, 'markPrices', () => MarketTopic.markPrices, markPricesOnce);

/** `interval`: the candle length as the REST API (and the `KlineInterval` enum) names it. */
export function klines(
  ctx: GatewayContext,
  symbol: string,
  interval: StreamKlineType,
): Live<KlineModel> {
  let map = klineOnce.get(interval);
  if (!map) {
    map = mapOnce((data) => klineFromStream(data, interval));
    klineOnce.set(interval, map);
  }
  const name = MarketTopic.kline(symbol, klineTopicInterval(interval));
  return topic(ctx, 'klines', () => name, map);
}
