/**
 * Whether the shared store answers. Cache and budget layers report every store failure here
 * and fall back (cache: upstream without cache; budget: an in-process limiter with the same
 * limits) instead of failing the call; the first store success marks it healthy again.
 */
export interface StoreHealthSnapshot {
  healthy: boolean;
  /** Short description of the last store failure (no keys, no values). */
  lastError: string | undefined;
  /** Host time of the last failure, ms since the epoch. */
  lastFailureAt: number | undefined;
}

export class StoreHealth {
  #healthy = true;
  #lastError: string | undefined;
  #lastFailureAt: number | undefined;

  constructor(private readonly now: () => number = Date.now) {}

  get healthy(): boolean {
    return this.#healthy;
  }

  failed(error: unknown): void {
    this.#healthy = false;
    this.#lastError = error instanceof Error ? error.message.slice(0, 120) : 'store failure';
    this.#lastFailureAt = this.now();
  }

  succeeded(): void {
    this.#healthy = true;
  }

  /** Runs a store operation; on failure records it and returns `fallback()` instead. */
  async guard<T>(operation: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await operation();
    } catch (error) {
      this.failed(error);
      return fallback();
    }
    this.succeeded();
    return result;
  }

  snapshot(): StoreHealthSnapshot {
    return {
      healthy: this.#healthy,
      lastError: this.#lastError,
      lastFailureAt: this.#lastFailureAt,
    };
  }
}
