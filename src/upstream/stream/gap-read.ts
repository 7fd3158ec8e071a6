/**
 * What changed in a stream gap: the account's orders by `updated_time`, newest first
 * (`GET /v1/orders?sort_by=UPDATED_TIME_DESC`; its `start_t`/`end_t` bound the created time,
 * not the update), page after page until a row is older than `since` or the pages run out.
 * At most `maxPages` pages: past that the gap is too large to read whole, and what was read
 * (the newest changes) comes back marked `truncated`.
 */
import type { OrderList, OrderRecord } from '../../contract/wire.ts';

/** One page of the account's orders, most recently updated first. */
export type OrdersByUpdate = (page: number, size: number) => Promise<OrderList>;

export interface GapRead {
  /** Each order once (its newest row), oldest change first. */
  records: OrderRecord[];
  /** The page cap was reached before a row older than `since`. */
  truncated: boolean;
  pages: number;
}

/** Rows per page: the upstream's maximum. */
export const GAP_PAGE_SIZE = 500;

export async function readOrdersChangedSince(
  read: OrdersByUpdate,
  since: number,
  maxPages: number,
  size = GAP_PAGE_SIZE,
): Promise<GapRead> {
  const byId = new Map<number, OrderRecord>();
  let pages = 0;
  let complete = false;
  while (!complete && pages < maxPages) {
    const { rows, meta } = await read(++pages, size);
    for (const row of rows) {
      if (row.updated_time < since) {
        complete = true;
        break;
      }
      // Offset pages over a list that changes may repeat an order: keep its newest row.
      const held = byId.get(row.order_id);
      if (!held || held.updated_time <= row.updated_time) byId.set(row.order_id, row);
    }
    if (rows.length < size || pages * size >= meta.total) complete = true;
  }
  const records = [...byId.values()].sort(
    (a, b) => a.updated_time - b.updated_time || a.order_id - b.order_id,
  );
  return { records, truncated: !complete, pages };
}
