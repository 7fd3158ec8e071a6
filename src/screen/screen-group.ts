/**
 * The screens of one (symbol, depth) on the replica: one listener of the book channel for all
 * of them, and one clock (tick-clock.ts), so a book frame reaches every screen in the same
 * pass, and the mark and the funding estimate (the same for all of them) tick once. A screen's
 * own change (its account's events, its first state) emits it with the next tick; a screen
 * emits at most once per tick.
 */
import type { BookListener } from '../market/book-channel.ts';
import type { OrderBookModel } from '../models/market.ts';
import type { ScreenTicks, TickedScreen } from './screen-ports.ts';
import { TickClock } from './tick-clock.ts';

/** How the group follows the book (the hub's local books). */
export interface GroupBooks {
  listen(symbol: string, depth: number, listener: BookListener): void;
  unlisten(symbol: string, depth: number, listener: BookListener): void;
}

export class ScreenGroup implements BookListener, ScreenTicks {
  book: OrderBookModel | undefined;
  private readonly screens = new Set<TickedScreen>();
  /** Screens with a change of their own since the last tick. */
  private dirty = new Set<TickedScreen>();
  /** Every screen has something new (a book frame, the mark, the funding estimate). */
  private all = false;
  private failed: string | undefined;
  private readonly clock: TickClock;

  constructor(
    readonly symbol: string,
    readonly depth: number,
    private readonly books: GroupBooks,
    intervalMs: number,
    now: () => number,
  ) {
    this.clock = new TickClock(intervalMs, (at) => this.tick(at), now);
  }

  get size(): number {
    return this.screens.size;
  }

  /** Follows the book (after construction: the channel may answer at once). */
  listen(): void {
    this.books.listen(this.symbol, this.depth, this);
  }

  join(screen: TickedScreen): void {
    if (this.failed !== undefined) screen.bookFailed(this.failed);
    else this.screens.add(screen);
  }

  leave(screen: TickedScreen): void {
    this.screens.delete(screen);
    this.dirty.delete(screen);
  }

  changed(screen: TickedScreen): void {
    this.dirty.add(screen);
    this.clock.changed();
  }

  due(screen: TickedScreen): boolean {
    return this.clock.pending && (this.all || this.dirty.has(screen));
  }

  bookFrame(frame: OrderBookModel, at: number): void {
    this.book = frame;
    this.all = true;
    this.clock.book(at);
  }

  bookFailed(reason: string): void {
    this.failed = reason;
    for (const s of [...this.screens]) s.bookFailed(reason);
  }

  /** The symbol's live mark moved. */
  markMoved(price: number): void {
    for (const s of this.screens) s.markMoved(price);
    this.all = true;
    this.clock.changed();
  }

  /** An `@estfundingrate` push of the symbol. */
  fundingEstimate(rate: number, at: number): void {
    let newer = false;
    for (const s of this.screens) newer = s.fundingEstimate(rate, at) || newer;
    if (!newer) return;
    this.all = true;
    this.clock.changed();
  }

  close(): void {
    this.clock.close();
    this.books.unlisten(this.symbol, this.depth, this);
  }

  private tick(at: number): void {
    const due = this.all ? this.screens : this.dirty;
    this.all = false;
    this.dirty = new Set();
    for (const s of due) s.tick(at);
  }
}
