/**
 * OpenAPI descriptions of the algo-order and leverage rows (contract/endpoints-algo.ts): their
 * answers (bodies and queries are generated from the rows' field tables, openapi-fields.ts),
 * and the `AlgoOrder` component (recursive: a root nests its legs in `child_orders`).
 */
import { LEVERAGE_MAX, LEVERAGE_MIN } from '../contract/constants.ts';
import {
  ALGO_LEG_ORDER_TYPES,
  ALGO_LEG_TYPES,
  ALGO_STATUSES,
  ALGO_TYPES,
  TRIGGER_PRICE_TYPES,
} from '../contract/wire-algo.ts';
import { MARGIN_MODES, SIDES } from '../contract/wire-orders.ts';
import {
  bool,
  int,
  list,
  millis,
  nullable,
  num,
  obj,
  oneOf,
  type RouteDoc,
  ref,
  type Schema,
  str,
  symbol,
} from './openapi-schemas.ts';

/** A nullable enum lists null among its values (OpenAPI 3.0.3). */
const nullableOneOf = (values: readonly string[]): Schema => ({
  type: 'string',
  enum: [...values, null],
  nullable: true,
});
const anyAlgoType = oneOf([...ALGO_TYPES, ...ALGO_LEG_TYPES]);
const status = oneOf(ALGO_STATUSES);

/** One algo order, root or leg; a root nests its legs. */
export const ALGO_ORDER_SCHEMA: Schema = obj({
  algo_order_id: int(),
  client_order_id: nullable(str()),
  root_algo_order_id: int(),
  parent_algo_order_id: int({ description: '0 for a root' }),
  parent_algo_type: nullableOneOf(ALGO_TYPES),
  symbol: str(),
  algo_type: anyAlgoType,
  side: nullableOneOf(SIDES),
  type: nullableOneOf(ALGO_LEG_ORDER_TYPES),
  quantity: num(),
  price: nullable(num()),
  trigger_price: nullable(num()),
  trigger_price_type: oneOf(TRIGGER_PRICE_TYPES),
  algo_status: status,
  root_algo_status: status,
  root_algo_order_status: status,
  is_triggered: bool,
  is_activated: bool,
  reduce_only: bool,
  visible_quantity: nullable(num()),
  order_tag: nullable(str()),
  margin_mode: oneOf(MARGIN_MODES),
  fee_asset: str(),
  executed_quantity: num(),
  total_executed_quantity: num(),
  average_executed_price: nullable(num()),
  total_fee: num(),
  realized_pnl: num(),
  trigger_time: nullable(millis()),
  activated_price: nullable(num()),
  callback_rate: nullable(num()),
  callback_value: nullable(num()),
  extreme_price: nullable(num()),
  created_time: millis(),
  updated_time: millis(),
  child_orders: list(ref('AlgoOrder')),
});

const leverageSetting = obj({
  symbol,
  margin_mode: oneOf(MARGIN_MODES),
  leverage: int({ minimum: LEVERAGE_MIN, maximum: LEVERAGE_MAX }),
});
const leverageUpdated = obj(
  { margin_mode: oneOf(MARGIN_MODES), leverage: int() },
  { symbol: str({ description: 'absent when every symbol was set' }) },
);
const statusData = ref('Status');

export const ALGO_DOCS = {
  'POST /v1/algo/order': {
    operationId: 'createAlgoOrder',
    summary: 'Places an algo order: STOP, TP_SL, POSITIONAL_TP_SL, BRACKET or TRAILING_STOP',
    data: obj({
      order_id: int(),
      client_order_id: nullable(str()),
      algo_type: oneOf(ALGO_TYPES),
      quantity: num(),
    }),
  },
  'PUT /v1/algo/order': {
    operationId: 'editAlgoOrder',
    summary: "Changes an untriggered algo order's prices, quantity or legs' switches",
    data: statusData,
  },
  'DELETE /v1/algo/order': {
    operationId: 'cancelAlgoOrder',
    summary: 'Cancels an algo order (a root with its legs, or one leg)',
    data: statusData,
  },
  'DELETE /v1/algo/client/order': {
    operationId: 'cancelAlgoOrderByClientOrderId',
    summary: 'Cancels an algo order by its client order id',
    data: statusData,
  },
  'DELETE /v1/algo/orders': {
    operationId: 'cancelAlgoOrders',
    summary: 'Cancels every open algo order, optionally of one symbol and type',
    data: statusData,
  },
  'GET /v1/algo/orders': {
    operationId: 'listAlgoOrders',
    summary: 'Algo orders of the account (roots, legs nested), newest first',
    data: obj({ meta: ref('PageMeta'), rows: list(ref('AlgoOrder')) }),
  },
  'GET /v1/algo/order/{order_id}': {
    operationId: 'algoOrderById',
    summary: 'One algo order by id (a root with its legs, or a leg)',
    params: { order_id: int({ minimum: 1 }) },
    data: ref('AlgoOrder'),
  },
  'GET /v1/algo/client/order/{client_order_id}': {
    operationId: 'algoOrderByClientOrderId',
    summary: 'One algo order by its client order id',
    data: ref('AlgoOrder'),
  },
  'GET /v1/client/leverage': {
    operationId: 'leverage',
    summary: "The account's leverage in a symbol and margin mode (default CROSS)",
    data: leverageSetting,
  },
  'GET /v1/client/leverages': {
    operationId: 'leverages',
    summary: "The account's leverage in every symbol and margin mode",
    data: obj({ rows: list(leverageSetting) }),
  },
  'POST /v1/client/leverages': {
    operationId: 'setLeverages',
    summary: 'Sets the leverage of a symbol, or of every symbol (each capped at its maximum)',
    data: leverageUpdated,
  },
  'POST /v1/client/leverage': {
    operationId: 'setLeverage',
    summary: 'The same update on the path the official SDK posts to',
    data: leverageUpdated,
  },
} satisfies Record<string, RouteDoc>;
