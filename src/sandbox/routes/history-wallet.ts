/**
 * GET /v1/asset/history (deposits and withdrawals: the seeded balance, internal transfers and
 * the wallet's withdrawals, by created time) and GET /v1/pnl_settlement/history (by requested
 * time), newest first. The asset `status` filter takes the facts' filter values: NEW matches a
 * PENDING row and CONFIRM a PROCESSING one (UNVERIFIED), the rest their own status.
 */
import type { WalletStatus } from '../../contract/constants.ts';
import { ASSET_HISTORY_QUERY, PNL_SETTLEMENT_QUERY } from '../../contract/fields-history.ts';
import type { AssetStatusFilter, PnlSettlementRow } from '../../contract/wire-history.ts';
import { inWindow, newestFirst, pageOf, windowOf } from '../history/lists.ts';
import type { Route } from '../router.ts';
import type { PnlSettlement } from '../wallet/book.ts';
import { withdrawalRow } from '../wallet/withdrawal-row.ts';

const STATUS_OF: Record<AssetStatusFilter, WalletStatus> = {
  NEW: 'PENDING',
  CONFIRM: 'PROCESSING',
  PROCESSING: 'PROCESSING',
  COMPLETED: 'COMPLETED',
  FAILED: 'FAILED',
  PENDING_REBALANCE: 'PENDING_REBALANCE',
};

const settlementRow = (s: PnlSettlement): PnlSettlementRow => ({
  id: s.id,
  old_balance: s.oldBalance,
  new_balance: s.newBalance,
  settled_amount: s.settledAmount,
  requested_time: s.requestedTime,
  settled_time: s.settledTime,
  status: s.status,
  symbols: s.symbols.map((x) => ({ symbol: x.symbol, settled_amount: x.settledAmount })),
});

export const historyWalletRoutes: Route[] = [
  {
    endpoint: 'GET /v1/asset/history',
    handle: ({ state, account, query }) => {
      const q = query.of(ASSET_HISTORY_QUERY);
      const token = q.read('token');
      const side = q.read('side');
      const filter = q.read('status');
      const status = filter === undefined ? undefined : STATUS_OF[filter];
      const window = windowOf(q.read('start_t'), q.read('end_t'));
      const withdrawals = state.wallet.withdrawals(account!.accountId).map(withdrawalRow);
      const rows = [...state.history.of(account!).assets, ...withdrawals].filter(
        (r) =>
          (token === undefined || r.token === token) &&
          (side === undefined || r.side === side) &&
          (status === undefined || r.trans_status === status) &&
          inWindow(r.created_time, window),
      );
      const sorted = newestFirst(
        rows,
        (r) => r.created_time,
        (r) => r.id,
      );
      return pageOf(sorted, q.read('page'), q.read('size'));
    },
  },
  {
    endpoint: 'GET /v1/pnl_settlement/history',
    handle: ({ state, account, query }) => {
      const q = query.of(PNL_SETTLEMENT_QUERY);
      const window = windowOf(q.read('start_t'), q.read('end_t'));
      const rows = state.wallet
        .settlements(account!.accountId)
        .filter((s) => inWindow(s.requestedTime, window))
        .map(settlementRow);
      const sorted = newestFirst(
        rows,
        (r) => r.requested_time,
        (r) => r.id,
      );
      return pageOf(sorted, q.read('page'), q.read('size'));
    },
  },
];
