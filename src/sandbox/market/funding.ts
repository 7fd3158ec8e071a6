/**
 * Funding of one symbol (reference/market-algo-risk-facts.md §1, "Funding (doc)"): the premium
 * `(mark − index) / index` is sampled every 15 s of the clock; at each UTC boundary of the
 * funding period the period's rate settles (`last_funding_rate`) and `sum_unitary_funding`
 * grows by `rate × mark`. The estimate is the same formula over this period's samples plus
 * the premium now. Samples are taken lazily (on every read and before every mid move), so no
 * timer runs and a test clock drives it.
 *
 *   rate = clamp(P·h/8 + clamp(interest − P, floor_ir, cap_ir)·h/8, floor_funding, cap_funding)
 *
 * with P the average premium and h the period in hours: the facts' `f(avgPremium) +
 * clamp(Interest − avgPremium)/(8/N)` read with N = h and f(P) = P/(8/N) (UNVERIFIED), so a
 * 1 h market pays an eighth of an 8 h market's rate each hour.
 */
import { round } from '../decimal.ts';

export const SAMPLE_MS = 15_000;
/** Samples replayed at most after a long idle time; earlier periods are not settled. */
export const MAX_CATCH_UP_SAMPLES = 20_000;
const HOUR_MS = 3_600_000;

export interface FundingRules {
  /** Hours: 1, 4 or 8. */
  fundingPeriod: number;
  interestRate: number;
  capIr: number;
  floorIr: number;
  capFunding: number;
  floorFunding: number;
}

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The funding rate of a period whose average premium is `premium`. */
export function fundingRateOf(premium: number, rules: FundingRules): number {
  const scale = rules.fundingPeriod / 8;
  const interest = clamp(rules.interestRate - premium, rules.floorIr, rules.capIr);
  return round(clamp((premium + interest) * scale, rules.floorFunding, rules.capFunding), 10);
}

/** Where the clock reads the market: the mark now (constant between catch-ups), the premium at a time. */
export interface FundingSource {
  mark(): number;
  premiumAt(time: number): number;
  /** A period settled at `time` (its end) at `rate`: positions pay or receive it. */
  settled?(rate: number, time: number): void;
}

export class FundingClock {
  private periodStart = 0;
  private lastSampleAt = 0;
  private premiumSum = 0;
  private samples = 0;
  lastRate = 0;
  lastRateTime = 0;
  sumUnitary = 0;

  constructor(
    private readonly rules: FundingRules,
    private readonly source: FundingSource,
    now: number,
  ) {
    this.restart(now);
  }

  get periodMs(): number {
    return this.rules.fundingPeriod * HOUR_MS;
  }

  /** The next settlement (ms), a UTC boundary of the period. */
  nextFundingTime(now: number): number {
    this.catchUp(now);
    return this.periodStart + this.periodMs;
  }

  /** The estimate now: this period's samples and the premium now. */
  estimate(now: number): number {
    this.catchUp(now);
    const sum = this.premiumSum + this.source.premiumAt(now);
    return fundingRateOf(sum / (this.samples + 1), this.rules);
  }

  /** Takes every sample due up to `now`, settling each period boundary passed. */
  catchUp(now: number): void {
    if (now < this.periodStart) {
      this.restart(now);
      return;
    }
    let t = this.lastSampleAt + SAMPLE_MS;
    if (now - t > MAX_CATCH_UP_SAMPLES * SAMPLE_MS) {
      t = Math.floor((now - MAX_CATCH_UP_SAMPLES * SAMPLE_MS) / SAMPLE_MS) * SAMPLE_MS;
      this.startPeriod(Math.floor(t / this.periodMs) * this.periodMs);
    }
    for (; t <= now; t += SAMPLE_MS) {
      while (t >= this.periodStart + this.periodMs) this.settle();
      this.premiumSum += this.source.premiumAt(t);
      this.samples += 1;
      this.lastSampleAt = t;
    }
  }

  private settle(): void {
    const average = this.samples === 0 ? 0 : this.premiumSum / this.samples;
    this.lastRate = fundingRateOf(average, this.rules);
    this.lastRateTime = this.periodStart + this.periodMs;
    this.sumUnitary = round(this.sumUnitary + this.lastRate * this.source.mark(), 10);
    this.startPeriod(this.lastRateTime);
    this.source.settled?.(this.lastRate, this.lastRateTime);
  }

  private startPeriod(start: number): void {
    this.periodStart = start;
    this.premiumSum = 0;
    this.samples = 0;
  }

  /** A fresh period at `now`; the last rate is a quiet market's (no premium). */
  private restart(now: number): void {
    this.startPeriod(Math.floor(now / this.periodMs) * this.periodMs);
    this.lastSampleAt = Math.floor(now / SAMPLE_MS) * SAMPLE_MS;
    this.lastRate = fundingRateOf(0, this.rules);
    this.lastRateTime = this.periodStart;
  }
}
