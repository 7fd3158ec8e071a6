/**
 * The query of GET /v1/orders: filters (symbol, side, type, status group, tag, created-time
 * bounds, both inclusive), the page, its size and the sort.
 */
import {
  ORDER_SORT_DEFAULT,
  ORDER_STATUS_GROUPS,
  type OrderStatusFilter,
  type SpecOrderStatus,
} from '../../contract/constants.ts';
import { LIST_ORDERS_QUERY } from '../../contract/fields-orders.ts';
import { invalid } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import { checkSymbol, type Fields } from '../validation.ts';

/**
 * The statuses a filter matches, as the orders read. INCOMPLETE (NEW + PARTIAL_FILLED) also
 * takes an order reading REPLACED right after an edit: it is still open, and the open-order
 * list a screen starts from must not lose it for that moment.
 */
function statusesOf(filter: OrderStatusFilter): readonly SpecOrderStatus[] {
  if (filter === 'INCOMPLETE') return [...ORDER_STATUS_GROUPS.INCOMPLETE, 'REPLACED'];
  return filter === 'COMPLETED' ? ORDER_STATUS_GROUPS[filter] : [filter];
}

/** The checked query; a broken rule is 400 naming the field. */
export function parseOrderListQuery(state: SandboxState, fields: Fields) {
  const query = fields.of(LIST_ORDERS_QUERY);
  const symbol = query.read('symbol');
  if (symbol !== undefined) checkSymbol('symbol', symbol, state.symbolKnown);
  const side = query.read('side');
  const type = query.read('order_type');
  const status = query.read('status');
  const tag = query.read('order_tag');
  const start = query.read('start_t');
  const end = query.read('end_t');
  if (start !== undefined && end !== undefined && start > end) {
    throw invalid('start_t', 'must not be after end_t');
  }
  const page = query.read('page');
  const size = query.read('size');
  const sort = query.read('sort_by') ?? ORDER_SORT_DEFAULT;
  const statuses = status === undefined ? undefined : statusesOf(status);
  return { symbol, side, type, statuses, tag, start, end, page, size, sort };
}
