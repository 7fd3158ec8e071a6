/**
 * Algo reads (market-algo-risk-facts.md §3): GET /v1/algo/orders (roots, their legs nested,
 * newest first, ties by id; offset paging), one algo order by id or client order id (a root
 * with its tree, or a leg). Filters combine with AND; `start_t`/`end_t` bound created_time,
 * both inclusive. `status` compares the root's status, except INCOMPLETE (anything of the tree
 * can still change: a bracket whose order filled while its TP/SL waits) and COMPLETED (nothing
 * can). `algo_type` takes the enum's names.
 */
import { ORDER_PAGE_FIRST, ORDER_TAG_MAX } from '../../contract/constants.ts';
import { LIST_ALGO_ORDERS_QUERY } from '../../contract/fields-algo.ts';
import {
  ALGO_ORDER_TYPES,
  ALGO_STATUS_FILTERS,
  ALGO_TYPES,
  type AlgoStatusFilter,
} from '../../contract/wire-algo.ts';
import { SIDES } from '../../contract/wire-orders.ts';
import { algoRow } from '../algo/rows.ts';
import { type AlgoOrder, isOpen } from '../algo/types.ts';
import { invalid, notFound } from '../errors.ts';
import type { Route } from '../router.ts';
import { checkSymbol, type Fields } from '../validation.ts';

function statusMatches(root: AlgoOrder, filter: AlgoStatusFilter | undefined): boolean {
  if (filter === undefined) return true;
  if (filter === 'INCOMPLETE') return isOpen(root);
  if (filter === 'COMPLETED') return !isOpen(root);
  return root.status === filter;
}

function filterOf(query: Fields, known: (s: string) => boolean) {
  const symbol = query.string('symbol');
  if (symbol !== undefined) checkSymbol('symbol', symbol, known);
  const type = query.oneOf('order_type', ALGO_ORDER_TYPES);
  const status = query.oneOf('status', ALGO_STATUS_FILTERS);
  const tag = query.string('order_tag', { max: ORDER_TAG_MAX });
  const start = query.of(LIST_ALGO_ORDERS_QUERY).read('start_t');
  const end = query.of(LIST_ALGO_ORDERS_QUERY).read('end_t');
  if (start !== undefined && end !== undefined && start > end) {
    throw invalid('start_t', 'must not be after end_t');
  }
  const side = query.oneOf('side', SIDES);
  const algoType = query.oneOf('algo_type', ALGO_TYPES);
  const triggered = query.oneOf('is_triggered', ['true', 'false']);
  return (o: AlgoOrder) =>
    (symbol === undefined || o.symbol === symbol) &&
    (type === undefined || o.type === type) &&
    statusMatches(o, status) &&
    (tag === undefined || o.orderTag === tag) &&
    (start === undefined || o.createdTime >= start) &&
    (end === undefined || o.createdTime <= end) &&
    (side === undefined || o.side === side) &&
    (algoType === undefined || o.algoType === algoType) &&
    (triggered === undefined || String(o.isTriggered) === triggered);
}

function idOf(text: string): number {
  const id = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(id) || id <= 0) {
    throw invalid('order_id', 'must be a positive integer');
  }
  return id;
}

export const algoReadRoutes: Route[] = [
  {
    endpoint: 'GET /v1/algo/orders',
    handle: ({ state, account, query }) => {
      const matches = filterOf(query, state.symbolKnown);
      const page = query.number('page', { integer: true, min: ORDER_PAGE_FIRST }) ?? 1;
      const size = query.of(LIST_ALGO_ORDERS_QUERY).read('size');
      const rows = state.algo
        .rootsOf(account!)
        .filter(matches)
        .sort((a, b) => b.createdTime - a.createdTime || b.algoOrderId - a.algoOrderId);
      const from = (page - 1) * size;
      return {
        meta: { total: rows.length, records_per_page: size, current_page: page },
        rows: rows.slice(from, from + size).map(algoRow),
      };
    },
  },
  {
    endpoint: 'GET /v1/algo/order/{order_id}',
    handle: ({ state, account, params }) => {
      const node = state.algo.byId.get(idOf(params.order_id!));
      if (!node || node.account !== account) {
        throw notFound(`order_id: no algo order ${params.order_id} for this account`);
      }
      return algoRow(node);
    },
  },
  {
    endpoint: 'GET /v1/algo/client/order/{client_order_id}',
    handle: ({ state, account, params }) => {
      const id = params.client_order_id!;
      const node = state.algo.byClientId(account!, id);
      if (!node) throw notFound(`client_order_id: no algo order ${id} for this account`);
      return algoRow(node);
    },
  },
];
