/**
 * `Account.orders`: a Relay connection over GET /v1/orders, which pages by number only.
 *
 * A cursor is the position of its order in the filtered, sorted list (base64url of
 * `orders:<index>`, opaque to clients). A page of `first` after position p asks the upstream
 * for the page of that size holding p + 1, and for the next one too when the wanted rows
 * straddle the two (only when `first` changed between pages). @pothos/plugin-relay's
 * `resolveOffsetConnection` asks for `first + 1` rows at any offset, which does not map onto
 * upstream pages, hence this small resolver; the connection types are the plugin's.
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
import type { GatewayContext } from '../schema/context.ts';
import { requireAccount } from './context.ts';
import { gqlError, orThrowCoded } from './errors.ts';
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

export interface OrdersPage {
  totalCount: number;
  edges: { cursor: string; node: OrderModel }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

export const encodeCursor = (index: number): string =>
  Buffer.from(`${PREFIX}${index}`).toString('base64url');

/** The position a cursor stands for; BAD_USER_INPUT for anything this list did not make. */
export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const index = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : Number.NaN;
  if (!Number.isSafeInteger(index) || index < 0 || encodeCursor(index) !== cursor) {
    throw gqlError('BAD_USER_INPUT', 'after: is not a cursor of this list', {
      field: 'after',
      rule: 'cursor',
    });
  }
  return index;
}

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
  const offset = after ? decodeCursor(after) + 1 : 0;
  return orThrowCoded(async () => {
    const account = requireAccount(ctx);
    const size = first ?? DEFAULT_PAGE;
    const query = toListQuery(filter);
    const page = Math.floor(offset / size) + 1;
    const skip = offset % size;
    const head = await account.listOrders({ ...query, page, size });
    const total = head.meta.total;
    let rows = head.rows.slice(skip);
    if (skip > 0 && head.rows.length === size && page * size < total) {
      const tail = await account.listOrders({ ...query, page: page + 1, size });
      rows = rows.concat(tail.rows.slice(0, skip));
    }
    const edges = rows.map((row, i) => ({ cursor: encodeCursor(offset + i), node: toOrder(row) }));
    return {
      totalCount: total,
      edges,
      pageInfo: {
        hasNextPage: offset + rows.length < total,
        hasPreviousPage: offset > 0,
        startCursor: edges[0]?.cursor ?? null,
        endCursor: edges.at(-1)?.cursor ?? null,
      },
    };
  });
}
