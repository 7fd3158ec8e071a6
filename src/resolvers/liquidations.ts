/**
 * `Account.liquidations`: a Relay connection over GET /v1/liquidations, newest first by
 * liquidation time (`sort_by=time`; history-page.ts).
 */
import { type LiquidationModel, liquidationFromRest } from '../models/account-history.ts';
import type { GatewayContext } from '../schema/types.ts';
import { loadHistoryPage, type TimeFilterArgs, windowQuery } from './history-load.ts';
import type { Page } from './offset-page.ts';

export function loadLiquidationsPage(
  ctx: GatewayContext,
  filter: TimeFilterArgs | null | undefined,
  first: number | null | undefined,
  after: string | null | undefined,
): Promise<Page<LiquidationModel>> {
  return loadHistoryPage(ctx, { prefix: 'liquidations:', first, after }, (account) => ({
    to: filter?.to ?? undefined,
    read: (end, page, size) =>
      account.liquidations({ ...windowQuery(filter, end), sort_by: 'time', page, size }),
    time: (row) => row.timestamp,
    id: (row) => String(row.liquidation_id),
    map: liquidationFromRest,
  }));
}
