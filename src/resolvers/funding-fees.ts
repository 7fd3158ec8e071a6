/**
 * `Account.fundingFees`: a Relay connection over GET /v1/funding_fee/history, newest first
 * (history-page.ts). Rows have no id: a row is its position and period,
 * `symbol|marginMode|created_time`.
 */
import { type FundingFeeModel, fundingFeeFromRest } from '../models/account-history.ts';
import type { GatewayContext } from '../schema/types.ts';
import { loadHistoryPage, type TimeFilterArgs, windowQuery } from './history-load.ts';
import type { Page } from './offset-page.ts';

export interface FundingFeeFilterArgs extends TimeFilterArgs {
  symbol?: string | null;
}

export function loadFundingFeesPage(
  ctx: GatewayContext,
  filter: FundingFeeFilterArgs | null | undefined,
  first: number | null | undefined,
  after: string | null | undefined,
): Promise<Page<FundingFeeModel>> {
  const symbol = filter?.symbol ?? undefined;
  return loadHistoryPage(ctx, { prefix: 'funding:', first, after }, (account) => ({
    to: filter?.to ?? undefined,
    read: (end, page, size) =>
      account.fundingFeeHistory({ symbol, ...windowQuery(filter, end), page, size }),
    time: (row) => row.created_time,
    // Unique in the list: the position (symbol, margin mode) and its period.
    id: (row) => `${row.symbol}|${row.margin_mode ?? 'CROSS'}|${row.created_time}`,
    map: fundingFeeFromRest,
  }));
}
