/**
 * `Account.orders`: a Relay connection over GET /v1/orders, which pages by number only
 * (offset-page.ts). @pothos/plugin-relay's `resolveOffsetConnection` asks for `first + 1` rows
 * at any offset, which does not map onto upstream pages, hence this small resolver; the
 * connection types are the plugin's.
 *
 * Positions are stable while the list does not change ahead of them: with the default
 * CREATED_TIME_DESC, orders placed between two pages shift later pages (use
 * CREATED_TIME_ASC for a feed that only grows at its end).
 */

import { ORDER_PAGE_SIZE_DEFAULT } from '../contract/constants.ts';
import type {
  ListOrdersQuery,
  OrderSort,
  OrderStatusFilter,
  OrderType,
  Side,
} from '../contract/wire.ts';
import { type GatewayContext, orThrowCoded, requireAccount } from '../schema/types.ts';
import { decodeCursor, encodeCursor as encodeAt, offsetPage, type Page } from './offset-page.ts';
import { type OrderModel, toOrder } from './order.ts';
import { compact } from './wire.ts';

export const DEFAULT_PAGE = ORDER_PAGE_SIZE_DEFAULT;
const PREFIX = 'orders:';

export interface OrderFilterArgs {
  status?: OrderStatusFilter | null;
  symbol?: string | null;
  side?: Side | null;
  orderType?: OrderType | null;
  orderTag?: string | null;
  createdAfter?: number | null;
  createdBefore?: number | null;
  sortBy?: OrderSort | null;
}

export type OrdersPage = Page<OrderModel>;

export const encodeCursor = (index: number): string => encodeAt(PREFIX, index);

export function toListQuery(filter: OrderFilterArgs | null | undefined): ListOrdersQuery {
  const f = filter ?? {};
  return compact({
    symbol: f.symbol,
    side: f.side,
    order_type: f.orderType,
    status: f.status,
    order_tag: f.orderTag,
    start_t: f.createdAfter,
    end_t: f.createdBefore,
    sort_by: f.sortBy,
  });
}

export function loadOrdersPage(
  ctx: GatewayContext,
  filter: OrderFilterArgs | null | undefined,
  first: number | null | undefined,
  after: string | null | undefined,
): Promise<OrdersPage> {
  // Checked before any upstream call.
  const offset = after ? decodeCursor(PREFIX, after) + 1 : 0;
  return orThrowCoded(async () => {
    const account = requireAccount(ctx);
    const query = toListQuery(filter);
    return offsetPage(
      {
        prefix: PREFIX,
        read: (page, size) => account.listOrders({ ...query, page, size }),
        map: toOrder,
      },
      offset,
      first ?? DEFAULT_PAGE,
    );
  });
}
