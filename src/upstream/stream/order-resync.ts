/**
 * The order half of a resync: read every order of the account updated since the gap began
 * (gap-read.ts) and emit, oldest change first, each one whose state differs from what the
 * subscribers last saw (order-ledger.ts), with `source: resync`.
 */
import { GAP_PAGE_SIZE, type OrdersByUpdate, readOrdersChangedSince } from './gap-read.ts';
import { orderUpdateFromRecord } from './map.ts';
import type { OrderUpdateModel } from './models.ts';
import type { OrderLedger } from './order-ledger.ts';

/** How far back and how much a resync reads. */
export interface ResyncBounds {
  /**
   * Read back this far before the last event seen (ms): upstream timestamps of one account
   * need not arrive in order, and a change stamped just before that event may be the one lost.
   * @default 5_000
   */
  marginMs: number;
  /** Pages one resync may read; past that the oldest changes of the gap are not emitted. @default 10 */
  maxPages: number;
  /** Orders per page (the upstream allows at most 500). @default 500 */
  pageSize: number;
}

export const DEFAULT_RESYNC_BOUNDS: ResyncBounds = {
  marginMs: 5_000,
  maxPages: 10,
  pageSize: GAP_PAGE_SIZE,
};

/** Resyncs of this replica's account streams (read by the metrics at scrape time). */
export interface ResyncStats {
  /** Every change of the gap read and emitted. */
  complete: number;
  /** The page cap was reached: the newest changes were emitted, older ones of the gap not. */
  truncated: number;
  /** The read kept failing: nothing emitted for that gap until the next resync. */
  failed: number;
  /** Orders emitted by resyncs. */
  orders: number;
  /** Algo order trees emitted by resyncs. */
  algoOrders: number;
}

export const newResyncStats = (): ResyncStats => ({
  complete: 0,
  truncated: 0,
  failed: 0,
  orders: 0,
  algoOrders: 0,
});

export interface OrderResyncDeps {
  ordersByUpdate: OrdersByUpdate;
  ledger: OrderLedger;
  emit(order: OrderUpdateModel): void;
  bounds: Pick<ResyncBounds, 'maxPages' | 'pageSize'>;
}

/** Reads the gap and emits what changed; returns whether the read was cut at the page cap. */
export async function resyncOrders(
  deps: OrderResyncDeps,
  since: number,
): Promise<{ truncated: boolean; emitted: number; pages: number }> {
  const { maxPages, pageSize } = deps.bounds;
  const gap = await readOrdersChangedSince(deps.ordersByUpdate, since, maxPages, pageSize);
  let emitted = 0;
  for (const record of gap.records) {
    const update = orderUpdateFromRecord(record);
    if (!deps.ledger.changed(update)) continue;
    deps.ledger.record(update, true);
    deps.emit(update);
    emitted++;
  }
  return { truncated: gap.truncated, emitted, pages: gap.pages };
}
