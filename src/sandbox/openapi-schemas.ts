/**
 * The JSON schemas the OpenAPI description (openapi.ts) shares between endpoints, the
 * builders of the endpoint docs (openapi-routes.ts) and the docs of the control endpoints.
 * A test (test/integration/sandbox/openapi.test.ts) fails when query names or body presence
 * disagree with the contract's rows.
 */
import { ORDER_BODY } from '../contract/fields-orders.ts';
import { MARGIN_MODES, ORDER_STATUSES, ORDER_TYPES, SIDES } from '../contract/wire.ts';
import { ACTIVITY_MAX_RATE } from './market/activity.ts';
import { objectSchema } from './openapi-fields.ts';

export type Schema = Record<string, unknown>;

export interface RouteDoc {
  operationId: string;
  summary: string;
  /**
   * Request body (JSON); present exactly when the route takes one. A contract route's is
   * generated from its row's field rules (openapi-fields.ts) unless given here.
   */
  body?: Schema;
  /** Query parameters by name (control routes; a contract route's come from its row). */
  query?: { properties: Record<string, Schema>; required?: readonly string[] };
  /** Descriptions added to the generated schemas of a contract route's fields, by name. */
  fields?: Record<string, Schema>;
  /** Path parameters by name (default: a string). */
  params?: Record<string, Schema>;
  /** Schema of the envelope's `data`; omitted when the answer carries none. */
  data?: Schema;
  /** The answer itself when it has no envelope (TradingView's kline history). */
  raw?: Schema;
}

export const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
export const num = (extra: Schema = {}): Schema => ({ type: 'number', ...extra });
export const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
/** Milliseconds since the epoch: beyond GraphQL's 32-bit Int, so generators need the format. */
export const millis = (extra: Schema = {}): Schema => int({ format: 'int64', ...extra });
export const bool: Schema = { type: 'boolean' };
export const nullable = (schema: Schema): Schema => ({ ...schema, nullable: true });
export const list = (items: Schema, extra: Schema = {}): Schema => ({
  type: 'array',
  items,
  ...extra,
});
export const oneOf = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });
export const numberMap: Schema = { type: 'object', additionalProperties: { type: 'number' } };
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
/** An object: every property of `required` is required, those of `optional` are not. */
export const obj = (
  required: Record<string, Schema>,
  optional: Record<string, Schema> = {},
): Schema => ({
  type: 'object',
  properties: { ...required, ...optional },
  ...(Object.keys(required).length > 0 ? { required: Object.keys(required) } : {}),
});

export const symbol = str({ example: 'PERP_ETH_USDC' });

/** Shared shapes, under `components.schemas`. */
export const COMPONENT_SCHEMAS: Record<string, Schema> = {
  AccountInfo: obj(
    {
      account_id: str(),
      email: str(),
      account_mode: str({ description: 'FUTURES' }),
      max_leverage: num(),
      taker_fee_rate: num(),
      maker_fee_rate: num(),
      futures_taker_fee_rate: num(),
      futures_maker_fee_rate: num(),
      maintenance_cancel_orders: bool,
      imr_factor: numberMap,
    },
    { rwa_taker_fee_rate: num(), rwa_maker_fee_rate: num(), max_notional: numberMap },
  ),
  /** POST /v1/order's body, from its row's field rules. */
  OrderParams: objectSchema(ORDER_BODY),
  OrderCreated: obj({
    order_id: int(),
    client_order_id: nullable(str()),
    order_type: oneOf(ORDER_TYPES),
    order_price: nullable(num()),
    order_quantity: nullable(num()),
    error_message: str(),
  }),
  OrderRecord: obj({
    order_id: int(),
    user_id: int(),
    price: nullable(num()),
    type: oneOf(ORDER_TYPES),
    quantity: nullable(num()),
    amount: nullable(num()),
    total_executed_quantity: num(),
    visible_quantity: nullable(num()),
    symbol: str(),
    side: oneOf(SIDES),
    status: oneOf(ORDER_STATUSES),
    total_fee: num(),
    fee_asset: str(),
    client_order_id: str({ description: 'empty when the order has none' }),
    average_executed_price: nullable(num()),
    created_time: millis(),
    updated_time: millis(),
    realized_pnl: num(),
    executed_quantity: num(),
    visible: num(),
    executed: num(),
    reduce_only: nullable(bool),
    order_tag: nullable(str()),
    margin_mode: oneOf(MARGIN_MODES),
  }),
  PageMeta: obj({ records_per_page: int(), current_page: int(), total: int() }),
  PositionRow: obj({
    symbol: str(),
    position_qty: num({ description: 'negative: short' }),
    cost_position: num(),
    average_open_price: num(),
    mark_price: num(),
    est_liq_price: nullable(num()),
    unsettled_pnl: num(),
    pnl_24_h: num(),
    fee_24_h: num(),
    pending_long_qty: num(),
    pending_short_qty: num(),
    leverage: num(),
    margin_mode: oneOf(MARGIN_MODES),
    imr: num(),
    mmr: num(),
    timestamp: millis(),
  }),
  Status: obj({ status: str({ example: 'CANCEL_SENT' }) }),
  Level: obj({ price: num(), quantity: num() }),
  Book: obj({ symbol: str(), mid: num(), bids: list(ref('Level')), asks: list(ref('Level')) }),
  /** Every answer that is not a success: `success` false, an error code and a message. */
  Error: obj(
    {
      success: { type: 'boolean', enum: [false] },
      code: { oneOf: [int(), str()], description: 'usually a number, e.g. -1005' },
      message: str(),
    },
    { timestamp: millis() },
  ),
};

const faultConfig: Schema = {
  type: 'object',
  description: 'Fault modes (src/sandbox/faults.ts): latency, 5xx, HTML, resets, bad JSON, 429s',
  additionalProperties: true,
};
const faultState = obj({ config: nullable(faultConfig), injected: int() });
const activityRate = num({ minimum: 0, maximum: ACTIVITY_MAX_RATE, default: 0 });

/** The sandbox's own control endpoints (control.ts), unauthenticated. */
export const CONTROL_DOCS: Record<string, RouteDoc> = {
  'GET /sandbox/openapi.json': {
    operationId: 'sandboxOpenApi',
    summary: 'This description (the document itself, without the envelope)',
  },
  'GET /sandbox/markets/{symbol}': {
    operationId: 'sandboxBook',
    summary: "A market's mid price and its whole book (synthetic levels and resting orders)",
    data: ref('Book'),
  },
  'POST /sandbox/markets/{symbol}/activity': {
    operationId: 'sandboxSetActivity',
    summary: `Synthetic book changes and trades per second (0 stops; at most ${ACTIVITY_MAX_RATE} each)`,
    body: obj({}, { bookUpdatesPerSecond: activityRate, tradesPerSecond: activityRate }),
    data: obj({ symbol: str(), bookUpdatesPerSecond: num(), tradesPerSecond: num() }),
  },
  'POST /sandbox/markets/{symbol}/mid': {
    operationId: 'sandboxSetMid',
    summary: "Moves a market's mid price; resting orders it crosses fill",
    body: obj({ price: num({ exclusiveMinimum: true, minimum: 0 }) }),
    data: obj({ symbol: str(), mid: num(), crossed: list(ref('OrderRecord')) }),
  },
  'POST /sandbox/markets/{symbol}/book-gap': {
    operationId: 'sandboxBookGap',
    summary:
      "Breaks a market's order book update chain once: the next update is withheld, so the " +
      "one after it does not continue the clients' books (answers the ts they last saw)",
    data: obj({ symbol: str(), ts: millis() }),
  },
  'GET /sandbox/faults': {
    operationId: 'sandboxFaults',
    summary: 'The active fault configuration and how many requests it faulted',
    data: faultState,
  },
  'POST /sandbox/faults': {
    operationId: 'sandboxSetFaults',
    summary: 'Switches fault modes on',
    body: faultConfig,
    data: faultState,
  },
  'DELETE /sandbox/faults': {
    operationId: 'sandboxClearFaults',
    summary: 'Switches every fault mode off',
    data: faultState,
  },
  'GET /sandbox/accounts/{account_id}/cancel-all-after': {
    operationId: 'sandboxCancelAllAfter',
    summary:
      "An account's dead-man switch (POST /v1/order/cancel_all_after): armed, its delay, when it fires",
    data: obj({ armed: bool, trigger_after: int(), expected_trigger_time: millis() }),
  },
  'POST /sandbox/cancel-all-after/speed': {
    operationId: 'sandboxCancelAllAfterSpeed',
    summary:
      'Runs the delays of switches armed from now on faster (tests: at 10, trigger_after 5000 fires after 500 ms)',
    body: obj({ speed: num({ minimum: 1, maximum: 1000 }) }),
    data: obj({ speed: num() }),
  },
  'GET /sandbox/accounts/{account_id}/orders': {
    operationId: 'sandboxAccountOrders',
    summary: "An account's orders, every status, oldest first",
    data: obj({ rows: list(ref('OrderRecord')) }),
  },
};
