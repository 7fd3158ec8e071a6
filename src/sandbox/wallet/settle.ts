/**
 * A PnL settlement in the sandbox's small portfolio model (docs/sandbox.md): each open
 * position's unsettled PnL, `qty × (mark − average_open_price)`, moves into the USDC holding
 * and the position is re-based at the mark (its average open price becomes the mark), so
 * the same PnL is never counted twice and later fills realize PnL from the mark on.
 */

import type { MarginMode } from '../../contract/wire.ts';
import { round } from '../decimal.ts';
import { positionRowOf } from '../portfolio.ts';
import type { SandboxState } from '../state.ts';
import type { Account } from '../types.ts';
import type { PnlSettlement, SettledSymbol } from './book.ts';

export function settlePnl(state: SandboxState, account: Account, now: number): PnlSettlement {
  const oldBalance = account.balance;
  const symbols: SettledSymbol[] = [];
  const moved: [string, MarginMode][] = [];
  let total = 0;
  for (const [key, position] of account.positions) {
    if (position.quantity === 0) continue;
    const [symbol = '', mode = 'CROSS'] = key.split('|') as [string, MarginMode];
    const mark = state.market(symbol).mid;
    const pnl = round(position.quantity * (mark - position.averageOpenPrice));
    if (pnl === 0) continue;
    position.averageOpenPrice = mark;
    total += pnl;
    symbols.push({ symbol, settledAmount: pnl });
    moved.push([symbol, mode]);
  }
  state.setBalance(account, round(oldBalance + total));
  for (const [symbol, mode] of moved) {
    if (!state.events.listening('position')) break;
    const position = positionRowOf(state, account, symbol, mode, now);
    state.events.emit('position', { accountId: account.accountId, position, timestamp: now });
  }
  return state.wallet.addSettlement({
    accountId: account.accountId,
    oldBalance,
    newBalance: account.balance,
    settledAmount: round(total),
    requestedTime: now,
    settledTime: now,
    status: 'COMPLETED',
    symbols,
  });
}
