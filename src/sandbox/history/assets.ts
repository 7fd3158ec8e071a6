/**
 * Asset history rows of internal transfers: a WITHDRAW row for the sender, a DEPOSIT row for
 * the receiver, with the id of the `wallet` pushes that told them. The seeded balance is a
 * deposit written at registration (book.ts); withdrawals are the wallet's records
 * (the wallet book, `state.wallet`).
 */
import type { TransferDone } from '../events.ts';
import type { Account } from '../types.ts';
import { type HistoryBook, keep } from './book.ts';

/** Both sides of an internal transfer. */
export function transferred(
  book: HistoryBook,
  accountOf: (accountId: string) => Account | undefined,
  event: TransferDone,
): void {
  for (const [accountId, side] of [
    [event.fromAccountId, 'WITHDRAW'],
    [event.toAccountId, 'DEPOSIT'],
  ] as const) {
    const account = accountOf(accountId);
    if (!account) continue;
    keep(book.of(account).assets, {
      id: `transfer-${event.id}`,
      tx_id: null,
      side,
      token: event.token,
      amount: event.amount,
      fee: 0,
      trans_status: 'COMPLETED',
      created_time: event.timestamp,
      updated_time: event.timestamp,
      chain_id: '',
    });
  }
}
