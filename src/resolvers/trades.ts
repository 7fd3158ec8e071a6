/** `Account.trades`: a Relay connection over GET /v1/trades, newest first (history-page.ts). */
import { type TradeModel, tradeFromRest } from '../models/trade.ts';
import type { GatewayContext } from '../schema/types.ts';
import { loadHistoryPage, type TimeFilterArgs, windowQuery } from './history-load.ts';
import type { Page } from './offset-page.ts';

export interface TradeFilterArgs extends TimeFilterArgs {
  symbol?: string | null;
}

export function loadTradesPage(
  ctx: GatewayContext,
  filter: TradeFilterArgs | null | undefined,
  first: number | null | undefined,
  after: string | null | undefined,
): Promise<Page<TradeModel>> {
  const symbol = filter?.symbol ?? undefined;
  return loadHistoryPage(ctx, { prefix: 'trades:', first, after }, (account) => ({
    to: filter?.to ?? undefined,
    read: (end, page, size) => account.trades({ symbol, ...windowQuery(filter, end), page, size }),
    time: (row) => row.executed_timestamp,
    id: (row) => String(row.id),
    map: tradeFromRest,
  }));
}
