/**
 * Funding fees: when a period settles (market/funding.ts), every position held in the symbol
 * pays or receives `|quantity| × mark × |rate|` (a long pays a positive rate, a short receives
 * it), one GET /v1/funding_fee/history row each, `Accrued`: the sandbox keeps funding out of
 * the holding (docs/sandbox.md). The funding clocks settle lazily, so the history routes and
 * every fill catch them up first (catch-up.ts): a row is never written behind a time already
 * read.
 */
import { round } from '../decimal.ts';
import type { FundingSettled } from '../market/events.ts';
import type { Account } from '../types.ts';
import { type HistoryBook, keep } from './book.ts';

/** Writes the period's row of every position held in the symbol. */
export function fundingSettled(
  accounts: Iterable<Account>,
  book: HistoryBook,
  event: FundingSettled,
): void {
  const { symbol, rate, mark, timestamp } = event;
  for (const account of accounts) {
    for (const [key, position] of account.positions) {
      if (position.quantity === 0 || !key.startsWith(`${symbol}|`)) continue;
      const marginMode = key.endsWith('|ISOLATED') ? 'ISOLATED' : 'CROSS';
      const fee = round(Math.abs(position.quantity) * mark * Math.abs(rate));
      const pays = position.quantity * rate > 0;
      const history = book.of(account);
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
