/**
 * The query of GET /v1/orders: filters (symbol, side, type, status group, tag, created-time
 * bounds, both inclusive), the page, its size and the sort.
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
  type OrderStatusFilter,
  type SpecOrderStatus,
} from '../../contract/constants.ts';
import { ORDER_TYPES, SIDES } from '../../contract/wire.ts';
import { invalid } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import { checkSymbol, type Fields } from '../validation.ts';

function statusesOf(filter: OrderStatusFilter): readonly SpecOrderStatus[] {
  return filter === 'INCOMPLETE' || filter === 'COMPLETED' ? ORDER_STATUS_GROUPS[filter] : [filter];
}

/** The checked query; a broken rule is 400 naming the field. */
export function parseOrderListQuery(state: SandboxState, query: Fields) {
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
  return { symbol, side, type, statuses, tag, start, end, page, size, sort };
}
