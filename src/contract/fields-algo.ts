/**
 * Body and query fields of the algo-order and leverage endpoints (reference/
 * market-algo-risk-facts.md §3 and §4; docs/algo-orders.md), by wire name. Which fields an
 * algo type takes and requires, and every rule that depends on the market or the account, are
 * the sandbox's (sandbox/algo/parse*.ts): a table names every field any type takes.
 */

import { LEVERAGE_MAX, LEVERAGE_MIN, ORDER_TAG_MAX } from './constants.ts';
import type { FieldTable } from './field-types.ts';
import {
  BOOLEAN,
  CLIENT_ORDER_ID,
  int,
  list,
  ORDER_ID,
  ORDER_SIGNATURE,
  ORDER_TAG,
  oneOf,
  POSITIVE,
  required,
  SYMBOL,
  text,
} from './fields.ts';
import { LIST_ORDERS_QUERY } from './fields-orders.ts';
import {
  ALGO_LEG_ORDER_TYPES,
  ALGO_LEG_TYPES,
  ALGO_ORDER_TYPES,
  ALGO_STATUS_FILTERS,
  ALGO_TYPES,
  TRIGGER_PRICE_TYPES,
} from './wire-algo.ts';
import { MARGIN_MODES, SIDES } from './wire-orders.ts';

/** Every object of an algo tree carries its own order signature (signature placement `tree`). */
const SIGNATURE = required(ORDER_SIGNATURE);
const TRIGGER_PRICE_TYPE = oneOf(TRIGGER_PRICE_TYPES);
/** An algo order id in a body: a number or its decimal text. */
const ALGO_ID = required({ ...ORDER_ID, numericString: true });
/** `child_orders`: one or two objects (a bracket has one child, a TP/SL group two legs). */
const children = (fields: FieldTable) =>
  list({ of: { kind: 'object', fields }, minItems: 1, maxItems: 2 });

/** A take-profit or stop-loss leg. */
export const ALGO_LEG = {
  symbol: required(SYMBOL),
  algo_type: required(oneOf(ALGO_LEG_TYPES)),
  side: oneOf(SIDES),
  type: oneOf(ALGO_LEG_ORDER_TYPES),
  trigger_price: POSITIVE,
  price: POSITIVE,
  reduce_only: BOOLEAN,
  trigger_price_type: TRIGGER_PRICE_TYPE,
  is_activated: BOOLEAN,
  signature: SIGNATURE,
} as const;

/** An item of the root's `child_orders`: a leg, or a BRACKET's TP/SL child nesting its legs. */
const CHILD = {
  ...ALGO_LEG,
  algo_type: required(oneOf([...ALGO_LEG_TYPES, 'TP_SL', 'POSITIONAL_TP_SL'])),
  child_orders: children(ALGO_LEG),
} as const;

/** TRAILING_STOP: snake_case, or the camelCase the SDK sends (the same value if both). */
const TRAILING = {
  activated_price: POSITIVE,
  callback_rate: { ...POSITIVE, about: 'a fraction below 1 (0.1 = 10 %)' },
  callback_value: POSITIVE,
  activatedPrice: POSITIVE,
  callbackRate: { ...POSITIVE, about: 'a fraction below 1 (0.1 = 10 %)' },
  callbackValue: POSITIVE,
} as const;

/** POST /v1/algo/order. */
export const ALGO_ORDER_BODY = {
  symbol: required(SYMBOL),
  algo_type: required(oneOf(ALGO_TYPES)),
  client_order_id: CLIENT_ORDER_ID,
  type: oneOf(ALGO_ORDER_TYPES),
  price: POSITIVE,
  quantity: POSITIVE,
  trigger_price_type: TRIGGER_PRICE_TYPE,
  trigger_price: POSITIVE,
  reduce_only: BOOLEAN,
  visible_quantity: BOOLEAN,
  side: oneOf(SIDES),
  order_tag: ORDER_TAG,
  child_orders: children(CHILD),
  margin_mode: oneOf(MARGIN_MODES),
  ...TRAILING,
  signature: SIGNATURE,
} as const;

/** A leg of an edit: its new prices and quantity, or its switch. */
export const EDIT_ALGO_LEG = {
  order_id: ALGO_ID,
  trigger_price: POSITIVE,
  price: POSITIVE,
  quantity: POSITIVE,
  is_activated: BOOLEAN,
  trigger_price_type: TRIGGER_PRICE_TYPE,
  signature: SIGNATURE,
} as const;

/** PUT /v1/algo/order: an untriggered algo order's new prices and quantity, legs' switches. */
export const EDIT_ALGO_ORDER_BODY = {
  order_id: ALGO_ID,
  price: POSITIVE,
  quantity: POSITIVE,
  trigger_price: POSITIVE,
  trigger_price_type: TRIGGER_PRICE_TYPE,
  child_orders: children(EDIT_ALGO_LEG),
  signature: SIGNATURE,
} as const;

export const CANCEL_ALGO_ORDER_QUERY = {
  order_id: required(ORDER_ID),
  symbol: required(SYMBOL),
  signature: SIGNATURE,
} as const;

export const CANCEL_ALGO_CLIENT_ORDER_QUERY = {
  client_order_id: required(CLIENT_ORDER_ID),
  symbol: required(SYMBOL),
  signature: SIGNATURE,
} as const;

export const CANCEL_ALGO_ORDERS_QUERY = {
  symbol: SYMBOL,
  algo_type: { ...oneOf(ALGO_TYPES), about: 'STOP also cancels TP_SL and POSITIONAL_TP_SL' },
  signature: SIGNATURE,
} as const;

/** GET /v1/algo/orders: filters, created-time bounds (ms, inclusive) and the page. */
export const LIST_ALGO_ORDERS_QUERY = {
  symbol: SYMBOL,
  order_type: oneOf(ALGO_ORDER_TYPES),
  status: oneOf(ALGO_STATUS_FILTERS),
  order_tag: text({ maxLength: ORDER_TAG_MAX }),
  start_t: LIST_ORDERS_QUERY.start_t,
  end_t: LIST_ORDERS_QUERY.end_t,
  page: int({ min: 1, default: 1 }),
  size: LIST_ORDERS_QUERY.size,
  side: oneOf(SIDES),
  algo_type: oneOf(ALGO_TYPES),
  is_triggered: oneOf(['true', 'false']),
} as const;

/** GET /v1/client/leverage; `margin_mode` defaults to CROSS. */
export const LEVERAGE_QUERY = {
  symbol: required(SYMBOL),
  margin_mode: oneOf(MARGIN_MODES),
} as const;

/** POST /v1/client/leverage(s): without `symbol`, every symbol (each capped at its maximum). */
export const LEVERAGE_BODY = {
  symbol: SYMBOL,
  leverage: required(int({ min: LEVERAGE_MIN, max: LEVERAGE_MAX })),
  margin_mode: oneOf(MARGIN_MODES),
} as const;
