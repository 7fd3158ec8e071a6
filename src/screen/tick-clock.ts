/**
 * When the screens of one (symbol, depth) emit: in step with the book channel's frames.
 *
 * A book frame ticks at once: book frames are an interval apart by the channel's clock (its
 * own throttle, give or take its timer's millisecond; a faster source here waits for the
 * interval, counted from the last book frame's time). Any other change (the mark, the funding estimate, the account's events)
 * rides the next book frame while they come, waiting up to two intervals after the last one;
 * when the book is quiet it ticks after a quiet interval. A tick of its own between two book
 * frames would otherwise hold every later book frame back by the rest of the interval (the
 * source and the limit share the period, so the offset stays), and so would holding a book
 * frame behind such a tick when the book starts moving again: that frame goes out at once
 * too, the one time two ticks can be closer than the interval. On average, 10 ticks a second
 * at most. Only screens with something new emit in a tick (screen-group.ts).
 */
/** A timer may fire a millisecond before `Date.now()` says its delay has passed. */
const TIMER_SLACK_MS = 2;

export class TickClock {
  private lastAt = Number.NEGATIVE_INFINITY;
  /** The channel's time of the last book frame ticked (or of its scheduled tick). */
  private lastBookAt = Number.NEGATIVE_INFINITY;
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
    this.bookDue = true;
    const due = this.lastBookAt + this.intervalMs;
    if (at >= due - TIMER_SLACK_MS) this.fire(at, at);
    else this.schedule(due);
  }

  /** Something else changed. */
  changed(): void {
    if (this.closed || this.timer) return;
    const due = this.lastAt + this.intervalMs * (this.lastBook ? 2 : 1);
    const now = this.now();
    if (now >= due) this.fire(now, now);
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
      // Counted from when it was due, not from a late timer: no drift.
      if (!this.closed) this.fire(this.now(), due);
    }, due - this.now());
    this.timer.unref();
  }

  private cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.dueAt = Number.POSITIVE_INFINITY;
  }

  /** A tick at `at`, counted as of `due` (≤ `at`). */
  private fire(at: number, due: number): void {
    this.cancel();
    this.lastAt = due;
    this.lastBook = this.bookDue;
    if (this.bookDue) this.lastBookAt = due;
    this.bookDue = false;
    this.tick(at);
  }
}
