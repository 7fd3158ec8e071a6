/**
 * Coalesces identical concurrent reads in-process: while one upstream read for a key is in
 * flight, later callers share its promise instead of sending their own.
 */
export class SingleFlight {
  readonly #flights = new Map<string, { promise: Promise<unknown>; stale: boolean }>();

  /** Runs `work` unless a flight for `key` is running; `work` learns whether it went stale. */
  run<T>(
    key: string,
    work: (isStale: () => boolean) => Promise<T>,
  ): { promise: Promise<T>; leader: boolean } {
    const existing = this.#flights.get(key);
    if (existing) return { promise: existing.promise as Promise<T>, leader: false };
    const flight = { promise: Promise.resolve() as Promise<unknown>, stale: false };
    flight.promise = work(() => flight.stale).finally(() => {
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    });
    this.#flights.set(key, flight);
    return { promise: flight.promise as Promise<T>, leader: true };
  }

  /** Marks flights for these keys stale (their result must not be cached) and forgets them. */
  invalidate(prefixes: readonly string[]): void {
    for (const [key, flight] of this.#flights) {
      if (prefixes.some((prefix) => key.startsWith(prefix))) {
        flight.stale = true;
        this.#flights.delete(key);
      }
    }
  }

  get size(): number {
    return this.#flights.size;
  }
}
