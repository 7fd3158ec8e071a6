/** `Account.algoOrders`: a Relay connection over GET /v1/algo/orders (offset-page.ts). */
import { ORDER_PAGE_SIZE_DEFAULT, ORDER_PAGE_SIZE_MAX } from '../contract/constants.ts';
import type { AlgoStatusFilter, AlgoType, ListAlgoOrdersQuery } from '../contract/wire-algo.ts';
import type { Side } from '../contract/wire-orders.ts';
import { type AlgoOrderModel, algoOrderFromRest } from '../models/algo-order.ts';
import { type GatewayContext, orThrowCoded, requireAccount } from '../schema/types.ts';
import { decodeCursor, offsetPage, type Page } from './offset-page.ts';
import { compact } from './wire.ts';

export const ALGO_PAGE_DEFAULT = ORDER_PAGE_SIZE_DEFAULT;
export const ALGO_PAGE_MAX = ORDER_PAGE_SIZE_MAX;
const PREFIX = 'algo:';

export interface AlgoOrderFilterArgs {
  symbol?: string | null;
  algoType?: AlgoType | null;
  status?: AlgoStatusFilter | null;
  side?: Side | null;
  isTriggered?: boolean | null;
  createdAfter?: number | null;
  createdBefore?: number | null;
}

export function toAlgoListQuery(
  filter: AlgoOrderFilterArgs | null | undefined,
): ListAlgoOrdersQuery {
  const f = filter ?? {};
  return compact({
    symbol: f.symbol,
    algo_type: f.algoType,
    status: f.status,
    side: f.side,
    is_triggered: f.isTriggered,
    start_t: f.createdAfter,
    end_t: f.createdBefore,
  });
}

export function loadAlgoOrdersPage(
  ctx: GatewayContext,
  filter: AlgoOrderFilterArgs | null | undefined,
  first: number | null | undefined,
  after: string | null | undefined,
): Promise<Page<AlgoOrderModel>> {
  // Checked before any upstream call.
  const offset = after ? decodeCursor(PREFIX, after) + 1 : 0;
  return orThrowCoded(async () => {
    const account = requireAccount(ctx);
    const query = toAlgoListQuery(filter);
    return offsetPage(
      {
        prefix: PREFIX,
        read: (page, size) => account.listAlgoOrders({ ...query, page, size }),
        map: algoOrderFromRest,
      },
      offset,
      first ?? ALGO_PAGE_DEFAULT,
    );
  });
}
