/**
 * In-process fixed windows per key: synchronous (no promise, so a request budget checked in
 * yoga's onRequest stays on its fast path) and bounded. A key's window starts at its first
 * request; past `maxKeys` keys the oldest one is dropped, so its count starts again (a caller
 * that can spend that many source addresses is not stopped by a per-address limit anyway).
 */
export interface WindowCounterOptions {
  /** Requests a key may make per window. */
  points: number;
  windowMs: number;
  /** Keys held at most. @default 100_000 */
  maxKeys?: number;
  /** Wall-clock milliseconds (tests drive it). @default Date.now */
  now?: () => number;
}

interface Window {
  count: number;
  resetAt: number;
}

export class WindowCounter {
  readonly #windows = new Map<string, Window>();
  readonly #points: number;
  readonly #windowMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: WindowCounterOptions) {
    this.#points = options.points;
    this.#windowMs = options.windowMs;
    this.#maxKeys = Math.max(1, options.maxKeys ?? 100_000);
    this.#now = options.now ?? Date.now;
  }

  /** Counts one request of `key`: the milliseconds until its window resets when over, else undefined. */
  take(key: string): number | undefined {
    const now = this.#now();
    const window = this.#current(key, now) ?? this.#open(key, now, 0, now + this.#windowMs);
    window.count += 1;
    return window.count > this.#points ? Math.max(1, window.resetAt - now) : undefined;
  }

  /** Milliseconds until `key` may send again when it is over, else 0. Counts nothing. */
  overMs(key: string): number {
    const now = this.#now();
    const window = this.#current(key, now);
    return window && window.count >= this.#points ? Math.max(1, window.resetAt - now) : 0;
  }

  /** Marks `key` over for `ms` (a shared store said so), without a store call until then. */
  block(key: string, ms: number): void {
    const now = this.#now();
    this.#windows.delete(key);
    this.#open(key, now, Number.POSITIVE_INFINITY, now + ms);
  }

  get size(): number {
    return this.#windows.size;
  }

  #current(key: string, now: number): Window | undefined {
    const window = this.#windows.get(key);
    if (window && window.resetAt <= now) {
      this.#windows.delete(key);
      return undefined;
    }
    return window;
  }

  #open(key: string, now: number, count: number, resetAt: number): Window {
    // Insertion order is age: the first key is the oldest.
    if (this.#windows.size >= this.#maxKeys) {
      const oldest = this.#windows.keys().next().value;
      if (oldest !== undefined) this.#windows.delete(oldest);
    }
    const window = { count, resetAt: Math.max(resetAt, now + 1) };
    this.#windows.set(key, window);
    return window;
  }
}
