/**
 * The index price: the mid smoothed over time (an exponential moving average with a half-life
 * of INDEX_HALF_LIFE_MS). The mark is the mid itself, so after a mid move the mark leads
 * and the index follows: the premium the funding estimate samples. Evaluated in closed form
 * from the last mid move, so it needs no timer and follows the sandbox's clock.
 */
import { round } from '../decimal.ts';

export const INDEX_HALF_LIFE_MS = 5 * 60_000;

export class IndexPrice {
  /** The index at `since`; the mid has been `mid` since then. */
  private anchor: number;
  private since: number;

  constructor(
    private mid: number,
    now: number,
    private readonly decimals: number,
  ) {
    this.anchor = mid;
    this.since = now;
  }

  /** The index at `time` (not before the last mid move). */
  at(time: number): number {
    const elapsed = Math.max(0, time - this.since);
    const weight = 0.5 ** (elapsed / INDEX_HALF_LIFE_MS);
    return round(this.mid + (this.anchor - this.mid) * weight, this.decimals);
  }

  /** The mid moved at `time`: the index carries on from its value then. */
  midMoved(mid: number, time: number): void {
    this.anchor = this.at(time);
    this.since = Math.max(time, this.since);
    this.mid = mid;
  }
}
