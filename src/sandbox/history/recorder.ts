/**
 * Keeps the history as the sandbox runs: funding periods as they settle and internal
 * transfers as they complete (fills and liquidations write theirs where they happen:
 * fills.ts, stream/liquidation.ts). The state starts it for its own events, so it lives as
 * long as the state does.
 */
import type { SandboxEvents } from '../events.ts';
import type { MarketEvents } from '../market/events.ts';
import type { Account } from '../types.ts';
import { transferred } from './assets.ts';
import type { HistoryBook } from './book.ts';
import { fundingSettled } from './funding.ts';

/** What the recorder reads of the state. */
export interface HistorySource {
  readonly history: HistoryBook;
  readonly accounts: Map<string, Account>;
  readonly events: SandboxEvents;
  readonly marketEvents: MarketEvents;
  account(accountId: string): Account | undefined;
}

export function recordHistory(source: HistorySource): void {
  const { history, events, marketEvents } = source;
  marketEvents.on('funding', (event) => fundingSettled(source.accounts.values(), history, event));
  events.on('transfer', (event) => transferred(history, (id) => source.account(id), event));
}
