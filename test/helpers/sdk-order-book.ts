/**
 * A local order book kept the way the official SDK keeps it (market-algo-risk-facts.md §2,
 * "Local book from snapshot + updates"): updates before the first snapshot are dropped, a gap
 * buffers instead of applying (the book stalls), a snapshot applies the buffered chain that
 * continues from it. Tests use it to check that the sandbox's chain and snapshot agree.
 */
import type { LevelPair } from '../../src/contract/wire-market-stream.ts';
import {
  applyLevels,
  type LevelMap,
  levelMap,
  sortedPairs,
} from '../../src/sandbox/stream/book-chain.ts';

export interface BookUpdate {
  asks: LevelPair[];
  bids: LevelPair[];
  prevTs: number;
  ts: number;
}

export class SdkOrderBook {
  private book: { asks: LevelMap; bids: LevelMap; ts: number } | undefined;
  private buffer: BookUpdate[] = [];
  /** Updates that did not continue the book (each one a reason to resync). */
  gaps = 0;
  applied = 0;

  /** An `@orderbookupdate` push: `data` plus the push's top-level `ts`. */
  update(data: { asks: LevelPair[]; bids: LevelPair[]; prevTs: number }, ts: number): void {
    if (!this.book) return;
    const update = { asks: data.asks, bids: data.bids, prevTs: data.prevTs, ts };
    if (this.book.ts === 0) {
      this.hold(update);
      return;
    }
    if (update.prevTs !== this.book.ts) {
      this.gaps++;
      this.hold(update);
      return;
    }
    this.apply(update);
    this.buffer = [];
  }

  /** The one-shot `request` orderbook answer's `data`. */
  snapshot(data: { ts: number; asks: LevelPair[]; bids: LevelPair[] }): void {
    this.book = { asks: levelMap(data.asks), bids: levelMap(data.bids), ts: data.ts };
    const held = this.buffer.sort((a, b) => a.ts - b.ts);
    this.buffer = [];
    if (held.length === 0 || held[0]!.prevTs > data.ts) return;
    for (const update of held) if (update.prevTs >= this.book.ts) this.apply(update);
  }

  get ts(): number {
    return this.book?.ts ?? 0;
  }

  /** Asks ascending, bids descending. */
  levels(): { asks: LevelPair[]; bids: LevelPair[] } {
    return {
      asks: sortedPairs(this.book?.asks ?? new Map(), 'asks'),
      bids: sortedPairs(this.book?.bids ?? new Map(), 'bids'),
    };
  }

  private hold(update: BookUpdate): void {
    const last = this.buffer.at(-1);
    if (last && update.prevTs !== last.ts) this.buffer = [];
    this.buffer.push(update);
  }

  private apply(update: BookUpdate): void {
    const book = this.book!;
    applyLevels(book.asks, update.asks);
    applyLevels(book.bids, update.bids);
    book.ts = update.ts;
    this.applied++;
  }
}
