/**
 * When the screens of one (symbol, depth) emit: ticks at least `intervalMs` apart, in step
 * with the book channel's frames.
 *
 * A book frame ticks at once when the last tick is an interval behind it by the channel's
 * clock, which the channel's own throttle makes so from one frame to the next: book frames are
 * never held back by each other, and each screen shows each one as soon as it can. Any other
 * change (the mark, the funding estimate, the account's events, a first state read) ticks
 * after a quiet interval, but while book frames come it waits for the next one (up to a second
 * interval): a tick of its own between two book frames would hold the next book frame back
 * by the rest of the interval, and every one after it too (the source and the limit have the
 * same period). Only screens with something new emit in a tick (screen-group.ts).
 */
export class TickClock {
  private lastAt = Number.NEGATIVE_INFINITY;
  /** The last tick showed a book frame: the next one is due about an interval after it. */
  private lastBook = false;
  /** A book frame waits for the scheduled tick. */
  private bookDue = false;
  private timer: NodeJS.Timeout | undefined;
  private dueAt = Number.POSITIVE_INFINITY;
  private closed = false;

  constructor(
    private readonly intervalMs: number,
    /** `at`: the tick's time (the channel's for a book frame). */
    private readonly tick: (at: number) => void,
    private readonly now: () => number,
  ) {}

  /** A tick is scheduled. */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  /** A book frame the channel emitted at `at`. */
  book(at: number): void {
    if (this.closed) return;
    if (at >= this.lastAt + this.intervalMs) {
      this.bookDue = true;
      this.fire(at);
    } else {
      this.bookDue = true;
      this.schedule(this.lastAt + this.intervalMs);
    }
  }

  /** Something else changed. */
  changed(): void {
    if (this.closed || this.timer) return;
    const due = this.lastAt + this.intervalMs * (this.lastBook ? 2 : 1);
    const now = this.now();
    if (now >= due) this.fire(now);
    else this.schedule(due);
  }

  close(): void {
    this.closed = true;
    this.cancel();
  }

  private schedule(due: number): void {
    if (this.timer && this.dueAt <= due) return;
    this.cancel();
    this.dueAt = due;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.closed) this.fire(this.now());
    }, due - this.now());
    this.timer.unref();
  }

  private cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dueAt = Number.POSITIVE_INFINITY;
  }

  private fire(at: number): void {
    this.cancel();
    this.lastAt = at;
    this.lastBook = this.bookDue;
    this.bookDue = false;
    this.tick(at);
  }
}
