/** Open interest of a symbol: the sum of every account's long position in it (both margin modes). */
import { round } from '../decimal.ts';
import type { Account } from '../types.ts';

export function openInterestOf(accounts: Iterable<Account>, symbol: string): number {
  const prefix = `${symbol}|`;
  let sum = 0;
  for (const account of accounts) {
    for (const [key, position] of account.positions) {
      if (position.quantity > 0 && key.startsWith(prefix)) sum += position.quantity;
    }
  }
  return round(sum, 10);
}
