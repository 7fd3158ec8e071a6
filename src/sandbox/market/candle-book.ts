/**
 * Every interval's candles of one symbol (candles.ts), fed together, and the 24 h figures
 * folded from the 1-minute candles.
 */
import { KLINE_TYPES, type KlineType } from '../../contract/wire-market.ts';
import { round } from '../decimal.ts';
import { type Candle, CandleSeries } from './candles.ts';

/** Candles kept per interval: the REST maximum (1000); 1m keeps a day and more (24 h figures). */
export const CANDLES_KEPT = 1000;
export const MINUTE_CANDLES_KEPT = 1500;
export const DAY_MS = 86_400_000;

/** 24 h figures: open, close, high, low, base volume, quote amount, trade count. */
export interface DayFigures {
  open: number;
  close: number;
  high: number;
  low: number;
  volume: number;
  amount: number;
  count: number;
}

export class CandleBook {
  private readonly series: Map<KlineType, CandleSeries>;

  constructor(mid: number, createdAt: number) {
    this.series = new Map(
      KLINE_TYPES.map((t) => {
        const cap = t === '1m' ? MINUTE_CANDLES_KEPT : CANDLES_KEPT;
        return [t, new CandleSeries(t, cap, mid, createdAt)];
      }),
    );
  }

  of(interval: KlineType): CandleSeries {
    return this.series.get(interval)!;
  }

  trade(price: number, quantity: number, time: number): void {
    for (const s of this.series.values()) s.trade(price, quantity, time);
  }

  midMoved(mid: number, time: number): void {
    for (const s of this.series.values()) s.midMoved(mid, time);
  }

  /**
   * The last 24 h at minute granularity: the 1m candles that start within the day before
   * `now`. Without any, every price is the mid and the sums are 0.
   */
  day(now: number, mid: number): DayFigures {
    const candles: Candle[] = this.of('1m').since(now - DAY_MS);
    const first = candles[0];
    const last = candles.at(-1);
    if (!first || !last) {
      return { open: mid, close: mid, high: mid, low: mid, volume: 0, amount: 0, count: 0 };
    }
    const figures = { open: first.open, close: last.close, high: -Infinity, low: Infinity };
    let volume = 0;
    let amount = 0;
    let count = 0;
    for (const c of candles) {
      figures.high = Math.max(figures.high, c.high);
      figures.low = Math.min(figures.low, c.low);
      volume += c.volume;
      amount += c.amount;
      count += c.count;
    }
    return { ...figures, volume: round(volume, 10), amount: round(amount), count };
  }
}
