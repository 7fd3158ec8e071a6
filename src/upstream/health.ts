/**
 * Whether the shared store answers. Cache and budget layers report every store failure here
 * and fall back (cache: upstream without cache; budget: an in-process limiter with this
 * replica's share of the limits) instead of failing the call; the first store success marks
 * it healthy again.
 *
 * A store that fails slowly (a hung Redis: every command waits for its timeout) would add
 * that timeout to every call, so a slow failure suspends the store for `suspendMs`: calls
 * go straight to the fallback, then one call at a time probes the store until one succeeds.
 * Fast failures (connection refused while Redis is down) cost nothing and suspend nothing.
 */
export interface StoreHealthSnapshot {
  healthy: boolean;
  /** Short description of the last store failure (no keys, no values). */
  lastError: string | undefined;
  /** Host time of the last failure, ms since the epoch. */
  lastFailureAt: number | undefined;
  /** Milliseconds the store is still skipped for after a slow failure (0: not suspended). */
  suspendedMs: number;
}

export interface StoreHealthOptions {
  /** A failure that took at least this long counts as slow. @default 250 */
  slowMs?: number;
  /** How long a slow failure suspends the store. @default 1000 */
  suspendMs?: number;
  /** Monotonic milliseconds for durations and the suspension (tests drive it). @default performance.now */
  monotonic?: () => number;
  /** Called when the store turns unhealthy (calls fall back) and healthy again (logs). */
  onChange?: (healthy: boolean, lastError: string | undefined) => void;
}

export class StoreHealth {
  #healthy = true;
  #lastError: string | undefined;
  #lastFailureAt: number | undefined;
  /** Set by a slow failure: until `#suspendedUntil` skip the store, then probe one at a time. */
  #tripped = false;
  #suspendedUntil = 0;
  #probing = false;
  readonly #slowMs: number;
  readonly #suspendMs: number;
  readonly #monotonic: () => number;
  readonly #onChange: StoreHealthOptions['onChange'];

  constructor(
    private readonly now: () => number = Date.now,
    options: StoreHealthOptions = {},
  ) {
    this.#slowMs = options.slowMs ?? 250;
    this.#suspendMs = options.suspendMs ?? 1_000;
    this.#monotonic = options.monotonic ?? (() => performance.now());
    this.#onChange = options.onChange;
  }

  get healthy(): boolean {
    return this.#healthy;
  }

  failed(error: unknown): void {
    const was = this.#healthy;
    this.#healthy = false;
    this.#lastError = error instanceof Error ? error.message.slice(0, 120) : 'store failure';
    this.#lastFailureAt = this.now();
    if (was) this.#notify();
  }

  succeeded(): void {
    const was = this.#healthy;
    this.#healthy = true;
    if (!was) this.#notify();
  }

  #notify(): void {
    try {
      this.#onChange?.(this.#healthy, this.#lastError);
    } catch {
      // A listener must not change the store's answer.
    }
  }

  /** Runs a store operation; on failure records it and returns `fallback()` instead. */
  async guard<T>(operation: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    // Durations on the monotonic clock: `now` (wall time) may jump, or be a test's frozen clock.
    const started = this.#monotonic();
    const probe = this.#tripped;
    if (probe && (this.#probing || started < this.#suspendedUntil)) return fallback();
    if (probe) this.#probing = true;
    let result: T;
    try {
      result = await operation();
    } catch (error) {
      this.failed(error);
      if (probe || this.#monotonic() - started >= this.#slowMs) {
        this.#tripped = true;
        this.#suspendedUntil = this.#monotonic() + this.#suspendMs;
      }
      return fallback();
    } finally {
      if (probe) this.#probing = false;
    }
    this.#tripped = false;
    this.succeeded();
    return result;
  }

  snapshot(): StoreHealthSnapshot {
    return {
      healthy: this.#healthy,
      lastError: this.#lastError,
      lastFailureAt: this.#lastFailureAt,
      suspendedMs: this.#tripped
        ? Math.max(0, Math.ceil(this.#suspendedUntil - this.#monotonic()))
        : 0,
    };
  }
}
