/**
 * At most one emission per `intervalMs` (the book's frames: 10 a second). A change after a
 * quiet interval is emitted at once (no added latency at the upstream's 5–10 updates a
 * second); changes within the interval are merged into one emission at its end.
 */
export class FrameThrottle {
  private lastAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly intervalMs: number,
    /** Called with the emission's time (`now()` when it fires). */
    private readonly emit: (at: number) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** When the last emission fired (−∞ before the first). */
  get firedAt(): number {
    return this.lastAt;
  }

  /** An emission is scheduled (it will show the latest state). */
  get pending(): boolean {
    return this.timer !== undefined;
  }

  /** Something changed: emit now, or once at the end of the current interval. */
  changed(): void {
    if (this.closed || this.timer) return;
    const wait = this.lastAt + this.intervalMs - this.now();
    if (wait <= 0) {
      this.fire();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.closed) this.fire();
    }, wait);
    this.timer.unref();
  }

  /** Drops a pending emission (what it would have shown is no longer valid). */
  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  close(): void {
    this.closed = true;
    this.cancel();
  }

  private fire(): void {
    this.lastAt = this.now();
    this.emit(this.lastAt);
  }
}
