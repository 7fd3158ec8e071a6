/** The REST reads an account stream's resync uses, over the account's upstream view. */

import { NOT_FOUND } from '../../contract/errors.ts';
import type { Holding, PositionRow } from '../../contract/wire.ts';
import type { AccountApi } from '../api.ts';
import { UpstreamRejectedError } from '../errors.ts';
import type { AlgoReads } from './algo-resync.ts';
import type { OrdersByUpdate } from './gap-read.ts';

/** REST reads a resync uses. */
export interface AccountReads extends AlgoReads {
  /** The account's orders, most recently updated first (`sort_by=UPDATED_TIME_DESC`). */
  ordersByUpdate: OrdersByUpdate;
  positions(): Promise<PositionRow[]>;
  holdings(): Promise<Holding[]>;
}

/** The resync reads of an account view: orders by update time, algo orders, positions, holdings. */
export function accountReads(api: AccountApi): AccountReads {
  return {
    ordersByUpdate: (page, size) => api.listOrders({ sort_by: 'UPDATED_TIME_DESC', page, size }),
    algoOrders: (query) => api.listAlgoOrders(query),
    algoOrder: async (id) => {
      try {
        return await api.algoOrderById(id);
      } catch (error) {
        // Gone: the upstream no longer knows it; anything else is a failed read.
        if (error instanceof UpstreamRejectedError && error.upstreamCode === NOT_FOUND)
          return undefined;
        throw error;
      }
    },
    positions: async () => (await api.positions()).rows,
    holdings: async () => (await api.holdings({})).holding,
  };
}
