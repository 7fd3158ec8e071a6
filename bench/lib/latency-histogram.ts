/** Deliveries timed to the millisecond (receipt − the upstream push's `ts`), up to a minute. */
export const HISTOGRAM_MS = 60_000;

export class LatencyHistogram {
  readonly counts = new Uint32Array(HISTOGRAM_MS);
  total = 0;

  /** One delivery of the update stamped `ts` (server time, ms), received now. */
  record(ts: number): void {
    this.total++;
    this.counts[Math.max(0, Math.min(HISTOGRAM_MS - 1, Math.round(Date.now() - ts)))]!++;
  }

  percentile(p: number): number {
    const rank = Math.ceil((p / 100) * this.total);
    let seen = 0;
    for (let ms = 0; ms < HISTOGRAM_MS; ms++) {
      seen += this.counts[ms]!;
      if (seen >= rank && seen > 0) return ms;
    }
    return Number.NaN;
  }

  max(): number {
    for (let ms = HISTOGRAM_MS - 1; ms >= 0; ms--) if (this.counts[ms]! > 0) return ms;
    return Number.NaN;
  }
}
