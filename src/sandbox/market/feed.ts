/**
 * The market model's public face, for the REST routes and the public stream topics: subscribe
 * to `book`, `trade` and `mark` events (events.ts) and read any symbol's state now. Every read
 * is computed from the one model (market.ts), so a REST answer and a topic push agree.
 *
 *   const off = state.feed.on('book', ({ symbol, timestamp }) => push(state.feed.book(symbol, 20)));
 *
 * Reads take a known symbol (the caller validates it; an unknown one throws).
 */
import type { KlineType } from '../../contract/wire-market.ts';
import type { BboData, LevelPair } from '../../contract/wire-market-stream.ts';
import type { DayFigures } from './candle-book.ts';
import type { Candle } from './candles.ts';
import type { MarketEventName, MarketEvents, MarketListener } from './events.ts';
import type { Market } from './market.ts';
import type { Level } from './synthetic.ts';
import type { PublicTrade } from './trade-tape.ts';

export interface FeedSource {
  markets: ReadonlyMap<string, Market>;
  clock: () => number;
  openInterest(symbol: string): number;
}

export interface BookView {
  symbol: string;
  /** Ascending. */
  asks: LevelPair[];
  /** Descending. */
  bids: LevelPair[];
  /** Server time of the read. */
  timestamp: number;
}

export interface FundingEstimate {
  symbol: string;
  rate: number;
  /** When it was estimated (now). */
  timestamp: number;
  nextFundingTime: number;
}

export interface FundingFigures extends FundingEstimate {
  lastRate: number;
  lastRateTime: number;
  sumUnitaryFunding: number;
}

const pairs = (levels: Level[], depth: number): LevelPair[] =>
  levels.slice(0, depth).map((l) => [l.price, l.quantity]);

export class MarketFeed {
  constructor(
    private readonly source: FeedSource,
    private readonly events: MarketEvents,
  ) {}

  /** Subscribes to a market event; returns the unsubscribe function. */
  on<K extends MarketEventName>(name: K, listener: MarketListener<K>): () => void {
    return this.events.on(name, listener);
  }

  symbols(): string[] {
    return [...this.source.markets.keys()];
  }

  has(symbol: string): boolean {
    return this.source.markets.has(symbol);
  }

  market(symbol: string): Market {
    const market = this.source.markets.get(symbol);
    if (!market) throw new Error(`unknown symbol ${symbol}`);
    return market;
  }

  /** The best `depth` levels a side: asks ascending, bids descending. */
  book(symbol: string, depth: number): BookView {
    const book = this.market(symbol).book();
    const timestamp = this.source.clock();
    return { symbol, asks: pairs(book.asks, depth), bids: pairs(book.bids, depth), timestamp };
  }

  bbo(symbol: string): BboData {
    const { asks, bids } = this.market(symbol).book();
    const ask = asks[0] ?? { price: 0, quantity: 0 };
    const bid = bids[0] ?? { price: 0, quantity: 0 };
    return { symbol, ask: ask.price, askSize: ask.quantity, bid: bid.price, bidSize: bid.quantity };
  }

  /** The latest `n` public trades, newest first. */
  recentTrades(symbol: string, n: number): PublicTrade[] {
    return this.market(symbol).tape.latest(n);
  }

  mark(symbol: string): number {
    return this.market(symbol).mid;
  }

  index(symbol: string): number {
    return this.market(symbol).index.at(this.source.clock());
  }

  /** The candle of `interval` that holds now. */
  candle(symbol: string, interval: KlineType): Candle {
    return this.market(symbol).candles.of(interval).current(this.source.clock());
  }

  /** Up to `max` candles, oldest first, starting from `from` to `to` (ms), counted back from `to`. */
  candles(symbol: string, interval: KlineType, range: { from: number; to: number; max: number }) {
    return this.market(symbol).candles.of(interval).window(range.from, range.to, range.max);
  }

  fundingEstimate(symbol: string): FundingEstimate {
    const { funding } = this.market(symbol);
    const now = this.source.clock();
    const rate = funding.estimate(now);
    return { symbol, rate, timestamp: now, nextFundingTime: funding.nextFundingTime(now) };
  }

  funding(symbol: string): FundingFigures {
    const { funding } = this.market(symbol);
    const estimate = this.fundingEstimate(symbol);
    return {
      ...estimate,
      lastRate: funding.lastRate,
      lastRateTime: funding.lastRateTime,
      sumUnitaryFunding: funding.sumUnitary,
    };
  }

  openInterest(symbol: string): number {
    return this.source.openInterest(symbol);
  }

  /** The last 24 h at minute granularity (candle-book.ts). */
  day(symbol: string): DayFigures {
    const market = this.market(symbol);
    return market.candles.day(this.source.clock(), market.mid);
  }
}
