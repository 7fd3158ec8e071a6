/**
 * One symbol's live book for every local subscriber: the local book kept from the update
 * chain, a snapshot asked for whenever it breaks (and after every reconnect), and frames per
 * subscribed depth computed once per emission for all of that depth's subscribers, at most
 * 10 a second (frame-throttle.ts). A subscriber that arrives while the book is synced gets
 * the current frame at once (or with the emission already due); one that arrives before gets
 * the first frame of the snapshot.
 */
import type { OrderBookModel } from '../models/market.ts';
import { FrameThrottle } from './frame-throttle.ts';
import { type BookSnapshot, type BookUpdate, LocalBook } from './local-book.ts';

export interface BookListener {
  /**
   * A frame of the book, emitted by the channel at `at` (its clock, ms): frames after the
   * first are at least the channel's interval apart by it.
   */
  bookFrame(frame: OrderBookModel, at: number): void;
  /** The book cannot be served (the upstream does not know the symbol): the end. */
  bookFailed(reason: string): void;
}

/** A snapshot request the upstream refused for good (unknown symbol). */
export class BookUnavailable extends Error {}

export interface BookChannelOptions {
  symbol: string;
  /** Asks the upstream for a snapshot; rejects with {@link BookUnavailable} for good. */
  snapshot(): Promise<BookSnapshot>;
  /** Whether a snapshot asked for now can be answered (the connection is up). */
  connected(): boolean;
  /** Pause before asking again after a failed or unusable snapshot. */
  retryDelay(attempt: number): number;
  /** Least time between two emissions. @default 100 (10 frames a second) */
  intervalMs?: number;
  /** Figures of every book of the replica, counted here too (metrics). @default none */
  totals?: BookChannelStats;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

export interface BookChannelStats {
  /** Snapshots applied (the first one included). */
  snapshots: number;
  /** Times the book broke (a missing link, a crossed or malformed update, a reconnect). */
  breaks: number;
  /** Emissions (each one frame per subscribed depth). */
  emissions: number;
}

const count = (
  s: BookChannelStats,
  t: BookChannelStats | undefined,
  key: keyof BookChannelStats,
) => {
  s[key]++;
  if (t) t[key]++;
};

export class BookChannel {
  readonly book: LocalBook;
  readonly stats: BookChannelStats = { snapshots: 0, breaks: 0, emissions: 0 };
  private readonly listeners = new Map<number, Set<BookListener>>();
  /** The last frame computed per depth (reused while the book has not moved). */
  private readonly frames = new Map<number, OrderBookModel>();
  private readonly throttle: FrameThrottle;
  /** Bumped by each request and each connection change: a stale answer is ignored. */
  private generation = 0;
  private requesting = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | undefined;
  private failed: string | undefined;
  private closed = false;

  constructor(private readonly options: BookChannelOptions) {
    this.book = new LocalBook(options.symbol);
    this.throttle = new FrameThrottle(options.intervalMs ?? 100, (at) => this.emit(at));
  }

  get size(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  add(depth: number, listener: BookListener): void {
    if (this.failed !== undefined) {
      listener.bookFailed(this.failed);
      return;
    }
    let set = this.listeners.get(depth);
    if (!set) {
      set = new Set();
      this.listeners.set(depth, set);
    }
    set.add(listener);
    // Synced: the current book now; unless an emission is due (within the interval), which
    // brings it: the same frame twice would be noise.
    if (!this.book.synced) this.requestSnapshot();
    else if (!this.throttle.pending) listener.bookFrame(this.frame(depth), this.throttle.firedAt);
  }

  /** Removes a listener; true when the channel has none left. */
  remove(depth: number, listener: BookListener): boolean {
    const set = this.listeners.get(depth);
    if (set?.delete(listener) && set.size === 0) {
      this.listeners.delete(depth);
      this.frames.delete(depth);
    }
    return this.listeners.size === 0;
  }

  /** An `@orderbookupdate` push (undefined: malformed, which breaks the chain too). */
  update(u: BookUpdate | undefined): void {
    const outcome = u ? this.book.update(u) : 'broken';
    if (outcome === 'applied') this.throttle.changed();
    else if (outcome === 'broken') this.broke(u ? 'missing link or crossed' : 'malformed update');
    else if (outcome === 'buffered') this.requestSnapshot();
  }

  /** The connection is (back) up and subscribed: whatever happened meanwhile is unknown. */
  connectionReady(): void {
    this.reset();
    this.requestSnapshot();
  }

  connectionDown(): void {
    this.reset();
  }

  close(): void {
    this.closed = true;
    this.throttle.close();
    clearTimeout(this.retry);
    this.listeners.clear();
  }

  private reset(): void {
    if (this.book.synced) count(this.stats, this.options.totals, 'breaks');
    this.book.invalidate();
    this.throttle.cancel();
    this.generation++;
    this.requesting = false;
    clearTimeout(this.retry);
    this.retry = undefined;
  }

  private broke(reason: string): void {
    count(this.stats, this.options.totals, 'breaks');
    this.throttle.cancel();
    this.options.log?.('order book resync', { symbol: this.options.symbol, reason });
    this.requestSnapshot();
  }

  private requestSnapshot(): void {
    if (this.closed || this.requesting || this.retry || !this.options.connected()) return;
    this.requesting = true;
    const generation = ++this.generation;
    this.options.snapshot().then(
      (s) => {
        if (generation === this.generation) this.onSnapshot(s);
      },
      (error: unknown) => {
        if (generation === this.generation) this.onRefused(error);
      },
    );
  }

  private onSnapshot(s: BookSnapshot): void {
    this.requesting = false;
    if (this.book.snapshot(s) === 'applied') {
      this.attempt = 0;
      count(this.stats, this.options.totals, 'snapshots');
      this.throttle.changed();
    } else this.later();
  }

  private onRefused(error: unknown): void {
    this.requesting = false;
    if (error instanceof BookUnavailable) {
      this.failed = error.message;
      for (const set of this.listeners.values()) for (const l of set) l.bookFailed(error.message);
      this.listeners.clear();
      return;
    }
    this.later();
  }

  /** Asks again after the backoff (a crossed snapshot, a lost answer, a refusal). */
  private later(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(
      () => {
        this.retry = undefined;
        this.requestSnapshot();
      },
      this.options.retryDelay(this.attempt++),
    );
    this.retry.unref();
  }

  private frame(depth: number): OrderBookModel {
    const held = this.frames.get(depth);
    if (held && held.timestamp === this.book.ts) return held;
    const frame = this.book.frame(depth);
    this.frames.set(depth, frame);
    return frame;
  }

  private emit(at: number): void {
    if (!this.book.synced) return;
    count(this.stats, this.options.totals, 'emissions');
    for (const [depth, set] of this.listeners) {
      const frame = this.frame(depth);
      for (const l of set) l.bookFrame(frame, at);
    }
  }
}
