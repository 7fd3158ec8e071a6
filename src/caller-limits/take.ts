/**
 * What a caller limit (a rule) is, and one take from a rate-limiter-flexible limiter: a refusal
 * answers how long until the window resets and gives its points back.
 */
import { type RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';

/** One limit: `take` answers `refusedMs` (until its window resets) when over, and how to give back. */
export interface Rule {
  points: number;
  take(key: string, points: number): Promise<Taken>;
}

export interface Taken {
  refusedMs?: number | undefined;
  giveBack: () => Promise<void>;
}

/** Consumes; a refusal gives its points back (rate-limiter-flexible counts refused consumes). */
async function consume(
  limiter: RateLimiterAbstract,
  key: string,
  points: number,
): Promise<number | undefined> {
  try {
    await limiter.consume(key, points);
    return undefined;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection; // a store error
    await limiter.reward(key, points).catch(() => undefined);
    return Math.max(1, rejection.msBeforeNext);
  }
}

export const takeFrom = async (
  limiter: RateLimiterAbstract,
  key: string,
  n: number,
): Promise<Taken> => ({
  refusedMs: await consume(limiter, key, n),
  giveBack: () => limiter.reward(key, n).then(() => undefined),
});
