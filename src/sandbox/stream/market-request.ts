/**
 * The one-shot `request` of the public stream (market-algo-risk-facts.md §2):
 * `{"id", "event": "request", "params": {"type": "orderbook" | "trade", "symbol", "limit"?}}`.
 * The answer echoes `id` (the SDK matches it by `event + "_" + id`). Refusals use the facts'
 * texts: `missing required parameter <p>`, `invalid symbol <s>`, `invalid topic <type>`.
 */
import { REQUEST_TRADES_DEFAULT, REQUEST_TRADES_MAX } from './market-cadence.ts';
import type { TopicRefused } from './market-topics.ts';

export type ParsedRequest =
  | { type: 'orderbook'; symbol: string }
  | { type: 'trade'; symbol: string; limit: number };

const TYPES = ['orderbook', 'trade'] as const;

export function parseMarketRequest(
  params: unknown,
  symbolKnown: (symbol: string) => boolean,
): ParsedRequest | TopicRefused {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    return { errorMsg: 'missing required parameter params' };
  }
  const { type, symbol, limit } = params as Record<string, unknown>;
  if (type === undefined || type === '') return { errorMsg: 'missing required parameter type' };
  if (!TYPES.includes(type as never)) return { errorMsg: `invalid topic ${String(type)}` };
  if (symbol === undefined || symbol === '') {
    return { errorMsg: 'missing required parameter symbol' };
  }
  if (typeof symbol !== 'string' || !symbolKnown(symbol)) {
    return { errorMsg: `invalid symbol ${String(symbol)}` };
  }
  if (type === 'orderbook') return { type, symbol };
  const n = limit === undefined ? REQUEST_TRADES_DEFAULT : Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > REQUEST_TRADES_MAX) {
    return { errorMsg: `invalid parameter limit: an integer from 1 to ${REQUEST_TRADES_MAX}` };
  }
  return { type: 'trade', symbol, limit: n };
}
