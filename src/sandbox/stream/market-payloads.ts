/**
 * `data` of the public market pushes (contract/wire-market-stream.ts), read from the market
 * model's feed (market/feed.ts), so a push and a REST read of the same moment agree.
 */
import type { KlineType } from '../../contract/wire-market.ts';
import type {
  EstFundingRateData,
  KlineData,
  KlineTopicInterval,
  MarkPriceData,
  OpenInterestData,
  OrderBookData,
  RequestTradeData,
  TradeData,
} from '../../contract/wire-market-stream.ts';
import type { MarketFeed } from '../market/feed.ts';
import type { PublicTrade } from '../market/trade-tape.ts';
import { STREAM_BOOK_DEPTH } from './market-cadence.ts';

/** `{symbol}@orderbook`: the top 100 levels a side. */
export function orderbookData(feed: MarketFeed, symbol: string): OrderBookData {
  const { asks, bids } = feed.book(symbol, STREAM_BOOK_DEPTH);
  return { symbol, asks, bids };
}

export function markPriceData(feed: MarketFeed, symbol: string): MarkPriceData {
  return { symbol, price: feed.mark(symbol) };
}

export function openInterestData(feed: MarketFeed, symbol: string): OpenInterestData {
  return { symbol, openInterest: feed.openInterest(symbol) };
}

export function estFundingRateData(feed: MarketFeed, symbol: string): EstFundingRateData {
  const { rate, timestamp } = feed.fundingEstimate(symbol);
  return { symbol, fundingRate: rate, fundingTs: timestamp };
}

/** The topic's `1M` is the REST `1mon`; the other intervals are spelled alike. */
const klineType = (interval: KlineTopicInterval): KlineType =>
  interval === '1M' ? '1mon' : interval;

/** `{symbol}@kline_{interval}`: the candle that holds now. */
export function klineData(feed: MarketFeed, symbol: string, type: KlineTopicInterval): KlineData {
  const c = feed.candle(symbol, klineType(type));
  return {
    symbol,
    type,
    open: c.open,
    close: c.close,
    high: c.high,
    low: c.low,
    volume: c.volume,
    amount: c.amount,
    startTime: c.start,
    endTime: c.end,
  };
}

/** `{symbol}@trade`. */
export function tradeData(trade: PublicTrade): TradeData {
  return { symbol: trade.symbol, price: trade.price, size: trade.quantity, side: trade.side };
}

/** The one-shot `request` trade's rows, newest first. */
export function requestTradeRows(
  feed: MarketFeed,
  symbol: string,
  limit: number,
): RequestTradeData[] {
  return feed.recentTrades(symbol, limit).map((t) => ({ ...tradeData(t), ts: t.timestamp }));
}
