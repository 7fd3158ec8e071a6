/**
 * `Account.assetHistory`: a Relay connection over GET /v1/asset/history (deposits and
 * withdrawals), newest first by created time (history-page.ts).
 */
import type { WalletSide } from '../contract/constants.ts';
import type { AssetStatusFilter } from '../contract/wire-history.ts';
import { type AssetTransactionModel, assetFromRest } from '../models/account-history.ts';
import type { GatewayContext } from '../schema/types.ts';
import { loadHistoryPage, type TimeFilterArgs, windowQuery } from './history-load.ts';
import type { Page } from './offset-page.ts';
import { compact } from './wire.ts';

export interface AssetHistoryFilterArgs extends TimeFilterArgs {
  side?: WalletSide | null;
  status?: AssetStatusFilter | null;
  token?: string | null;
}

export function loadAssetHistoryPage(
  ctx: GatewayContext,
  filter: AssetHistoryFilterArgs | null | undefined,
  first: number | null | undefined,
  after: string | null | undefined,
): Promise<Page<AssetTransactionModel>> {
  const query = compact({ side: filter?.side, status: filter?.status, token: filter?.token });
  return loadHistoryPage(ctx, { prefix: 'assets:', first, after }, (account) => ({
    to: filter?.to ?? undefined,
    read: (end, page, size) =>
      account.assetHistory({ ...query, ...windowQuery(filter, end), page, size }),
    time: (row) => row.created_time,
    id: (row) => String(row.id),
    map: assetFromRest,
  }));
}
