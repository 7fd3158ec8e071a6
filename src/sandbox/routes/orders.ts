/**
 * POST /v1/order, GET /v1/client/order/{client_order_id}, and the other order endpoints
 * whose shapes the spec leaves out (README, "Sandbox decisions"): POST /v1/batch-order,
 * PUT /v1/order, DELETE /v1/order, DELETE /v1/client/order, DELETE /v1/orders.
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  BATCH_ORDERS_MAX,
  CLIENT_ORDER_ID_MAX,
  CLIENT_ORDER_ID_PATTERN,
  LEVEL_MAX,
  LEVEL_MIN,
  ORDER_TAG_MAX,
  PRICELESS_ORDER_TYPES,
} from '../../spec/constants.ts';
import {
  MARGIN_MODES,
  ORDER_TYPES,
  type OrderCreated,
  type OrderRecord,
  type OrderType,
  SIDES,
} from '../../upstream/types.ts';
import { verifyOrder } from '../auth.ts';
import { duplicate, invalid, notFound, unauthorized } from '../errors.ts';
import type { Route } from '../router.ts';
import type { Account, Order, SandboxState } from '../state.ts';
import type { OrderRequest } from '../trading.ts';
import { checkSymbol, Fields } from '../validation.ts';

const ORDER_FIELDS = [
  'symbol',
  'order_type',
  'side',
  'client_order_id',
  'order_price',
  'order_quantity',
  'order_amount',
  'visible_quantity',
  'reduce_only',
  'slippage',
  'order_tag',
  'level',
  'post_only_adjust',
  'margin_mode',
  'signature',
] as const;
const PRICELESS: readonly OrderType[] = PRICELESS_ORDER_TYPES;
export const MAX_BATCH_ORDERS = BATCH_ORDERS_MAX;

/** Validates one order's parameters (every rule of the spec's POST /v1/order table). */
export function parseOrder(
  state: SandboxState,
  account: Account,
  body: unknown,
  prefix = '',
): OrderRequest {
  const f = Fields.body(body, ORDER_FIELDS, prefix);
  const name = (field: string) => prefix + field;
  const symbol = f.requiredString('symbol');
  checkSymbol(name('symbol'), symbol, state.symbolKnown);
  const type = f.oneOf('order_type', ORDER_TYPES, true)!;
  const side = f.oneOf('side', SIDES, true)!;
  const clientOrderId = f.string('client_order_id', { max: CLIENT_ORDER_ID_MAX });
  if (clientOrderId !== undefined && !CLIENT_ORDER_ID_PATTERN.test(clientOrderId)) {
    throw invalid(
      name('client_order_id'),
      'at most 36 characters without spaces; a hyphen is allowed but not as the first character',
    );
  }
  const priceless = PRICELESS.includes(type);
  const price = f.number('order_price', { positive: true, required: !priceless });
  const quantity = f.number('order_quantity', { positive: true });
  const amount = f.number('order_amount', { positive: true });
  if (amount !== undefined && !priceless) {
    throw invalid(name('order_amount'), 'only for MARKET, ASK and BID orders');
  }
  if (amount !== undefined && quantity !== undefined) {
    throw invalid(name('order_amount'), 'give order_quantity or order_amount, not both');
  }
  if (amount === undefined && quantity === undefined) {
    throw invalid(
      name('order_quantity'),
      priceless ? 'is required (or order_amount)' : 'is required',
    );
  }
  const visibleQuantity = f.number('visible_quantity', { min: 0 });
  if (visibleQuantity !== undefined) {
    if (type === 'POST_ONLY') {
      throw invalid(name('visible_quantity'), 'not supported for POST_ONLY orders');
    }
    if (quantity !== undefined && visibleQuantity > quantity) {
      throw invalid(name('visible_quantity'), 'must not exceed order_quantity');
    }
  }
  const reduceOnly = f.boolean('reduce_only') ?? false;
  const slippage = f.number('slippage', { positive: true, max: 1 });
  const orderTag = f.string('order_tag', { max: ORDER_TAG_MAX });
  if (orderTag !== undefined) checkOrderTag(state, name('order_tag'), orderTag);
  const level = f.number('level', { integer: true, min: LEVEL_MIN, max: LEVEL_MAX });
  if (level !== undefined && type !== 'BID' && type !== 'ASK') {
    throw invalid(name('level'), 'allowed only when order_type is BID or ASK');
  }
  const postOnlyAdjust = f.boolean('post_only_adjust');
  if (postOnlyAdjust !== undefined && type !== 'POST_ONLY') {
    throw invalid(name('post_only_adjust'), 'allowed only when order_type is POST_ONLY');
  }
  const marginMode = f.oneOf('margin_mode', MARGIN_MODES);
  if (clientOrderId !== undefined && account.ordersByClientId.has(clientOrderId)) {
    throw duplicate(`${name('client_order_id')}: ${clientOrderId} is already used by this account`);
  }
  return {
    symbol,
    side,
    type,
    clientOrderId: clientOrderId ?? null,
    ...(priceless ? {} : { price }),
    quantity,
    amount,
    visibleQuantity,
    reduceOnly,
    slippage,
    orderTag,
    level,
    postOnlyAdjust: postOnlyAdjust ?? false,
    marginMode,
  };
}

/** A plain referral code, or `enum:<enum_id>` of an existing order-tag fee configuration. */
function checkOrderTag(state: SandboxState, field: string, tag: string): void {
  if (tag.startsWith('enum:')) {
    if (!state.orderTags.has(tag.slice(5))) {
      throw invalid(field, `no order tag fee configuration ${tag.slice(5)}`);
    }
  } else if (!state.referralCodes.has(tag)) {
    throw invalid(field, 'must be an existing referral code or enum:<enum_id>');
  }
}

/** `x-recv-window`: the order is refused once older than this many milliseconds. */
function checkRecvWindow(headers: IncomingHttpHeaders, now: number): void {
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

export function created(order: Order): OrderCreated {
  return {
    order_id: order.orderId,
    client_order_id: order.clientOrderId,
    order_type: order.type,
    order_price: order.price,
    order_quantity: order.quantity,
    error_message: order.message,
  };
}

export function orderRecord(order: Order): OrderRecord {
  const executed = order.executedQuantity;
  return {
    order_id: order.orderId,
    user_id: order.account.userId,
    price: order.price,
    type: order.type,
    quantity: order.quantity,
    amount: order.amount,
    total_executed_quantity: executed,
    visible_quantity: order.visibleQuantity,
    symbol: order.symbol,
    side: order.side,
    status: order.status,
    total_fee: order.totalFee,
    fee_asset: order.symbol.split('_')[2] ?? 'USDC',
    client_order_id: order.clientOrderId ?? '',
    average_executed_price:
      executed > 0 ? Number((order.executedNotional / executed).toFixed(8)) : null,
    created_time: order.createdTime,
    updated_time: order.updatedTime,
    realized_pnl: order.realizedPnl,
    executed_quantity: executed,
    visible: order.visibleQuantity ?? 0,
    executed,
    reduce_only: order.reduceOnly,
    order_tag: order.orderTag,
    margin_mode: order.marginMode,
  };
}

function ownOrder(state: SandboxState, account: Account, orderId: number, symbol: string): Order {
  const order = state.orders.get(orderId);
  if (!order || order.account !== account || order.symbol !== symbol) {
    throw notFound(`order_id: no order ${orderId} in ${symbol}`);
  }
  return order;
}

export const orderRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/order',
    auth: 'order',
    body: true,
    orderParams: 'body',
    handle: ({ state, engine, account, body, headers, now }) => {
      checkRecvWindow(headers, now);
      return created(engine.place(account!, parseOrder(state, account!, body)));
    },
  },
  {
    method: 'POST',
    path: '/v1/batch-order',
    auth: 'order',
    body: true,
    orderParams: 'handler',
    items: (body) => {
      const orders = (body as { orders?: unknown } | null)?.orders;
      return Array.isArray(orders) ? Math.min(orders.length, MAX_BATCH_ORDERS) : 0;
    },
    handle: ({ state, engine, account, body, headers, now, tradingKey }) => {
      checkRecvWindow(headers, now);
      const f = Fields.body(body, ['orders']);
      const orders = f.raw('orders');
      if (!Array.isArray(orders) || orders.length === 0 || orders.length > MAX_BATCH_ORDERS) {
        throw invalid('orders', `must be an array of 1 to ${MAX_BATCH_ORDERS} orders`);
      }
      orders.forEach((order, i) => {
        verifyOrder(tradingKey!, order as Record<string, unknown>, `orders[${i}].signature`);
      });
      const requests = orders.map((order, i) =>
        parseOrder(state, account!, order, `orders[${i}].`),
      );
      const ids = requests.flatMap((r) => (r.clientOrderId === null ? [] : [r.clientOrderId]));
      if (new Set(ids).size !== ids.length)
        throw duplicate('orders: client_order_id repeated in the batch');
      return { rows: requests.map((r) => created(engine.place(account!, r))) };
    },
  },
  {
    method: 'PUT',
    path: '/v1/order',
    auth: 'order',
    body: true,
    orderParams: 'body',
    handle: ({ state, engine, account, body }) => {
      const f = Fields.body(body, [...ORDER_FIELDS, 'order_id']);
      const orderId = f.requiredNumber('order_id', { integer: true, positive: true });
      const symbol = f.requiredString('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      const order = ownOrder(state, account!, orderId, symbol);
      const fixed: Record<string, unknown> = {
        order_type: order.type,
        side: order.side,
        client_order_id: order.clientOrderId,
        order_tag: order.orderTag,
        margin_mode: order.marginMode,
        reduce_only: order.reduceOnly,
      };
      for (const [field, current] of Object.entries(fixed)) {
        const given = f.raw(field);
        if (given !== undefined && given !== current) {
          throw invalid(field, 'cannot be changed after placement');
        }
      }
      const price = f.number('order_price', { positive: true });
      const quantity = f.number('order_quantity', { positive: true });
      if (price === undefined && quantity === undefined) {
        throw invalid('order_price', 'give order_price or order_quantity to change');
      }
      engine.edit(order, { price, quantity });
      return { status: 'EDIT_SENT' };
    },
  },
  {
    method: 'DELETE',
    path: '/v1/order',
    auth: 'order',
    query: ['order_id', 'symbol', 'signature'],
    orderParams: 'query',
    handle: ({ state, engine, account, query }) => {
      const orderId = query.requiredNumber('order_id', { integer: true, positive: true });
      const symbol = query.requiredString('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      engine.cancel(ownOrder(state, account!, orderId, symbol));
      return { status: 'CANCEL_SENT' };
    },
  },
  {
    method: 'DELETE',
    path: '/v1/client/order',
    auth: 'order',
    query: ['client_order_id', 'symbol', 'signature'],
    orderParams: 'query',
    handle: ({ state, engine, account, query }) => {
      const clientOrderId = query.requiredString('client_order_id');
      const symbol = query.requiredString('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      const order = account!.ordersByClientId.get(clientOrderId);
      if (!order || order.symbol !== symbol) {
        throw notFound(`client_order_id: no order ${clientOrderId} in ${symbol}`);
      }
      engine.cancel(order);
      return { status: 'CANCEL_SENT' };
    },
  },
  {
    method: 'DELETE',
    path: '/v1/orders',
    auth: 'order',
    query: ['symbol', 'signature'],
    orderParams: 'query',
    handle: ({ state, engine, account, query }) => {
      const symbol = query.string('symbol');
      if (symbol !== undefined) checkSymbol('symbol', symbol, state.symbolKnown);
      for (const order of state.pendingOrders(account!, symbol)) engine.cancel(order);
      return { status: 'CANCEL_ALL_SENT' };
    },
  },
  {
    method: 'GET',
    path: '/v1/client/order/:client_order_id',
    auth: 'private',
    handle: ({ account, params }) => {
      const id = params.client_order_id!;
      const order = account!.ordersByClientId.get(id);
      if (!order) throw notFound(`client_order_id: no order ${id} for this account`);
      return orderRecord(order);
    },
  },
];
