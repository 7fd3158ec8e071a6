/**
 * 24-hour ticker statistics per symbol from the sandbox's own fills: open, close, high,
 * low, volume (base), amount (quote) and trade count. Bounded: trades older than the window
 * are dropped, and at most MAX_TRADES per symbol are kept (the oldest go first).
 */
import { round } from '../decimal.ts';

export const TICKER_WINDOW_MS = 24 * 60 * 60 * 1000;
const MAX_TRADES = 10_000;

interface Trade {
  at: number;
  price: number;
  quantity: number;
}

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

export class TickerStats {
  private readonly trades = new Map<string, Trade[]>();

  record(symbol: string, trade: Trade): void {
    let list = this.trades.get(symbol);
    if (!list) {
      list = [];
      this.trades.set(symbol, list);
    }
    list.push(trade);
    if (list.length > MAX_TRADES) list.splice(0, list.length - MAX_TRADES);
  }

  /** The symbol's last 24 h; without trades every price is the mid. */
  snapshot(symbol: string, mid: number, now: number): TickerData {
    const list = this.trades.get(symbol) ?? [];
    const first = list.findIndex((t) => t.at > now - TICKER_WINDOW_MS);
    if (first !== 0) list.splice(0, first < 0 ? list.length : first);
    if (list.length === 0) {
      return { symbol, open: mid, close: mid, high: mid, low: mid, volume: 0, amount: 0, count: 0 };
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
    return {
      symbol,
      open: list[0]!.price,
      close: list[list.length - 1]!.price,
      high,
      low,
      volume: round(volume, 10),
      amount: round(amount),
      count: list.length,
    };
  }
}
