/**
 * Stream topics of the svc WebSocket API (reference/upstream-facts.md, "WebSocket streams";
 * market-algo-risk-facts.md §2): private account topics on `/v2/ws/private/stream/{account_id}`,
 * public market and status topics on `/ws/stream/{account_id}`. A topic on the wrong stream is
 * an invalid topic.
 */
import { MAINTENANCE_TOPIC, PRIVATE_TOPICS, type PrivateTopic } from '../../contract/constants.ts';
import { type MarketTopicRef, parseMarketTopic, type TopicRefused } from './market-topics.ts';

export type { TopicRefused } from './market-topics.ts';

export type StreamKind = 'public' | 'private';

export type ParsedTopic =
  | { kind: 'private'; name: PrivateTopic }
  | { kind: 'ticker'; symbol: string }
  | { kind: 'tickers' }
  | { kind: 'maintenance' }
  | { kind: 'market'; ref: MarketTopicRef };

export const tickerTopic = (brokerId: string, symbol: string) => `${brokerId}$${symbol}@ticker`;
export const tickersTopic = (brokerId: string) => `${brokerId}$tickers`;

/** The topic's meaning on this stream, or why it is refused. */
export function parseTopic(
  topic: string,
  stream: StreamKind,
  brokerId: string,
  symbolKnown: (symbol: string) => boolean,
): ParsedTopic | TopicRefused {
  const invalid = { errorMsg: `invalid topic ${topic}` };
  if (stream === 'private') {
    return (PRIVATE_TOPICS as readonly string[]).includes(topic)
      ? { kind: 'private', name: topic as PrivateTopic }
      : invalid;
  }
  if (topic === MAINTENANCE_TOPIC) return { kind: 'maintenance' };
  if (topic === tickersTopic(brokerId)) return { kind: 'tickers' };
  const prefix = `${brokerId}$`;
  if (topic.startsWith(prefix) && topic.endsWith('@ticker')) {
    const symbol = topic.slice(prefix.length, -'@ticker'.length);
    return symbolKnown(symbol) ? { kind: 'ticker', symbol } : invalid;
  }
  const market = parseMarketTopic(topic, symbolKnown);
  if (market === undefined) return invalid;
  return 'errorMsg' in market ? market : { kind: 'market', ref: market };
}
