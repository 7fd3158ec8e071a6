/**
 * Batch cancels: up to 10 orders by exchange ids (DELETE /v1/batch-order) or client ids
 * (DELETE /v1/client/batch-order). Unknown or final orders are skipped; none open is 400.
 */
import { CANCEL_ALL_SENT, CANCEL_BATCH_MAX } from '../../contract/constants.ts';
import { invalid, notFound } from '../errors.ts';
import { isPending } from '../records.ts';
import type { Route } from '../router.ts';
import type { Account, Order } from '../state.ts';
import type { TradingEngine } from '../trading.ts';
import type { Fields } from '../validation.ts';

/** A comma-separated list of 1 to 10 distinct ids. */
function idList(query: Fields, field: string, form: (id: string) => boolean, rule: string) {
  const text = query.requiredString(field);
  const ids = text.split(',');
  if (ids.length > CANCEL_BATCH_MAX) {
    throw invalid(field, `at most ${CANCEL_BATCH_MAX} ids, comma-separated (got ${ids.length})`);
  }
  ids.forEach((id, i) => {
    if (!form(id)) throw invalid(`${field}[${i}]`, rule);
  });
  if (new Set(ids).size !== ids.length) throw invalid(field, 'an id is given more than once');
  return ids;
}

const positiveInteger = (id: string) =>
  /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) && Number(id) > 0;

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
      const ids = idList(query, 'order_ids', positiveInteger, 'must be a positive integer');
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
      const ids = idList(query, 'client_order_ids', (id) => id !== '', 'must not be empty');
      return cancelSome(
        engine,
        'client_order_ids',
        ids.map((id) => account!.ordersByClientId.get(id)),
      );
    },
  },
];
