/**
 * The accessor the history routes read withdrawals and PnL settlements through. They are the
 * wallet's records (POST /v1/withdraw_request, POST /v1/settle_pnl), kept per account by the
 * wallet book as `state.wallet` (`withdrawals(accountId)`, `settlements(accountId)`, oldest
 * first), so the asset history and the settlement history list what the wallet routes did.
 */
import type { SandboxState } from '../state.ts';
import type { PnlSettlement, WithdrawalRecord } from '../wallet/book.ts';

/** A withdrawal as the wallet book keeps it (the fields the asset history reads). */
export type WithdrawalSource = WithdrawalRecord;

/** A PnL settlement as the wallet book keeps it. */
export type SettlementSource = PnlSettlement;

interface WalletRecords {
  withdrawals(accountId: string): readonly WithdrawalSource[];
  settlements(accountId: string): readonly SettlementSource[];
}

/** The wallet book of `state`. */
export function walletRecords(state: SandboxState): WalletRecords {
  return state.wallet;
}
