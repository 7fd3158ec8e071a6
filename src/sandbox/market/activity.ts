/**
 * Synthetic market activity for tests and benchmarks (`POST /sandbox/markets/{symbol}/activity`):
 * per symbol, `bookUpdatesPerSecond` changes of one synthetic level's quantity (each one
 * `book` event) and `tradesPerSecond` synthetic trades at the best synthetic level (each one
 * `trade` event, in the tape and the candles; no account is touched). One unref'd timer per
 * active symbol; events owed for the time elapsed are sent each tick, at most one second's
 * worth after a stall. Deterministic choices (a PRNG seeded by the symbol), not the timing.
 */
import { floorTo } from '../decimal.ts';
import type { Market } from './market.ts';
import { BOOK_DEPTH } from './synthetic.ts';

export const ACTIVITY_MAX_RATE = 1000;
/** Shortest timer period: faster rates send several events per tick. */
export const ACTIVITY_TICK_MS = 10;

export interface ActivityRates {
  bookUpdatesPerSecond: number;
  tradesPerSecond: number;
}

/** mulberry32: a small seeded PRNG, so a run's choices repeat. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seedOf = (text: string) =>
  [...text].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16777619), 2166136261);

class Runner {
  private readonly random: () => number;
  private readonly timer: NodeJS.Timeout;
  private last = performance.now();
  private owed = { book: 0, trade: 0 };

  constructor(
    private readonly market: Market,
    readonly rates: ActivityRates,
  ) {
    this.random = prng(seedOf(market.symbol));
    const fastest = Math.max(rates.bookUpdatesPerSecond, rates.tradesPerSecond);
    const period = Math.min(1000, Math.max(ACTIVITY_TICK_MS, 1000 / fastest));
    this.timer = setInterval(() => this.tick(), period);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    const now = performance.now();
    const seconds = Math.min(1, (now - this.last) / 1000);
    this.last = now;
    this.owed.book += this.rates.bookUpdatesPerSecond * seconds;
    this.owed.trade += this.rates.tradesPerSecond * seconds;
    for (; this.owed.book >= 1; this.owed.book--) this.bookUpdate();
    for (; this.owed.trade >= 1; this.owed.trade--) this.trade();
  }

  /** One synthetic level to between half and one and a half times its seeded quantity. */
  private bookUpdate(): void {
    const side = this.random() < 0.5 ? 'bids' : 'asks';
    const i = Math.floor(this.random() * BOOK_DEPTH);
    const { market } = this;
    const step = market.config.quantityStep;
    const quantity = floorTo(market.synthetic.baseQuantity(i) * (0.5 + this.random()), step);
    market.setSyntheticQuantity(side, i, Math.max(step, quantity));
    market.flush();
  }

  /** A taker of up to half of level 0's seeded quantity at the best synthetic price. */
  private trade(): void {
    const { market } = this;
    const buy = this.random() < 0.5;
    const levels = market.syntheticBook();
    const price = (buy ? levels.asks[0] : levels.bids[0])?.price ?? market.mid;
    const step = market.config.quantityStep;
    const quantity = floorTo(market.synthetic.baseQuantity(0) * this.random() * 0.5, step);
    market.print(buy ? 'BUY' : 'SELL', price, Math.max(step, quantity));
  }
}

export class MarketActivity {
  private readonly running = new Map<string, Runner>();

  constructor(private readonly markets: ReadonlyMap<string, Market>) {}

  /** Sets a symbol's rates (0 and 0 stop it); the caller has checked the symbol and bounds. */
  set(symbol: string, rates: ActivityRates): ActivityRates {
    this.running.get(symbol)?.stop();
    this.running.delete(symbol);
    if (rates.bookUpdatesPerSecond > 0 || rates.tradesPerSecond > 0) {
      this.running.set(symbol, new Runner(this.markets.get(symbol)!, rates));
    }
    return this.rates(symbol);
  }

  rates(symbol: string): ActivityRates {
    return this.running.get(symbol)?.rates ?? { bookUpdatesPerSecond: 0, tradesPerSecond: 0 };
  }

  /** Stops every symbol's activity (the sandbox's close). */
  close(): void {
    for (const runner of this.running.values()) runner.stop();
    this.running.clear();
  }
}
