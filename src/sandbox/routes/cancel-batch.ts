/**
 * Batch cancels: up to 10 orders by exchange ids (DELETE /v1/batch-order) or client ids
 * (DELETE /v1/client/batch-order). Unknown or final orders are skipped; none open is 400.
 */
import { CANCEL_ALL_SENT } from '../../contract/constants.ts';
import type { ListRule } from '../../contract/field-types.ts';
import { CANCEL_CLIENT_ORDERS_QUERY, CANCEL_ORDERS_QUERY } from '../../contract/fields-orders.ts';
import { ApiError, invalid, notFound } from '../errors.ts';
import { isPending } from '../records.ts';
import type { Route } from '../router.ts';
import type { Account, Order } from '../state.ts';
import type { TradingEngine } from '../trading.ts';
import { Fields } from '../validation.ts';

/** One id of the list by the list's item rule; an order id is refused in the upstream's words. */
function checkId(name: string, id: string, list: ListRule): void {
  try {
    Fields.query(new URLSearchParams([[name, id]]), { [name]: list.of }).read(name, true);
  } catch (error) {
    if (error instanceof ApiError && list.of.kind === 'int') {
      throw invalid(name, 'must be a positive integer');
    }
    throw error;
  }
}

/** A comma-separated list of ids: at most the list's count, each by its rule, distinct. */
function idList(query: Fields, field: string, list: ListRule) {
  const text = query.requiredString(field);
  const ids = text.split(',');
  if (ids.length > list.maxItems) {
    throw invalid(field, `at most ${list.maxItems} ids, comma-separated (got ${ids.length})`);
  }
  ids.forEach((id, i) => {
    checkId(`${field}[${i}]`, id, list);
  });
  if (list.unique && new Set(ids).size !== ids.length) {
    throw invalid(field, 'an id is given more than once');
  }
  return ids;
}

/** Cancels the cancellable ones; none cancellable is 400 -1006. */
function cancelSome(engine: TradingEngine, field: string, orders: (Order | undefined)[]) {
  const open = orders.filter((o): o is Order => o !== undefined && isPending(o));
  if (open.length === 0) {
    throw notFound(`${field}: none of the orders is open (unknown, or already final)`);
  }
  for (const order of open) engine.cancel(order);
  return { status: CANCEL_ALL_SENT };
}

const byId = (orders: Map<number, Order>, account: Account, id: string) => {
  const order = orders.get(Number(id));
  return order?.account === account ? order : undefined;
};

export const batchCancelRoutes: Route[] = [
  {
    endpoint: 'DELETE /v1/batch-order',
    handle: ({ state, engine, account, query }) => {
      const ids = idList(query, 'order_ids', CANCEL_ORDERS_QUERY.order_ids);
      return cancelSome(
        engine,
        'order_ids',
        ids.map((id) => byId(state.orders, account!, id)),
      );
    },
  },
  {
    endpoint: 'DELETE /v1/client/batch-order',
    handle: ({ engine, account, query }) => {
      const ids = idList(query, 'client_order_ids', CANCEL_CLIENT_ORDERS_QUERY.client_order_ids);
      return cancelSome(
        engine,
        'client_order_ids',
        ids.map((id) => account!.ordersByClientId.get(id)),
      );
    },
  },
];
