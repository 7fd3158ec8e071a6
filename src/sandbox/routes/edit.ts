/**
 * PUT /v1/order (upstream-facts.md, "Order lifecycle operations"): changes the price and
 * quantity of a resting order. Order-signed over every non-null body field but `signature`
 * (the pipeline verifies it). `order_id` may be a decimal string (as documented) or a number.
 * The other fields must describe the order as placed: only price and quantity can change.
 */
import { EDIT_SENT, EDITABLE_ORDER_FIELDS } from '../../contract/constants.ts';
import { ORDER_TYPES, SIDES } from '../../contract/wire.ts';
import { invalid } from '../errors.ts';
import type { Route } from '../router.ts';
import { checkSymbol, Fields } from '../validation.ts';
import { ownOrder } from './orders.ts';

const EDIT_FIELDS = [
  'order_id',
  'symbol',
  'side',
  'order_type',
  'order_price',
  'order_quantity',
  'client_order_id',
  'reduce_only',
  'visible_quantity',
  'signature',
] as const;

export const editRoutes: Route[] = [
  {
    endpoint: 'PUT /v1/order',
    handle: ({ state, engine, account, body }) => {
      const f = Fields.body(body, EDIT_FIELDS);
      const orderId = f.requiredNumber('order_id', {
        integer: true,
        positive: true,
        numericString: true,
      });
      const symbol = f.requiredString('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      const side = f.oneOf('side', SIDES, true);
      const type = f.oneOf('order_type', ORDER_TYPES, true);
      const price = f.requiredNumber('order_price', { positive: true });
      const quantity = f.requiredNumber('order_quantity', { positive: true });
      const clientOrderId = f.string('client_order_id');
      const reduceOnly = f.boolean('reduce_only');
      const visible = f.number('visible_quantity', { min: 0 });
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
