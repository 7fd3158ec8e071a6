/**
 * The `{symbol}@orderbookupdate` chain (market-algo-risk-facts.md §2, "Local book from snapshot
 * + updates"): each update holds the levels that changed since the previous one, with absolute
 * quantities (0 removes the level), and its `data.prevTs` is the previous update's top-level
 * `ts`. A one-shot snapshot is the book as of the latest update, with that update's `ts`, so
 * the next update continues from it. Pure: the stream decides when to advance and whom to send.
 */
import type { LevelPair, OrderBookUpdateData } from '../../contract/wire-market-stream.ts';

/** price → quantity */
export type LevelMap = Map<number, number>;

export interface BookLevels {
  asks: LevelMap;
  bids: LevelMap;
}

export function levelMap(levels: Iterable<LevelPair | { price: number; quantity: number }>) {
  const map: LevelMap = new Map();
  for (const level of levels) {
    const [price, quantity] = Array.isArray(level) ? level : [level.price, level.quantity];
    if (quantity > 0) map.set(price, quantity);
  }
  return map;
}

/** The pairs of a side, asks ascending and bids descending. */
export function sortedPairs(map: LevelMap, side: 'asks' | 'bids'): LevelPair[] {
  const pairs = [...map].map(([price, quantity]): LevelPair => [price, quantity]);
  return pairs.sort(side === 'asks' ? (a, b) => a[0] - b[0] : (a, b) => b[0] - a[0]);
}

/** What turns `prev` into `next`: every changed or new level, and each removed one at 0. */
export function diffLevels(prev: LevelMap, next: LevelMap, side: 'asks' | 'bids'): LevelPair[] {
  const changed: LevelMap = new Map();
  for (const [price, quantity] of next) {
    if (prev.get(price) !== quantity) changed.set(price, quantity);
  }
  for (const price of prev.keys()) if (!next.has(price)) changed.set(price, 0);
  return sortedPairs(changed, side);
}

/** Applies an update as the SDK does: absolute quantities, 0 deletes (for tests and clients). */
export function applyLevels(map: LevelMap, pairs: readonly LevelPair[]): void {
  for (const [price, quantity] of pairs) {
    if (quantity === 0) map.delete(price);
    else map.set(price, quantity);
  }
}

export interface ChainedUpdate {
  /** The push's top-level `ts`. */
  ts: number;
  data: OrderBookUpdateData;
  /** Not to be sent: the chain moves on without it (a gap for resync tests). */
  withheld: boolean;
}

/** One symbol's chain: the book as last published and the `ts` it was published at. */
export class BookChain {
  private published: BookLevels;
  private gapPending = false;

  constructor(
    readonly symbol: string,
    book: BookLevels,
    /** The `ts` of the latest update (sent or withheld); the chain starts here. */
    public ts: number,
  ) {
    this.published = copy(book);
  }

  /** The update from the published book to `book`; undefined when no level changed. */
  advance(book: BookLevels, now: number): ChainedUpdate | undefined {
    const update = this.next(book, now);
    if (update) {
      update.withheld = this.gapPending;
      this.gapPending = false;
    }
    return update;
  }

  /** Advances with no one to send to: a pending gap waits for an update that is sent. */
  catchUp(book: BookLevels, now: number): void {
    this.next(book, now);
  }

  private next(book: BookLevels, now: number): ChainedUpdate | undefined {
    const asks = diffLevels(this.published.asks, book.asks, 'asks');
    const bids = diffLevels(this.published.bids, book.bids, 'bids');
    if (asks.length === 0 && bids.length === 0) return undefined;
    // Strictly increasing, so a frozen or repeating clock still chains.
    const ts = Math.max(now, this.ts + 1);
    const update: ChainedUpdate = {
      ts,
      data: { symbol: this.symbol, prevTs: this.ts, asks, bids },
      withheld: false,
    };
    this.published = copy(book);
    this.ts = ts;
    return update;
  }

  /** The published book and its `ts`: what the one-shot `request` orderbook answers. */
  snapshot(): { ts: number; asks: LevelPair[]; bids: LevelPair[] } {
    return {
      ts: this.ts,
      asks: sortedPairs(this.published.asks, 'asks'),
      bids: sortedPairs(this.published.bids, 'bids'),
    };
  }

  /** The next update with changes is withheld: the one after it does not chain for clients. */
  breakNext(): void {
    this.gapPending = true;
  }

  get gapArmed(): boolean {
    return this.gapPending;
  }
}

function copy(book: BookLevels): BookLevels {
  return { asks: new Map(book.asks), bids: new Map(book.bids) };
}
