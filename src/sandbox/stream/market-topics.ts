/**
 * The public market topics (reference/market-algo-risk-facts.md §2) as the sandbox reads them:
 * `{symbol}@{kind}` per symbol, `bbos` and `markprices` for every symbol. A known topic kind
 * with an unknown symbol is refused as `invalid symbol <s>`, anything else unknown as
 * `invalid topic <t>` (the facts' error texts).
 */
import {
  KLINE_TOPIC_INTERVALS,
  type KlineTopicInterval,
  MarketTopic,
} from '../../contract/wire-market-stream.ts';

/** Topic kinds that follow one symbol: `{symbol}@{kind}` (klines add `_{interval}`). */
export const SYMBOL_TOPIC_KINDS = [
  'orderbook',
  'orderbookupdate',
  'trade',
  'bbo',
  'markprice',
  'estfundingrate',
  'openinterest',
] as const;
export type SymbolTopicKind = (typeof SYMBOL_TOPIC_KINDS)[number];

export type MarketTopicRef =
  | { kind: SymbolTopicKind; symbol: string }
  | { kind: 'kline'; symbol: string; interval: KlineTopicInterval }
  | { kind: 'bbos' }
  | { kind: 'markprices' };

/** A parse that failed, with the text the stream answers. */
export interface TopicRefused {
  errorMsg: string;
}

const KLINE_PREFIX = 'kline_';

/** The market topic `name` names; undefined when it is none (another family may know it). */
export function parseMarketTopic(
  name: string,
  symbolKnown: (symbol: string) => boolean,
): MarketTopicRef | TopicRefused | undefined {
  if (name === MarketTopic.bbos) return { kind: 'bbos' };
  if (name === MarketTopic.markPrices) return { kind: 'markprices' };
  const at = name.lastIndexOf('@');
  if (at <= 0) return undefined;
  const symbol = name.slice(0, at);
  const rest = name.slice(at + 1);
  let ref: MarketTopicRef;
  if (rest.startsWith(KLINE_PREFIX)) {
    const interval = rest.slice(KLINE_PREFIX.length);
    if (!(KLINE_TOPIC_INTERVALS as readonly string[]).includes(interval)) {
      return { errorMsg: `invalid topic ${name}` };
    }
    ref = { kind: 'kline', symbol, interval: interval as KlineTopicInterval };
  } else if ((SYMBOL_TOPIC_KINDS as readonly string[]).includes(rest)) {
    ref = { kind: rest as SymbolTopicKind, symbol };
  } else {
    return undefined;
  }
  return symbolKnown(symbol) ? ref : { errorMsg: `invalid symbol ${symbol}` };
}

/** The topic name of a reference (the inverse of `parseMarketTopic`). */
export function marketTopicName(ref: MarketTopicRef): string {
  switch (ref.kind) {
    case 'bbos':
      return MarketTopic.bbos;
    case 'markprices':
      return MarketTopic.markPrices;
    case 'kline':
      return MarketTopic.kline(ref.symbol, ref.interval);
    default:
      return `${ref.symbol}@${ref.kind}`;
  }
}
