/**
 * `Account.pnlSettlements`: a Relay connection over GET /v1/pnl_settlement/history, newest
 * first by requested time (history-page.ts).
 */
import { type PnlSettlementModel, settlementFromRest } from '../models/account-history.ts';
import type { GatewayContext } from '../schema/types.ts';
import { loadHistoryPage, type TimeFilterArgs, windowQuery } from './history-load.ts';
import type { Page } from './offset-page.ts';

export function loadPnlSettlementsPage(
  ctx: GatewayContext,
  filter: TimeFilterArgs | null | undefined,
  first: number | null | undefined,
  after: string | null | undefined,
): Promise<Page<PnlSettlementModel>> {
  return loadHistoryPage(ctx, { prefix: 'settlements:', first, after }, (account) => ({
    to: filter?.to ?? undefined,
    read: (end, page, size) =>
      account.pnlSettlementHistory({ ...windowQuery(filter, end), page, size }),
    time: (row) => row.requested_time,
    id: (row) => String(row.id),
    map: settlementFromRest,
  }));
}
