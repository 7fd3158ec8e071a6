/**
 * A symbol's local order book kept from the upstream's update chain
 * (reference/market-algo-risk-facts.md §2, "Local book from snapshot + updates"): each
 * `@orderbookupdate` push names the `ts` of the push before it (`prevTs`), and a snapshot's
 * `ts` joins that chain. The book is usable (`synced`) only while every update since its
 * snapshot has been applied in order and it is not crossed; anything else (a missing link, a
 * malformed level, a crossed result) breaks it, and it waits for a fresh snapshot while it
 * buffers the chain that follows, so it never shows a gapped or crossed book.
 */
import type { LevelPair } from '../contract/wire-market-stream.ts';
import type { OrderBookModel } from '../models/market.ts';
import { BookSide } from './book-side.ts';

export interface BookUpdate {
  prevTs: number;
  /** The push's own (top-level) `ts`. */
  ts: number;
  asks: readonly LevelPair[];
  bids: readonly LevelPair[];
}

export interface BookSnapshot {
  /** The `ts` of the last update the snapshot includes. */
  ts: number;
  asks: readonly LevelPair[];
  bids: readonly LevelPair[];
}

/**
 * What an update or a snapshot did: `applied` (the book moved), `stale` (nothing new),
 * `buffered` (waiting for a snapshot), `broken` (the book needs a fresh snapshot).
 */
export type BookOutcome = 'applied' | 'stale' | 'buffered' | 'broken';

/** Updates kept while waiting for a snapshot (2 minutes of the upstream's 200 ms pushes). */
export const MAX_BUFFERED = 600;

export class LocalBook {
  private readonly asks = new BookSide(true);
  private readonly bids = new BookSide(false);
  private bookTs = 0;
  private isSynced = false;
  /** A contiguous chain of updates received while not synced, oldest first. */
  private buffer: BookUpdate[] = [];

  constructor(
    readonly symbol: string,
    private readonly maxBuffered = MAX_BUFFERED,
  ) {}

  /** Whether the book may be shown: built from a snapshot and every update since, uncrossed. */
  get synced(): boolean {
    return this.isSynced;
  }

  /** The `ts` of the last update (or snapshot) applied; 0 before the first snapshot. */
  get ts(): number {
    return this.bookTs;
  }

  update(u: BookUpdate): BookOutcome {
    if (!this.isSynced) {
      this.bufferUpdate(u);
      return 'buffered';
    }
    if (u.ts <= this.bookTs) return 'stale';
    if (u.prevTs !== this.bookTs) {
      // A missing link: whatever it changed is unknown. The chain restarts here.
      this.invalidate();
      this.buffer.push(u);
      return 'broken';
    }
    return this.applyOne(u) ? 'applied' : this.breakOff();
  }

  /**
   * Rebuilds from a snapshot plus the buffered updates that follow it. `broken` when the
   * snapshot is malformed or crossed, or the buffered chain does not continue from it (the
   * snapshot is older than what was buffered): ask for another.
   */
  snapshot(s: BookSnapshot): BookOutcome {
    this.asks.clear();
    this.bids.clear();
    this.bookTs = s.ts;
    const pending = this.buffer.filter((u) => u.ts > s.ts);
    this.buffer = [];
    if (!this.asks.apply(s.asks) || !this.bids.apply(s.bids) || this.crossed()) {
      return this.breakOff();
    }
    for (const u of pending) {
      if (u.prevTs !== this.bookTs) {
        // Keep the newer chain for the next snapshot.
        this.invalidate();
        this.buffer = pending.slice(pending.indexOf(u));
        return 'broken';
      }
      if (!this.applyOne(u)) return this.breakOff();
    }
    this.isSynced = true;
    return 'applied';
  }

  /** Not usable until the next snapshot (the connection dropped: updates may be lost). */
  invalidate(): void {
    this.isSynced = false;
    this.buffer = [];
  }

  /** The best `depth` levels of each side, as of {@link ts}; only meaningful when synced. */
  frame(depth: number): OrderBookModel {
    return {
      symbol: this.symbol,
      asks: this.asks.top(depth),
      bids: this.bids.top(depth),
      timestamp: this.bookTs,
    };
  }

  /** Applies one update of the chain; false when it leaves a malformed or crossed book. */
  private applyOne(u: BookUpdate): boolean {
    this.bookTs = u.ts;
    return this.asks.apply(u.asks) && this.bids.apply(u.bids) && !this.crossed();
  }

  private breakOff(): BookOutcome {
    this.invalidate();
    this.asks.clear();
    this.bids.clear();
    return 'broken';
  }

  /** Best bid at or above best ask: not a book anyone may see. */
  private crossed(): boolean {
    const bid = this.bids.best();
    const ask = this.asks.best();
    return bid !== undefined && ask !== undefined && bid >= ask;
  }

  private bufferUpdate(u: BookUpdate): void {
    const last = this.buffer[this.buffer.length - 1];
    // Only a contiguous chain is of use: a missing link drops what came before it.
    if (last && u.prevTs !== last.ts) this.buffer = [];
    this.buffer.push(u);
    if (this.buffer.length > this.maxBuffered) this.buffer.shift();
  }
}
