/**
 * Learns the upstream's clock offset, so requests are signed in server time even when the
 * host clock is off (the upstream rejects timestamps more than 300 s from its own).
 *
 * Each response yields a sample `offset = server time − midpoint(send, receive)` on the
 * host clock. The envelope `timestamp` (milliseconds) is preferred; the HTTP `Date` header
 * (one-second resolution) is used only while no envelope timestamp has been seen, or when
 * it disagrees with the current estimate by more than its own resolution allows.
 */

/** The upstream's timestamp window. */
export const TIMESTAMP_TOLERANCE_MS = 300_000;

export class ServerClock {
  #offsetMs = 0;
  #precise = false;
  #learned = false;

  constructor(private readonly hostNow: () => number) {}

  /** Host clock corrected by the learned offset: the upstream's time, best estimate. */
  now(): number {
    return Math.round(this.hostNow() + this.#offsetMs);
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  /** True once any response taught an offset. */
  get learned(): boolean {
    return this.#learned;
  }

  /**
   * Records one response. `sentAt`/`receivedAt` are host-clock readings around the request.
   * Returns the offset in force afterwards.
   */
  observe(
    sample: { bodyTimestamp?: number | undefined; dateHeader?: string | null | undefined },
    sentAt: number,
    receivedAt: number,
  ): number {
    const midpoint = (sentAt + receivedAt) / 2;
    if (sample.bodyTimestamp !== undefined && Number.isFinite(sample.bodyTimestamp)) {
      this.#offsetMs = sample.bodyTimestamp - midpoint;
      this.#precise = true;
      this.#learned = true;
      return this.#offsetMs;
    }
    const date = sample.dateHeader ? Date.parse(sample.dateHeader) : Number.NaN;
    if (!Number.isNaN(date)) {
      // The header truncates to the second: the server time lies in [date, date + 1000).
      const offset = date + 500 - midpoint;
      const slack = 1_000 + (receivedAt - sentAt) / 2;
      if (!this.#precise || Math.abs(offset - this.#offsetMs) > slack) {
        this.#offsetMs = offset;
        this.#precise = false;
        this.#learned = true;
      }
    }
    return this.#offsetMs;
  }
}
