/**
 * The accessor the history routes read withdrawals and PnL settlements through. They are the
 * wallet's records (POST /v1/withdraw_request, POST /v1/settle_pnl), kept per account by the
 * wallet book as `state.wallet` (`withdrawals(accountId)`, `settlements(accountId)`, oldest
 * first); a sandbox without one has none. Only this file knows where they live.
 */
import type { WalletStatus } from '../../contract/constants.ts';
import type { SandboxState } from '../state.ts';

/** A withdrawal as the wallet book keeps it (the fields the asset history reads). */
export interface WithdrawalSource {
  id: number;
  token: string;
  amount: number;
  fee: number;
  chainId: number;
  txId: string | null;
  status: WalletStatus;
  createdTime: number;
  updatedTime: number;
}

/** A PnL settlement as the wallet book keeps it. */
export interface SettlementSource {
  id: number;
  oldBalance: number;
  newBalance: number;
  settledAmount: number;
  requestedTime: number;
  settledTime: number;
  status: string;
  symbols: readonly { symbol: string; settledAmount: number }[];
}

interface WalletRecords {
  withdrawals(accountId: string): readonly WithdrawalSource[];
  settlements(accountId: string): readonly SettlementSource[];
}

const NONE: WalletRecords = { withdrawals: () => [], settlements: () => [] };

/** The wallet book of `state`, read by structure (none: no withdrawals, no settlements). */
export function walletRecords(state: SandboxState): WalletRecords {
  const wallet = (state as { wallet?: Partial<WalletRecords> }).wallet;
  return typeof wallet?.withdrawals === 'function' && typeof wallet.settlements === 'function'
    ? (wallet as WalletRecords)
    : NONE;
}
