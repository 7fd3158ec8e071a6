/**
 * GET /v1/orders (filters, sort, offset paging as upstream-facts.md says) and
 * GET /v1/order/{order_id} (one order by the exchange id). Private, not order-signed.
 *
 * Filters combine with AND; `start_t`/`end_t` bound created_time, both inclusive. Sorting is
 * total (ties broken by order id in the same direction), so pages of an unchanged set never
 * skip or repeat an order. A page past the end is empty, with the true total.
 */
import {
  ORDER_PAGE_FIRST,
  ORDER_PAGE_SIZE_DEFAULT,
  ORDER_PAGE_SIZE_MAX,
  ORDER_SORT_DEFAULT,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
  ORDER_STATUS_GROUPS,
  ORDER_TAG_MAX,
  type OrderSort,
  type OrderStatusFilter,
  type SpecOrderStatus,
} from '../../contract/constants.ts';
import { ORDER_TYPES, SIDES } from '../../contract/wire.ts';
import { invalid, notFound } from '../errors.ts';
import { orderRecord } from '../records.ts';
import type { Route } from '../router.ts';
import type { Order } from '../state.ts';
import { checkSymbol } from '../validation.ts';

function statusesOf(filter: OrderStatusFilter): readonly SpecOrderStatus[] {
  return filter === 'INCOMPLETE' || filter === 'COMPLETED' ? ORDER_STATUS_GROUPS[filter] : [filter];
}

function comparator(sort: OrderSort): (a: Order, b: Order) => number {
  const updated = sort.startsWith('UPDATED');
  const sign = sort.endsWith('_ASC') ? 1 : -1;
  return (a, b) => {
    const ta = updated ? a.updatedTime : a.createdTime;
    const tb = updated ? b.updatedTime : b.createdTime;
    return sign * (ta - tb || a.orderId - b.orderId);
  };
}

export const orderListRoutes: Route[] = [
  {
    endpoint: 'GET /v1/orders',
    handle: ({ state, account, query }) => {
      const symbol = query.string('symbol');
      if (symbol !== undefined) checkSymbol('symbol', symbol, state.symbolKnown);
      const side = query.oneOf('side', SIDES);
      const type = query.oneOf('order_type', ORDER_TYPES);
      const status = query.oneOf('status', ORDER_STATUS_FILTERS);
      const tag = query.string('order_tag', { max: ORDER_TAG_MAX });
      const start = query.number('start_t', { integer: true, min: 0 });
      const end = query.number('end_t', { integer: true, min: 0 });
      if (start !== undefined && end !== undefined && start > end) {
        throw invalid('start_t', 'must not be after end_t');
      }
      const page = query.number('page', { integer: true, min: ORDER_PAGE_FIRST }) ?? 1;
      const size =
        query.number('size', { integer: true, min: 1, max: ORDER_PAGE_SIZE_MAX }) ??
        ORDER_PAGE_SIZE_DEFAULT;
      const sort = query.oneOf('sort_by', ORDER_SORTS) ?? ORDER_SORT_DEFAULT;
      const statuses = status === undefined ? undefined : statusesOf(status);
      const matching = account!.orders.filter(
        (o) =>
          (symbol === undefined || o.symbol === symbol) &&
          (side === undefined || o.side === side) &&
          (type === undefined || o.type === type) &&
          (statuses === undefined || statuses.includes(o.status)) &&
          (tag === undefined || o.orderTag === tag) &&
          (start === undefined || o.createdTime >= start) &&
          (end === undefined || o.createdTime <= end),
      );
      matching.sort(comparator(sort));
      const from = (page - 1) * size;
      return {
        meta: { total: matching.length, records_per_page: size, current_page: page },
        rows: matching.slice(from, from + size).map(orderRecord),
      };
    },
  },
  {
    endpoint: 'GET /v1/order/{order_id}',
    handle: ({ state, account, params }) => {
      const text = params.order_id!;
      const id = Number(text);
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id <= 0) {
        throw invalid('order_id', 'must be a positive integer');
      }
      const order = state.orders.get(id);
      if (!order || order.account !== account) {
        throw notFound(`order_id: no order ${text} for this account`);
      }
      return orderRecord(order);
    },
  },
];
