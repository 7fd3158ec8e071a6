/**
 * POST /v1/batch-order (upstream-facts.md, "Order lifecycle operations"): 1 to 10 orders,
 * each with its own order signature over its own fields, placed in order. The answer is one
 * row per item: an item that breaks a rule or a risk check is a row with `success: false`
 * and the reason, and the others are still placed.
 *
 * What fails the whole request instead (nothing placed): a malformed envelope (not
 * `{"orders": [...]}`, 0 or more than 10 items, an item that is not an object) and any bad
 * item signature (401 -1001): the signatures authenticate the request, and an
 * authentication failure is never a partial success. The limit: 1 request per second, and
 * each item also spends one of POST /v1/order's budget (its row's `perItem` in contract/endpoints.ts).
 */
import { BATCH_ORDER_BODY } from '../../contract/fields-orders.ts';
import { verifyOrder } from '../auth.ts';
import { invalid } from '../errors.ts';
import type { Route } from '../router.ts';
import { Fields, type Json } from '../validation.ts';
import { placeItem } from './batch-item.ts';
import { checkRecvWindow } from './orders.ts';

const { minItems: MIN, maxItems: MAX } = BATCH_ORDER_BODY.orders;

/** The items of a well-formed envelope (each item is read by parseOrder). */
function itemsOf(body: unknown): Json[] {
  const orders = Fields.body(body, BATCH_ORDER_BODY).raw('orders');
  if (!Array.isArray(orders) || orders.length < MIN || orders.length > MAX) {
    throw invalid('orders', `must be an array of ${MIN} to ${MAX} orders`);
  }
  orders.forEach((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw invalid(`orders[${i}]`, 'must be a JSON object');
    }
  });
  return orders as Json[];
}

export const batchRoutes: Route[] = [
  {
    endpoint: 'POST /v1/batch-order',
    items: (body) => {
      const orders = (body as { orders?: unknown } | null)?.orders;
      // A malformed envelope (refused below) spends nothing of the create-order budget.
      return Array.isArray(orders) && orders.length <= MAX ? orders.length : 0;
    },
    handle: ({ state, engine, account, body, headers, now, tradingKey }) => {
      checkRecvWindow(headers, now);
      const items = itemsOf(body);
      items.forEach((item, i) => {
        verifyOrder(tradingKey!, item, `orders[${i}].signature`);
      });
      return { rows: items.map((item, i) => placeItem(state, engine, account!, item, i)) };
    },
  },
];
