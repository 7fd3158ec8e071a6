/**
 * A resumed subscription's RESYNC snapshot, for when the log cannot replay what it missed:
 * what the account's REST reads say now, in the shapes the stream delivers. Orders: each
 * order changed since the cursor's time (less the resync margin), its newest state, oldest
 * change first, `source: RESYNC` (the reconnect resync's read: upstream/stream/gap-read.ts);
 * positions and balances: all of them, as one event; algo orders: the working ones.
 * Liquidations and wallet changes are history, not state: none (read them by query).
 */
import { balanceFromRest, positionFromRest } from '../models/portfolio.ts';
import type { AccountApi } from '../upstream/api.ts';
import { readOrdersChangedSince } from '../upstream/stream/gap-read.ts';
import { type AccountStreamEvent, orderUpdateFromRecord } from '../upstream/stream/index.ts';
import { DEFAULT_RESYNC_BOUNDS } from '../upstream/stream/order-resync.ts';
import { readActiveAlgoOrders } from './algo-active.ts';
import type { EventKind } from './live-kinds.ts';

export async function snapshotEvents(
  api: AccountApi,
  kind: EventKind,
  sinceMs: number,
): Promise<AccountStreamEvent[]> {
  switch (kind) {
    case 'order': {
      const { marginMs, maxPages, pageSize } = DEFAULT_RESYNC_BOUNDS;
      const read = (page: number, size: number) =>
        api.listOrders({ sort_by: 'UPDATED_TIME_DESC', page, size });
      const gap = await readOrdersChangedSince(read, sinceMs - marginMs, maxPages, pageSize);
      return gap.records.map((record) => ({ type: 'order', order: orderUpdateFromRecord(record) }));
    }
    case 'positions': {
      const { rows } = await api.positions();
      return [{ type: 'positions', positions: rows.map(positionFromRest) }];
    }
    case 'balances': {
      const { holding } = await api.holdings({});
      return [{ type: 'balances', balances: holding.map(balanceFromRest) }];
    }
    case 'algo':
      return (await readActiveAlgoOrders(api)).map((order) => ({ type: 'algo', order }));
    case 'account':
      return [];
  }
}
