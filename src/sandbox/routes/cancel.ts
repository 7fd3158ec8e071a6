/**
 * Cancels (upstream-facts.md, "Order lifecycle operations"): one order by exchange or client
 * id, or every open order (optionally of one symbol); cancel-batch.ts cancels by id lists.
 * Each is order-signed over its query parameters (the pipeline verifies `signature` against
 * them). The answers are acknowledgements: the order itself reads CANCELLED at once here.
 */
import { CANCEL_ALL_SENT, CANCEL_SENT } from '../../contract/constants.ts';
import {
  CANCEL_ALL_QUERY,
  CANCEL_CLIENT_ORDER_QUERY,
  CANCEL_ORDER_QUERY,
} from '../../contract/fields-orders.ts';
import { notFound } from '../errors.ts';
import type { Route } from '../router.ts';
import { checkSymbol } from '../validation.ts';
import { ownOrder } from './orders.ts';

export const cancelRoutes: Route[] = [
  {
    endpoint: 'DELETE /v1/order',
    handle: ({ state, engine, account, query }) => {
      const q = query.of(CANCEL_ORDER_QUERY);
      const orderId = q.read('order_id');
      const symbol = q.read('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      engine.cancel(ownOrder(state, account!, orderId, symbol));
      return { status: CANCEL_SENT };
    },
  },
  {
    endpoint: 'DELETE /v1/client/order',
    handle: ({ state, engine, account, query }) => {
      const q = query.of(CANCEL_CLIENT_ORDER_QUERY);
      const clientOrderId = q.read('client_order_id');
      const symbol = q.read('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      const order = account!.ordersByClientId.get(clientOrderId);
      if (!order || order.symbol !== symbol) {
        throw notFound(`client_order_id: no order ${clientOrderId} in ${symbol}`);
      }
      engine.cancel(order);
      return { status: CANCEL_SENT };
    },
  },
  {
    endpoint: 'DELETE /v1/orders',
    handle: ({ state, engine, account, query }) => {
      const symbol = query.of(CANCEL_ALL_QUERY).read('symbol');
      if (symbol !== undefined) checkSymbol('symbol', symbol, state.symbolKnown);
      for (const order of state.pendingOrders(account!, symbol)) engine.cancel(order);
      return { status: CANCEL_ALL_SENT };
    },
  },
];
