/**
 * POST /v1/order and GET /v1/client/order/{client_order_id}, and the checks the other order
 * routes share (batch.ts, edit.ts, cancel.ts, order-list.ts); order-parse.ts reads the order.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { invalid, notFound, unauthorized } from '../errors.ts';
import { created, orderRecord } from '../records.ts';
import type { Route } from '../router.ts';
import type { Account, Order, SandboxState } from '../state.ts';
import { parseOrder } from './order-parse.ts';

/** `x-recv-window`: the order is refused once older than this many milliseconds. */
export function checkRecvWindow(headers: IncomingHttpHeaders, now: number): void {
  const text = headers['x-recv-window'];
  if (text === undefined) return;
  const window = Number(text);
  if (typeof text !== 'string' || !/^\d+$/.test(text) || window <= 0) {
    throw invalid('x-recv-window', 'must be a positive integer (milliseconds)');
  }
  if (now - Number(headers['svc-timestamp']) > window) {
    throw unauthorized('request expired: older than x-recv-window');
  }
}

/** The account's order `orderId` in `symbol`, or 400 -1006. */
export function ownOrder(
  state: SandboxState,
  account: Account,
  orderId: number,
  symbol: string,
): Order {
  const order = state.orders.get(orderId);
  if (!order || order.account !== account || order.symbol !== symbol) {
    throw notFound(`order_id: no order ${orderId} in ${symbol}`);
  }
  return order;
}

export const orderRoutes: Route[] = [
  {
    endpoint: 'POST /v1/order',
    handle: ({ state, engine, account, body, headers, now }) => {
      checkRecvWindow(headers, now);
      return created(engine.place(account!, parseOrder(state, account!, body)));
    },
  },
  {
    endpoint: 'GET /v1/client/order/{client_order_id}',
    handle: ({ account, params, now }) => {
      const id = params.client_order_id!;
      const order = account!.ordersByClientId.get(id);
      if (!order) throw notFound(`client_order_id: no order ${id} for this account`);
      return orderRecord(order, now);
    },
  },
];
