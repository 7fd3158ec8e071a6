/**
 * Funding fees: when a period settles (market/funding.ts), every position held in the symbol
 * pays or receives `|quantity| × mark × |rate|` (a long pays a positive rate, a short receives
 * it), one GET /v1/funding_fee/history row each, `Accrued`: the sandbox keeps funding out of
 * the holding (docs/sandbox.md). The funding clocks settle lazily, so the history routes and
 * every fill catch them up first: a row is never written behind a time already read.
 */
import { round } from '../decimal.ts';
import type { FundingSettled } from '../market/events.ts';
import type { SandboxState } from '../state.ts';
import { keep } from './book.ts';

/** Settles every funding period of every market that ended by `now`. */
export function catchUpFunding(state: SandboxState, now: number): void {
  for (const market of state.markets.values()) market.funding.catchUp(now);
}

/** Writes the period's row of every position held in the symbol. */
export function fundingSettled(state: SandboxState, event: FundingSettled): void {
  const { symbol, rate, mark, timestamp } = event;
  for (const account of state.accounts.values()) {
    for (const [key, position] of account.positions) {
      if (position.quantity === 0 || !key.startsWith(`${symbol}|`)) continue;
      const marginMode = key.endsWith('|ISOLATED') ? 'ISOLATED' : 'CROSS';
      const fee = round(Math.abs(position.quantity) * mark * Math.abs(rate));
      const pays = position.quantity * rate > 0;
      const history = state.history.of(account);
      keep(history.funding, {
        symbol,
        funding_rate: rate,
        mark_price: mark,
        funding_fee: fee,
        payment_type: pays ? 'Pay' : 'Receive',
        status: 'Accrued',
        created_time: timestamp,
        updated_time: timestamp,
        margin_mode: marginMode,
      });
      const open = history.open.get(key);
      if (open) open.fundingFee += pays ? fee : -fee;
    }
  }
}
