/**
 * GET /v1/orders (filters, sort, offset paging as upstream-facts.md says) and
 * GET /v1/order/{order_id} (one order by the exchange id). Private, not order-signed.
 *
 * Filters combine with AND; `start_t`/`end_t` bound created_time, both inclusive. Sorting is
 * total (ties broken by order id in the same direction), so pages of an unchanged set never
 * skip or repeat an order. A page past the end is empty, with the true total.
 */
import type { OrderSort } from '../../contract/constants.ts';
import { invalid, notFound } from '../errors.ts';
import { orderRecord, readStatus } from '../records.ts';
import type { Route } from '../router.ts';
import type { Order } from '../state.ts';
import { parseOrderListQuery } from './order-list-query.ts';

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
    handle: ({ state, account, query, now }) => {
      const { symbol, side, type, statuses, tag, start, end, page, size, sort } =
        parseOrderListQuery(state, query);
      const matching = account!.orders.filter(
        (o) =>
          (symbol === undefined || o.symbol === symbol) &&
          (side === undefined || o.side === side) &&
          (type === undefined || o.type === type) &&
          (statuses === undefined || statuses.includes(readStatus(o, now))) &&
          (tag === undefined || o.orderTag === tag) &&
          (start === undefined || o.createdTime >= start) &&
          (end === undefined || o.createdTime <= end),
      );
      matching.sort(comparator(sort));
      const from = (page - 1) * size;
      return {
        meta: { total: matching.length, records_per_page: size, current_page: page },
        rows: matching.slice(from, from + size).map((o) => orderRecord(o, now)),
      };
    },
  },
  {
    endpoint: 'GET /v1/order/{order_id}',
    handle: ({ state, account, params, now }) => {
      const text = params.order_id!;
      const id = Number(text);
      if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id <= 0) {
        throw invalid('order_id', 'must be a positive integer');
      }
      const order = state.orders.get(id);
      if (!order || order.account !== account) {
        throw notFound(`order_id: no order ${text} for this account`);
      }
      return orderRecord(order, now);
    },
  },
];
