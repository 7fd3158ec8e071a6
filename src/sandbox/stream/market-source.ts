/**
 * What the public market topics read from the sandbox's market model, and the changes they
 * follow. The model implements it (market-view.ts adapts it); the stream reads nothing else.
 */
import type {
  KlineData,
  KlineTopicInterval,
  LevelPair,
} from '../../contract/wire-market-stream.ts';
import type { Side } from '../../contract/wire-orders.ts';

/** One printed trade (the taker's side). */
export interface TradePrint {
  symbol: string;
  side: Side;
  price: number;
  quantity: number;
  timestamp: number;
}

export interface MarketSource {
  symbols(): readonly string[];
  /** Synthetic levels plus resting orders, asks ascending, bids descending, `depth` per side. */
  book(symbol: string, depth: number): { asks: LevelPair[]; bids: LevelPair[] };
  /** The latest trades, newest first. */
  trades(symbol: string, limit: number): TradePrint[];
  markPrice(symbol: string): number;
  /** The current candle of the interval (the one `now` falls in). */
  kline(symbol: string, interval: KlineTopicInterval, now: number): KlineData;
  /** The estimated funding rate and the time it is for (ms). */
  estFundingRate(symbol: string, now: number): { fundingRate: number; fundingTs: number };
  openInterest(symbol: string): number;
  /**
   * The book changed. `tick` is true for the activity control's ticks: the update stream
   * pushes one update per tick instead of coalescing.
   */
  onBook(listener: (symbol: string, tick: boolean) => void): () => void;
  onTrade(listener: (trade: TradePrint) => void): () => void;
}
