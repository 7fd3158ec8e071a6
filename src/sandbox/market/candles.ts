/**
 * Candles of one interval, built from the symbol's events: every public trade (price, size)
 * and every mid move (price only). A period without any event is flat at the mid of that
 * time, so a chart of an idle market follows the mid. The last `cap` candles that had events
 * are kept; reads fill the periods between them, never before the market was created.
 */
import type { KlineType } from '../../contract/wire-market.ts';
import { round } from '../decimal.ts';
import { nextStart, periodStart, previousStart } from './intervals.ts';

export interface Candle {
  start: number;
  /** Start of the next period (exclusive end). */
  end: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Base quantity traded. */
  volume: number;
  /** Quote amount traded. */
  amount: number;
  /** Trades in the period. */
  count: number;
  /** The mid when the period opened and after its last event (what idle periods show). */
  midBefore: number;
  midAfter: number;
}

export class CandleSeries {
  /** Candles with events, oldest first. */
  private readonly list: Candle[] = [];
  private readonly firstStart: number;

  constructor(
    readonly interval: KlineType,
    private readonly cap: number,
    private mid: number,
    createdAt: number,
  ) {
    this.firstStart = periodStart(interval, createdAt);
  }

  trade(price: number, quantity: number, time: number): void {
    const c = this.candleAt(time, price);
    c.high = Math.max(c.high, price);
    c.low = Math.min(c.low, price);
    c.close = price;
    c.volume = round(c.volume + quantity, 10);
    c.amount = round(c.amount + price * quantity, 8);
    c.count += 1;
  }

  midMoved(mid: number, time: number): void {
    const c = this.candleAt(time, mid);
    c.high = Math.max(c.high, mid);
    c.low = Math.min(c.low, mid);
    c.close = mid;
    c.midAfter = mid;
    this.mid = mid;
  }

  /** The candle of the period holding `time` (flat at the mid when nothing happened yet). */
  current(time: number): Candle {
    return this.window(time, time, 1)[0] ?? this.flat(periodStart(this.interval, time), this.mid);
  }

  /**
   * Up to `max` candles, oldest first, whose periods start from `from` to `to` (ms), counted
   * back from `to`; none before the market was created.
   */
  window(from: number, to: number, max: number): Candle[] {
    const out: Candle[] = [];
    let start = periodStart(this.interval, to);
    const floor = Math.max(periodStart(this.interval, from), this.firstStart);
    let i = this.list.length - 1;
    while (start >= floor && out.length < max) {
      while (i >= 0 && this.list[i]!.start > start) i--;
      const stored = this.list[i];
      if (stored?.start === start) out.push(stored);
      else out.push(this.flat(start, stored ? stored.midAfter : this.oldestMid()));
      start = previousStart(this.interval, start);
    }
    return out.reverse();
  }

  /** Candles with events whose period starts at or after `since`, oldest first. */
  since(since: number): Candle[] {
    let i = this.list.length;
    while (i > 0 && this.list[i - 1]!.start >= since) i--;
    return this.list.slice(i);
  }

  /** The mid before anything the list remembers (the current mid when it is empty). */
  private oldestMid(): number {
    return this.list[0]?.midBefore ?? this.mid;
  }

  private flat(start: number, price: number): Candle {
    const end = nextStart(this.interval, start);
    return {
      start,
      end,
      open: price,
      high: price,
      low: price,
      close: price,
      volume: 0,
      amount: 0,
      count: 0,
      midBefore: price,
      midAfter: price,
    };
  }

  /** The candle an event at `time` lands in; a clock that went back lands in the newest. */
  private candleAt(time: number, price: number): Candle {
    const start = periodStart(this.interval, time);
    const last = this.list.at(-1);
    if (last && start <= last.start) return last;
    const c = { ...this.flat(start, price), midBefore: this.mid, midAfter: this.mid };
    this.list.push(c);
    if (this.list.length > this.cap) this.list.splice(0, this.list.length - this.cap);
    return c;
  }
}
