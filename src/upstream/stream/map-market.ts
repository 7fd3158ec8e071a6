/**
 * The public market topics' payloads (src/contract/wire-market-stream.ts) onto the local
 * book's inputs and the gateway's market models. A payload missing a required field is
 * dropped (undefined), never half-delivered; a malformed book update breaks the book's chain.
 */
import type { KlineType } from '../../contract/wire-market.ts';
import type { KlineTopicInterval, LevelPair } from '../../contract/wire-market-stream.ts';
import { SIDES, type Side } from '../../contract/wire-orders.ts';
import type { BookSnapshot, BookUpdate } from '../../market/local-book.ts';
import type { KlineModel, MarketTradeModel } from '../../models/market.ts';
import type { BboModel, MarkPriceModel } from '../../models/market-live.ts';
import { isObj, num, oneOf, str } from './map-values.ts';

/** `[[price, quantity]…]` with numbers (or numeric strings); undefined when not that. */
function levels(v: unknown): LevelPair[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out = new Array<LevelPair>(v.length);
  for (let i = 0; i < v.length; i++) {
    const pair = v[i] as unknown;
    if (!Array.isArray(pair)) return undefined;
    const price = num(pair[0]);
    const quantity = num(pair[1]);
    if (price === undefined || quantity === undefined) return undefined;
    out[i] = [price, quantity];
  }
  return out;
}

/** `{symbol}@orderbookupdate` with the push's `ts`. */
export function bookUpdateFromStream(data: unknown, ts: number): BookUpdate | undefined {
  if (!isObj(data)) return undefined;
  const prevTs = num(data.prevTs);
  const asks = levels(data.asks);
  const bids = levels(data.bids);
  if (prevTs === undefined || !asks || !bids) return undefined;
  return { prevTs, ts, asks, bids };
}

/** The one-shot orderbook answer's `data` (its own `ts` joins the update chain). */
export function bookSnapshotFromAnswer(data: unknown): BookSnapshot | undefined {
  if (!isObj(data)) return undefined;
  const ts = num(data.ts);
  const asks = levels(data.asks);
  const bids = levels(data.bids);
  if (ts === undefined || !asks || !bids) return undefined;
  return { ts, asks, bids };
}

/** `{symbol}@trade` with the push's `ts`. */
export function tradeFromStream(data: unknown, ts: number): MarketTradeModel | undefined {
  if (!isObj(data)) return undefined;
  const symbol = str(data.symbol);
  const side = oneOf<Side>(SIDES, data.side);
  const price = num(data.price);
  const quantity = num(data.size);
  if (!symbol || !side || price === undefined || quantity === undefined) return undefined;
  return { symbol, side, price, quantity, timestamp: ts };
}

/** `{symbol}@bbo` with the push's `ts`. */
export function bboFromStream(data: unknown, ts: number): BboModel | undefined {
  if (!isObj(data)) return undefined;
  const symbol = str(data.symbol);
  const bidPrice = num(data.bid);
  const askPrice = num(data.ask);
  if (!symbol || bidPrice === undefined || askPrice === undefined) return undefined;
  return {
    symbol,
    bidPrice,
    bidQuantity: num(data.bidSize) ?? 0,
    askPrice,
    askQuantity: num(data.askSize) ?? 0,
    timestamp: ts,
  };
}

export function markPriceFromStream(data: unknown): MarkPriceModel | undefined {
  if (!isObj(data)) return undefined;
  const symbol = str(data.symbol);
  const price = num(data.price);
  return symbol && price !== undefined ? { symbol, price } : undefined;
}

/** `markprices`: every symbol's mark; undefined when none is readable. */
export function markPricesFromStream(data: unknown): MarkPriceModel[] | undefined {
  if (!Array.isArray(data)) return undefined;
  const marks = data.flatMap((d) => markPriceFromStream(d) ?? []);
  return marks.length > 0 ? marks : undefined;
}

/** A candle length of the REST API as the kline topic names it (`1mon` is `1M` there). */
export type StreamKlineType = Exclude<KlineType, '1y'>;
export const klineTopicInterval = (type: StreamKlineType): KlineTopicInterval =>
  type === '1mon' ? '1M' : type;

/** `{symbol}@kline_{interval}` (the candle length of the topic subscribed to). */
export function klineFromStream(data: unknown, interval: StreamKlineType): KlineModel | undefined {
  if (!isObj(data)) return undefined;
  const open = num(data.open);
  const close = num(data.close);
  const startTime = num(data.startTime);
  const endTime = num(data.endTime);
  if (open === undefined || close === undefined) return undefined;
  if (startTime === undefined || endTime === undefined) return undefined;
  return {
    interval,
    open,
    high: num(data.high) ?? Math.max(open, close),
    low: num(data.low) ?? Math.min(open, close),
    close,
    volume: num(data.volume) ?? 0,
    amount: num(data.amount) ?? 0,
    startTime,
    endTime,
  };
}
