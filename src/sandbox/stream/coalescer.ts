/**
 * Runs a keyed job at most once per `gapMs` (real time, whatever the sandbox clock says):
 * calls while one is pending join it, so a burst of changes becomes one push. At most one
 * unref'd timeout per key, and only while a job is pending.
 */
export class Coalescer {
  private readonly pending = new Map<string, NodeJS.Timeout>();
  private readonly lastRun = new Map<string, number>();

  constructor(private readonly gapMs: number) {}

  /** Runs `job` for `key` as soon as the gap allows (`now`: on the next turn, gap or not). */
  schedule(key: string, job: () => void, now = false): void {
    const waiting = this.pending.get(key);
    if (waiting !== undefined) {
      if (!now) return;
      clearTimeout(waiting);
    }
    const last = this.lastRun.get(key);
    const delay =
      now || last === undefined ? 0 : Math.max(0, last + this.gapMs - performance.now());
    const timer = setTimeout(() => {
      this.pending.delete(key);
      this.lastRun.set(key, performance.now());
      job();
    }, delay);
    timer.unref();
    this.pending.set(key, timer);
  }

  /** Drops the key's pending job and its history. */
  cancel(key: string): void {
    clearTimeout(this.pending.get(key));
    this.pending.delete(key);
    this.lastRun.delete(key);
  }

  /** Keys with a job waiting (for tests of idleness). */
  waiting(): string[] {
    return [...this.pending.keys()];
  }

  close(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
