/** The REST reads an account stream's resync uses, over the account's upstream view. */

import type { Holding, PositionRow } from '../../contract/wire.ts';
import type { AccountApi } from '../api.ts';
import type { OrdersByUpdate } from './gap-read.ts';

/** REST reads a resync uses. */
export interface AccountReads {
  /** The account's orders, most recently updated first (`sort_by=UPDATED_TIME_DESC`). */
  ordersByUpdate: OrdersByUpdate;
  positions(): Promise<PositionRow[]>;
  holdings(): Promise<Holding[]>;
}

/** The resync reads of an account view: orders by update time, positions, holdings. */
export function accountReads(api: AccountApi): AccountReads {
  return {
    ordersByUpdate: (page, size) => api.listOrders({ sort_by: 'UPDATED_TIME_DESC', page, size }),
    positions: async () => (await api.positions()).rows,
    holdings: async () => (await api.holdings({})).holding,
  };
}
