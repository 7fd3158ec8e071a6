/**
 * 24-hour ticker figures per symbol from the sandbox's own fills (every account's trades,
 * which the state keeps, bounded per account): open, close, high, low, volume (base), amount
 * (quote) and trade count. Without trades every price is the mid.
 */
import { round } from '../decimal.ts';
import type { SandboxState, Trade } from '../state.ts';

export const TICKER_WINDOW_MS = 24 * 60 * 60 * 1000;

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

/** Every symbol's ticker now, in one pass over the trades of the last 24 h. */
export function tickers(state: SandboxState, now: number): Map<string, TickerData> {
  const since = now - TICKER_WINDOW_MS;
  const bySymbol = new Map<string, Trade[]>();
  for (const account of state.accounts.values()) {
    for (const trade of account.trades) {
      if (trade.time <= since) continue;
      const list = bySymbol.get(trade.symbol);
      if (list) list.push(trade);
      else bySymbol.set(trade.symbol, [trade]);
    }
  }
  const result = new Map<string, TickerData>();
  for (const [symbol, market] of state.markets) {
    const list = (bySymbol.get(symbol) ?? []).sort(
      (a, b) => a.time - b.time || a.tradeId - b.tradeId,
    );
    const mid = market.mid;
    if (list.length === 0) {
      result.set(symbol, {
        symbol,
        open: mid,
        close: mid,
        high: mid,
        low: mid,
        volume: 0,
        amount: 0,
        count: 0,
      });
      continue;
    }
    let high = -Infinity;
    let low = Infinity;
    let volume = 0;
    let amount = 0;
    for (const t of list) {
      high = Math.max(high, t.price);
      low = Math.min(low, t.price);
      volume += t.quantity;
      amount += t.price * t.quantity;
    }
    result.set(symbol, {
      symbol,
      open: list[0]!.price,
      close: list[list.length - 1]!.price,
      high,
      low,
      volume: round(volume, 10),
      amount: round(amount),
      count: list.length,
    });
  }
  return result;
}
