/**
 * PUT /v1/order (upstream-facts.md, "Order lifecycle operations"): changes the price and
 * quantity of a resting order. Order-signed over every non-null body field but `signature`
 * (the pipeline verifies it). `order_id` may be a decimal string (as documented) or a number.
 * The other fields must describe the order as placed: only price and quantity can change.
 */
import { EDIT_SENT, EDITABLE_ORDER_FIELDS } from '../../contract/constants.ts';
import { EDIT_ORDER_BODY } from '../../contract/fields-orders.ts';
import { invalid } from '../errors.ts';
import type { Route } from '../router.ts';
import { checkSymbol, Fields } from '../validation.ts';
import { ownOrder } from './orders.ts';

export const editRoutes: Route[] = [
  {
    endpoint: 'PUT /v1/order',
    handle: ({ state, engine, account, body }) => {
      const f = Fields.body(body, EDIT_ORDER_BODY);
      const orderId = f.read('order_id');
      const symbol = f.read('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      const side = f.read('side');
      const type = f.read('order_type');
      const price = f.read('order_price');
      const quantity = f.read('order_quantity');
      const clientOrderId = f.read('client_order_id');
      const reduceOnly = f.read('reduce_only');
      const visible = f.read('visible_quantity');
      const order = ownOrder(state, account!, orderId, symbol);
      const fixed: [string, unknown, unknown][] = [
        ['side', side, order.side],
        ['order_type', type, order.type],
        ['client_order_id', clientOrderId, order.clientOrderId],
        ['reduce_only', reduceOnly, order.reduceOnly],
        ['visible_quantity', visible, order.visibleQuantity],
      ];
      for (const [field, given, current] of fixed) {
        if (given !== undefined && given !== current) {
          throw invalid(
            field,
            `cannot be changed after placement (is ${String(current)}); only ${EDITABLE_ORDER_FIELDS.join(' and ')} can`,
          );
        }
      }
      engine.edit(order, { price, quantity });
      return { status: EDIT_SENT };
    },
  },
];
