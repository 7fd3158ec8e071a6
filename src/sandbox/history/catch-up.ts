/**
 * The funding clocks settle lazily (market/funding.ts): a read of the funding history settles
 * every period that ended first, so its rows are there (funding.ts).
 */
import type { SandboxState } from '../state.ts';

/** Settles every funding period of every market that ended by `now`. */
export function catchUpFunding(state: SandboxState, now: number): void {
  for (const market of state.markets.values()) market.funding.catchUp(now);
}
