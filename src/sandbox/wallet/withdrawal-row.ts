/**
 * A withdrawal as the wire shows it: one row of GET /v1/asset/history and the `wallet` push of
 * each status change carry the same fields (facts §6).
 */
import type { AssetHistoryRow } from '../../contract/wire-history.ts';
import type { WithdrawalRecord } from './book.ts';

export const withdrawalRow = (w: WithdrawalRecord): AssetHistoryRow => ({
  id: String(w.id),
  tx_id: w.txId,
  side: 'WITHDRAW',
  token: w.token,
  amount: w.amount,
  fee: w.fee,
  trans_status: w.status,
  created_time: w.createdTime,
  updated_time: w.updatedTime,
  chain_id: String(w.chainId),
});
