/**
 * Keeps the history as the sandbox runs: funding periods as they settle and internal
 * transfers as they complete (fills and liquidations write theirs where they happen:
 * fills.ts, stream/liquidation.ts). Returns the function that stops it.
 */
import type { SandboxState } from '../state.ts';
import { transferred } from './assets.ts';
import { fundingSettled } from './funding.ts';

export function recordHistory(state: SandboxState): () => void {
  const offs = [
    state.marketEvents.on('funding', (event) => fundingSettled(state, event)),
    state.events.on('transfer', (event) => transferred(state, event)),
  ];
  return () => {
    for (const off of offs) off();
  };
}
