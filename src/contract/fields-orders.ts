/**
 * Body and query fields of the order endpoints (spec, POST /v1/order; upstream-facts.md,
 * "Order lifecycle operations"), by wire name. Rules that tie fields together (a price
 * unless MARKET, ASK or BID; level only for BID and ASK…) are each side's cross-field checks.
 */
import {
  BATCH_ORDERS_MAX,
  CANCEL_ALL_AFTER_MAX_MS,
  CANCEL_ALL_AFTER_MIN_MS,
  CANCEL_BATCH_MAX,
  ORDER_PAGE_SIZE_DEFAULT,
  ORDER_PAGE_SIZE_MAX,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
} from './constants.ts';
import {
  BOOLEAN,
  CLIENT_ORDER_ID,
  int,
  LEVEL,
  list,
  NON_NEGATIVE,
  ORDER_ID,
  ORDER_SIGNATURE,
  ORDER_TAG,
  oneOf,
  PAGE,
  POSITIVE,
  required,
  SLIPPAGE,
  SYMBOL,
} from './fields.ts';
import { MARGIN_MODES, ORDER_TYPES, SIDES } from './wire.ts';

const SIGNATURE = required(ORDER_SIGNATURE);

/** POST /v1/order, and each item of POST /v1/batch-order. */
export const ORDER_BODY = {
  symbol: required(SYMBOL),
  order_type: required(oneOf(ORDER_TYPES)),
  side: required(oneOf(SIDES)),
  client_order_id: CLIENT_ORDER_ID,
  order_price: POSITIVE,
  order_quantity: POSITIVE,
  order_amount: POSITIVE,
  visible_quantity: NON_NEGATIVE,
  reduce_only: BOOLEAN,
  slippage: SLIPPAGE,
  order_tag: ORDER_TAG,
  level: LEVEL,
  post_only_adjust: BOOLEAN,
  margin_mode: oneOf(MARGIN_MODES),
  signature: SIGNATURE,
} as const;

/** POST /v1/batch-order: 1 to 10 orders. */
export const BATCH_ORDER_BODY = {
  orders: required(
    list({ of: { kind: 'object', fields: ORDER_BODY }, minItems: 1, maxItems: BATCH_ORDERS_MAX }),
  ),
} as const;

/** PUT /v1/order: the order as placed, with the new price and quantity. */
export const EDIT_ORDER_BODY = {
  order_id: required({ ...ORDER_ID, numericString: true }),
  symbol: required(SYMBOL),
  side: required(oneOf(SIDES)),
  order_type: required(oneOf(ORDER_TYPES)),
  order_price: required(POSITIVE),
  order_quantity: required(POSITIVE),
  client_order_id: CLIENT_ORDER_ID,
  reduce_only: BOOLEAN,
  visible_quantity: NON_NEGATIVE,
  signature: SIGNATURE,
} as const;

export const CANCEL_ORDER_QUERY = {
  order_id: required(ORDER_ID),
  symbol: required(SYMBOL),
  signature: SIGNATURE,
} as const;

export const CANCEL_CLIENT_ORDER_QUERY = {
  client_order_id: required(CLIENT_ORDER_ID),
  symbol: required(SYMBOL),
  signature: SIGNATURE,
} as const;

export const CANCEL_ALL_QUERY = { symbol: SYMBOL, signature: SIGNATURE } as const;

/**
 * POST /v1/order/cancel_all_after: when no other call comes within `trigger_after` ms, every
 * ordinary and algo order of the account is cancelled; each call restarts the timer, 0 stops it.
 */
export const CANCEL_ALL_AFTER_BODY = {
  trigger_after: required(
    int({
      min: CANCEL_ALL_AFTER_MIN_MS,
      max: CANCEL_ALL_AFTER_MAX_MS,
      off: 0,
      about: 'Delay in ms before every order is cancelled; 0 turns the switch off',
    }),
  ),
} as const;

/** DELETE /v1/batch-order and /v1/client/batch-order: 1 to 10 distinct ids, comma-separated. */
const ids = <R extends typeof ORDER_ID | typeof CLIENT_ORDER_ID>(of: R) =>
  required(list({ of, minItems: 1, maxItems: CANCEL_BATCH_MAX, unique: 'an id' }));

export const CANCEL_ORDERS_QUERY = { order_ids: ids(ORDER_ID), signature: SIGNATURE } as const;
export const CANCEL_CLIENT_ORDERS_QUERY = {
  client_order_ids: ids(CLIENT_ORDER_ID),
  signature: SIGNATURE,
} as const;

/** GET /v1/orders: filters, created-time bounds (ms, inclusive), the page and the sort. */
export const LIST_ORDERS_QUERY = {
  symbol: SYMBOL,
  side: oneOf(SIDES),
  order_type: oneOf(ORDER_TYPES),
  status: oneOf(ORDER_STATUS_FILTERS),
  order_tag: ORDER_TAG,
  start_t: int({ min: 0, about: 'created at or after (ms)' }),
  end_t: int({ min: 0, about: 'created at or before (ms)' }),
  page: PAGE,
  size: int({ min: 1, max: ORDER_PAGE_SIZE_MAX, default: ORDER_PAGE_SIZE_DEFAULT }),
  sort_by: oneOf(ORDER_SORTS),
} as const;
