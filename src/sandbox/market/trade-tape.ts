/**
 * The public trades of one symbol, a bounded ring: every fill prints one trade (the taker's
 * side, the price, the size, the time), as do the synthetic trades of the activity control.
 */
import type { Side } from '../../contract/wire-orders.ts';

/** Trades kept per symbol (the REST maximum of market_trades). */
export const TRADES_KEPT = 1000;

export interface PublicTrade {
  symbol: string;
  /** The taker's side. */
  side: Side;
  price: number;
  quantity: number;
  timestamp: number;
  /** Counts the symbol's trades from 1. */
  seq: number;
}

export class TradeTape {
  private readonly ring: PublicTrade[] = [];
  private next = 0;
  private printed = 0;

  constructor(
    readonly symbol: string,
    private readonly cap = TRADES_KEPT,
  ) {}

  print(side: Side, price: number, quantity: number, timestamp: number): PublicTrade {
    const trade = { symbol: this.symbol, side, price, quantity, timestamp, seq: ++this.printed };
    if (this.ring.length < this.cap) this.ring.push(trade);
    else this.ring[this.next] = trade;
    this.next = (this.next + 1) % this.cap;
    return trade;
  }

  /** The latest `n` trades, newest first. */
  latest(n: number): PublicTrade[] {
    const out: PublicTrade[] = [];
    const size = this.ring.length;
    for (let k = 1; k <= Math.min(n, size); k++) {
      out.push(this.ring[(this.next - k + size * 2) % size]!);
    }
    return out;
  }
}
