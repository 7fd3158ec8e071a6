/**
 * `Order.fills`, batched: the fills of every order a request resolves come from one walk of
 * GET /v1/trades over the orders' time span (from the earliest creation to the last update,
 * one symbol when they share it), one upstream call per page of 500, not one per order. The
 * walk moves its `end_t` back page by page (history-walk.ts), so the upstream's "latest 500"
 * cap never hides older fills. An order whose fills the walk did not find in full (older than
 * the upstream keeps in that list, or past the walk's bound) is read alone with
 * GET /v1/order/{order_id}/trades.
 */
import { HISTORY_SIZE_MAX, type TradeRow } from '../contract/wire-history.ts';
import { fillOfTrade, type OrderFillsKey, tradeFromRest } from '../models/trade.ts';
import type { AccountApi } from '../upstream/api.ts';
import type { FillModel } from '../upstream/stream/models.ts';
import { compareIds, walkBack } from './history-walk.ts';

/** Pages of 500 one batch reads at most before falling back to per-order reads. */
export const ORDER_FILLS_MAX_READS = 10;

const byExecution = (a: TradeRow, b: TradeRow) =>
  a.executed_timestamp - b.executed_timestamp || compareIds(String(a.id), String(b.id));

const covers = (rows: TradeRow[], order: OrderFillsKey) =>
  rows.reduce((sum, r) => sum + r.executed_quantity, 0) >= order.executedQuantity - 1e-9;

/** Fills of each order, in execution order, aligned with `orders`. */
export async function readOrderFills(
  account: AccountApi,
  orders: readonly OrderFillsKey[],
): Promise<FillModel[][]> {
  const filled = orders.filter((o) => o.executedQuantity > 0);
  const found = new Map<number, TradeRow[]>(filled.map((o) => [o.orderId, []]));
  if (filled.length > 0) {
    const symbols = new Set(filled.map((o) => o.symbol));
    const symbol = symbols.size === 1 ? filled[0]?.symbol : undefined;
    const start_t = Math.min(...filled.map((o) => o.createdTime));
    const end = Math.max(...filled.map((o) => o.updatedTime));
    const walked = await walkBack(
      {
        read: (end_t, page, size) => account.trades({ symbol, start_t, end_t, page, size }),
        time: (row) => row.executed_timestamp,
        id: (row) => String(row.id),
      },
      { end, size: HISTORY_SIZE_MAX, maxReads: ORDER_FILLS_MAX_READS },
      () => false,
    );
    for (const row of walked.seen.values()) found.get(row.order_id)?.push(row);
  }
  const missing = filled.filter((o) => !covers(found.get(o.orderId) ?? [], o));
  await Promise.all(
    missing.map(async (o) => found.set(o.orderId, (await account.orderTrades(o.orderId)).rows)),
  );
  return orders.map((o) =>
    (found.get(o.orderId) ?? []).sort(byExecution).map((row) => fillOfTrade(tradeFromRest(row))),
  );
}
