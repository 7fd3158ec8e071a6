/**
 * POST /v1/order and GET /v1/client/order/{client_order_id}, and the order parsing the other
 * order routes share (batch.ts, edit.ts, cancel.ts, order-list.ts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  CLIENT_ORDER_ID_MAX,
  CLIENT_ORDER_ID_RULES,
  LEVEL_MAX,
  LEVEL_MIN,
  ORDER_TAG_MAX,
  PRICELESS_ORDER_TYPES,
} from '../../contract/constants.ts';
import { MARGIN_MODES, ORDER_TYPES, type OrderType, SIDES } from '../../contract/wire.ts';
import { duplicate, invalid, notFound, unauthorized } from '../errors.ts';
import { created, orderRecord } from '../records.ts';
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
  const broken = clientOrderId && CLIENT_ORDER_ID_RULES.find((check) => !check.test(clientOrderId));
  if (broken) throw invalid(name('client_order_id'), broken.message);
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
    handle: ({ account, params }) => {
      const id = params.client_order_id!;
      const order = account!.ordersByClientId.get(id);
      if (!order) throw notFound(`client_order_id: no order ${id} for this account`);
      return orderRecord(order);
    },
  },
];
