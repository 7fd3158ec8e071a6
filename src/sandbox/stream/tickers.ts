/**
 * 24-hour ticker figures per symbol, from the market model's public trades (market/feed.ts
 * `day`: the 1-minute candles of the last 24 h): open, close, high, low, volume (base), amount
 * (quote) and trade count. Without trades or mid moves every price is the mid.
 */
import type { SandboxState } from '../state.ts';

export interface TickerData {
  symbol: string;
  open: number;
  close: number;
  high: number;
  low: number;
  volume: number;
  amount: number;
  count: number;
}

/** Every symbol's ticker now. */
export function tickers(state: SandboxState): Map<string, TickerData> {
  const result = new Map<string, TickerData>();
  for (const symbol of state.feed.symbols()) {
    result.set(symbol, { symbol, ...state.feed.day(symbol) });
  }
  return result;
}
