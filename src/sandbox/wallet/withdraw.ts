/**
 * A withdrawal the sandbox accepts: within what the account may withdraw (the facts' §5 rule
 * on the sandbox's own figures), within its chain's vault unless cross-chain is allowed, and
 * within the in-flight bound. The amount leaves the collateral at once (`pending_short`) and
 * the holding when COMPLETED (processor.ts).
 */

import { round } from '../decimal.ts';
import { ApiError } from '../errors.ts';
import { positionsOf } from '../portfolio.ts';
import type { SandboxState } from '../state.ts';
import type { Account } from '../types.ts';
import { MAX_IN_FLIGHT, type WithdrawalRecord } from './book.ts';
import { VAULTS } from './chains.ts';

const CANNOT_WITHDRAW = -1009;
const USDC_PLACES = 6;

/**
 * `max(0, min(holding, free_collateral − max(unsettled PnL, 0)))`, down to 6 decimals, on the
 * sandbox's figures (GET /v1/positions): unsettled PnL must be settled before it leaves.
 */
export function withdrawableOf(state: SandboxState, account: Account, now: number): number {
  const p = positionsOf(state, account, now);
  const raw = Math.min(account.balance, p.free_collateral - Math.max(p.total_unsettled_pnl, 0));
  const scale = 10 ** USDC_PLACES;
  return Math.max(0, Math.floor(round(raw * scale, 2)) / scale);
}

export interface WithdrawalAsk {
  amount: number;
  chainId: number;
  allowCrossChain: boolean;
}

export function withdraw(
  state: SandboxState,
  account: Account,
  ask: WithdrawalAsk,
  now: number,
): WithdrawalRecord {
  const most = withdrawableOf(state, account, now);
  if (ask.amount > most) {
    throw new ApiError(CANNOT_WITHDRAW, `message.amount: exceeds the withdrawable ${most} USDC`);
  }
  const crossChain = ask.amount > (VAULTS.get(ask.chainId) ?? 0);
  if (crossChain && !ask.allowCrossChain) {
    throw new ApiError(
      CANNOT_WITHDRAW,
      `message.allowCrossChainWithdrawal: the vault of chain ${ask.chainId} cannot pay ${ask.amount} USDC; a cross-chain withdrawal must be allowed`,
    );
  }
  if (state.wallet.inFlight(account.accountId) >= MAX_IN_FLIGHT) {
    throw new ApiError(CANNOT_WITHDRAW, `${MAX_IN_FLIGHT} withdrawals are still in progress`);
  }
  const record = state.wallet.addWithdrawal({
    accountId: account.accountId,
    token: 'USDC',
    amount: ask.amount,
    fee: 0,
    chainId: ask.chainId,
    txId: null,
    status: 'PENDING',
    crossChain,
    createdTime: now,
    updatedTime: now,
  });
  account.withdrawing = round(account.withdrawing + ask.amount);
  state.emitBalance(account);
  state.events.emit('withdrawal', {
    accountId: account.accountId,
    withdrawal: { ...record },
    timestamp: now,
  });
  return record;
}
