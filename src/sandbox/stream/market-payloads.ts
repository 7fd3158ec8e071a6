/**
 * `data` of the public market pushes (contract/wire-market-stream.ts), read from the market
 * model through `MarketSource`.
 */
import type {
  BboData,
  MarkPriceData,
  OpenInterestData,
  OrderBookData,
  RequestTradeData,
  TradeData,
} from '../../contract/wire-market-stream.ts';
import { STREAM_BOOK_DEPTH } from './market-cadence.ts';
import type { MarketSource, TradePrint } from './market-source.ts';

/** `{symbol}@orderbook`: the top 100 levels a side. */
export function orderbookData(source: MarketSource, symbol: string): OrderBookData {
  return { symbol, ...source.book(symbol, STREAM_BOOK_DEPTH) };
}

/** `{symbol}@bbo` and a row of `bbos`; an empty side is 0 at 0. */
export function bboData(source: MarketSource, symbol: string): BboData {
  const { asks, bids } = source.book(symbol, 1);
  const [ask = 0, askSize = 0] = asks[0] ?? [];
  const [bid = 0, bidSize = 0] = bids[0] ?? [];
  return { symbol, ask, askSize, bid, bidSize };
}

export function markPriceData(source: MarketSource, symbol: string): MarkPriceData {
  return { symbol, price: source.markPrice(symbol) };
}

export function openInterestData(source: MarketSource, symbol: string): OpenInterestData {
  return { symbol, openInterest: source.openInterest(symbol) };
}

/** `{symbol}@trade`. */
export function tradeData(trade: TradePrint): TradeData {
  return { symbol: trade.symbol, price: trade.price, size: trade.quantity, side: trade.side };
}

/** The one-shot `request` trade's rows, newest first. */
export function requestTradeRows(
  source: MarketSource,
  symbol: string,
  limit: number,
): RequestTradeData[] {
  return source.trades(symbol, limit).map((t) => ({ ...tradeData(t), ts: t.timestamp }));
}
