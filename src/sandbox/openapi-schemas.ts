/**
 * What the route table (router.ts) does not say about each sandbox endpoint, for the OpenAPI
 * description (openapi.ts): its operation id, summary, the JSON schemas of its body, query
 * and response `data`. Keyed `METHOD path` exactly as the route table writes them; a test
 * (test/sandbox/openapi.test.ts) fails when a route has no entry or an entry no route, and
 * when query names or body presence disagree with the route.
 */
import {
  BATCH_ORDERS_MAX,
  CANCEL_BATCH_MAX,
  CLIENT_ORDER_ID_MAX,
  LEVEL_MAX,
  LEVEL_MIN,
  MAX_REBATE_RATE_MAX,
  ORDER_PAGE_SIZE_MAX,
  ORDER_TAG_MAX,
} from '../spec/constants.ts';
import {
  MARGIN_MODES,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
  ORDER_STATUSES,
  ORDER_TYPES,
  REFERRAL_SORTS,
  SIDES,
} from '../upstream/types.ts';

export type Schema = Record<string, unknown>;

export interface RouteDoc {
  operationId: string;
  summary: string;
  /** Request body (JSON); present exactly when the route takes one. */
  body?: Schema;
  /** Query parameters by name; `required` lists the mandatory ones. */
  query?: { properties: Record<string, Schema>; required?: readonly string[] };
  /** Path parameters by name (default: a string). */
  params?: Record<string, Schema>;
  /** Schema of the envelope's `data`; omitted when the answer carries none. */
  data?: Schema;
}

const str = (extra: Schema = {}): Schema => ({ type: 'string', ...extra });
const num = (extra: Schema = {}): Schema => ({ type: 'number', ...extra });
const int = (extra: Schema = {}): Schema => ({ type: 'integer', ...extra });
/** Milliseconds since the epoch: beyond GraphQL's 32-bit Int, so generators need the format. */
const millis = (extra: Schema = {}): Schema => int({ format: 'int64', ...extra });
const bool: Schema = { type: 'boolean' };
const nullable = (schema: Schema): Schema => ({ ...schema, nullable: true });
const list = (items: Schema, extra: Schema = {}): Schema => ({ type: 'array', items, ...extra });
const oneOf = (values: readonly string[]): Schema => ({ type: 'string', enum: [...values] });
const numberMap: Schema = { type: 'object', additionalProperties: { type: 'number' } };
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
/** An object: every property of `required` is required, those of `optional` are not. */
const obj = (required: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema => ({
  type: 'object',
  properties: { ...required, ...optional },
  ...(Object.keys(required).length > 0 ? { required: Object.keys(required) } : {}),
});

const ORDER_SIGNATURE = str({
  pattern: '^[0-9a-fA-F]{130}$',
  description: 'Order signature (secp256k1, r‖s‖v as 130 hex characters) over the other fields',
});
const symbol = str({ example: 'PERP_ETH_USDC' });
const date = str({ format: 'date', example: '2026-11-23' });
const feeRate = num({ minimum: 0, maximum: 1, multipleOf: 0.00001 });

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
  OrderParams: obj(
    { symbol, order_type: oneOf(ORDER_TYPES), side: oneOf(SIDES) },
    {
      client_order_id: nullable(str({ maxLength: CLIENT_ORDER_ID_MAX })),
      order_price: num({ exclusiveMinimum: true, minimum: 0 }),
      order_quantity: num({ exclusiveMinimum: true, minimum: 0 }),
      order_amount: num({ exclusiveMinimum: true, minimum: 0 }),
      visible_quantity: num({ minimum: 0 }),
      reduce_only: bool,
      slippage: num({ exclusiveMinimum: true, minimum: 0, maximum: 1 }),
      order_tag: str({ maxLength: ORDER_TAG_MAX }),
      level: int({ minimum: LEVEL_MIN, maximum: LEVEL_MAX }),
      post_only_adjust: bool,
      margin_mode: oneOf(MARGIN_MODES),
      signature: ORDER_SIGNATURE,
    },
  ),
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

const orderStatus = (kind: string) => ({ data: ref('Status'), summary: kind });
const cancelQuery = (idField: string, idSchema: Schema) => ({
  properties: { [idField]: idSchema, symbol, signature: ORDER_SIGNATURE },
  required: [idField, 'symbol', 'signature'],
});
const idsQuery = (field: string, what: string) => ({
  properties: {
    [field]: str({ description: `1 to ${CANCEL_BATCH_MAX} ${what}, comma-separated` }),
    signature: ORDER_SIGNATURE,
  },
  required: [field, 'signature'],
});
const pageQuery = (max: number) => ({
  page: int({ minimum: 1, default: 1 }),
  size: int({ minimum: 1, maximum: max }),
});
const faultConfig: Schema = {
  type: 'object',
  description: 'Fault modes (src/sandbox/faults.ts): latency, 5xx, HTML, resets, bad JSON, 429s',
  additionalProperties: true,
};
const faultState = obj({ config: nullable(faultConfig), injected: int() });

/** The svc REST endpoints (routes/*.ts), by `METHOD path`. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /v1/client/info': {
    operationId: 'clientInfo',
    summary: 'The authenticated account: fee rates, leverage, margin factors',
    data: ref('AccountInfo'),
  },
  'POST /v1/client/margin_mode': {
    operationId: 'setMarginMode',
    summary: "Sets a symbol's default margin mode (no position and no pending order)",
    body: obj({ symbol, default_margin_mode: oneOf(MARGIN_MODES) }),
  },
  'POST /v1/order': {
    operationId: 'createOrder',
    summary: 'Places one order (request signature, trading key and order signature)',
    body: { ...ref('OrderParams') },
    data: ref('OrderCreated'),
  },
  'GET /v1/client/order/:client_order_id': {
    operationId: 'orderByClientOrderId',
    summary: 'One order of the account by its client order id',
    data: ref('OrderRecord'),
  },
  'POST /v1/batch-order': {
    operationId: 'createBatchOrder',
    summary: `Places 1 to ${BATCH_ORDERS_MAX} orders, each with its own order signature`,
    body: obj({ orders: list(ref('OrderParams'), { minItems: 1, maxItems: BATCH_ORDERS_MAX }) }),
    data: obj({
      rows: list(
        obj({
          success: bool,
          order_id: nullable(int()),
          client_order_id: nullable(str()),
          order_type: nullable(str()),
          order_price: nullable(num()),
          order_quantity: nullable(num()),
          order_amount: nullable(num()),
          error_message: str(),
        }),
      ),
    }),
  },
  'PUT /v1/order': {
    operationId: 'editOrder',
    summary: "Changes an open order's price and quantity (EDIT_SENT)",
    body: obj(
      {
        order_id: { oneOf: [str({ pattern: '^\\d+$' }), int({ minimum: 1 })] },
        symbol,
        side: oneOf(SIDES),
        order_type: oneOf(ORDER_TYPES),
        order_price: num({ exclusiveMinimum: true, minimum: 0 }),
        order_quantity: num({ exclusiveMinimum: true, minimum: 0 }),
        signature: ORDER_SIGNATURE,
      },
      { client_order_id: str(), reduce_only: bool, visible_quantity: num({ minimum: 0 }) },
    ),
    data: ref('Status'),
  },
  'DELETE /v1/order': {
    operationId: 'cancelOrder',
    ...orderStatus('Cancels one order by order id (CANCEL_SENT)'),
    query: cancelQuery('order_id', int({ minimum: 1 })),
  },
  'DELETE /v1/client/order': {
    operationId: 'cancelOrderByClientOrderId',
    ...orderStatus('Cancels one order by client order id (CANCEL_SENT)'),
    query: cancelQuery('client_order_id', str()),
  },
  'DELETE /v1/orders': {
    operationId: 'cancelAllOrders',
    ...orderStatus('Cancels every open order, optionally of one symbol (CANCEL_ALL_SENT)'),
    query: { properties: { symbol, signature: ORDER_SIGNATURE }, required: ['signature'] },
  },
  'DELETE /v1/batch-order': {
    operationId: 'cancelBatchOrder',
    ...orderStatus('Cancels orders by order id (CANCEL_ALL_SENT)'),
    query: idsQuery('order_ids', 'order ids'),
  },
  'DELETE /v1/client/batch-order': {
    operationId: 'cancelBatchOrderByClientOrderId',
    ...orderStatus('Cancels orders by client order id (CANCEL_ALL_SENT)'),
    query: idsQuery('client_order_ids', 'client order ids'),
  },
  'GET /v1/orders': {
    operationId: 'listOrders',
    summary: "The account's orders, filtered, sorted and paged",
    query: {
      properties: {
        symbol,
        side: oneOf(SIDES),
        order_type: oneOf(ORDER_TYPES),
        status: oneOf(ORDER_STATUS_FILTERS),
        order_tag: str({ maxLength: ORDER_TAG_MAX }),
        start_t: millis({ minimum: 0, description: 'created at or after (ms)' }),
        end_t: millis({ minimum: 0, description: 'created at or before (ms)' }),
        ...pageQuery(ORDER_PAGE_SIZE_MAX),
        sort_by: oneOf(ORDER_SORTS),
      },
    },
    data: obj({ meta: ref('PageMeta'), rows: list(ref('OrderRecord')) }),
  },
  'GET /v1/order/:order_id': {
    operationId: 'orderById',
    summary: 'One order of the account by order id',
    params: { order_id: int({ minimum: 1 }) },
    data: ref('OrderRecord'),
  },
  'GET /v1/positions': {
    operationId: 'positions',
    summary: "The account's margin figures and one row per (symbol, margin mode)",
    data: obj({
      free_collateral: num(),
      total_collateral_value: num(),
      margin_ratio: num(),
      initial_margin_ratio: num(),
      maintenance_margin_ratio: num(),
      open_margin_ratio: num(),
      total_pnl_24_h: num(),
      rows: list(ref('PositionRow')),
    }),
  },
  'GET /v1/position/:symbol': {
    operationId: 'position',
    summary: "The account's position in one symbol",
    data: ref('PositionRow'),
  },
  'GET /v1/client/holding': {
    operationId: 'holding',
    summary: "The account's token balances",
    query: { properties: { all: oneOf(['true', 'false']) } },
    data: obj({
      holding: list(
        obj({
          token: str(),
          holding: num(),
          frozen: num(),
          pending_short: num(),
          updated_time: millis(),
        }),
      ),
    }),
  },
  'POST /v2/internal_transfer': {
    operationId: 'internalTransfer',
    summary: 'Moves USDC to another account (wallet-signed message)',
    body: obj({
      signature: str(),
      userAddress: str(),
      verifyingContract: str(),
      message: obj({
        receiver: str({ pattern: '^0x[0-9a-fA-F]+$' }),
        token: str({ enum: ['USDC'] }),
        amount: { oneOf: [num(), str()] },
        transferNonce: str({ pattern: '^\\d+$' }),
        chainId: str({ pattern: '^\\d+$' }),
        chainType: oneOf(['EVM', 'SOL']),
      }),
    }),
    data: obj({ internal_transfer_request_id: int() }),
  },
  'GET /v1/withdraw_nonce': {
    operationId: 'withdrawNonce',
    summary: 'A fresh withdrawal nonce',
    data: obj({ withdraw_nonce: int() }),
  },
  'GET /v1/public/sv_nonce': {
    operationId: 'strategyVaultNonce',
    summary: 'A fresh strategy-vault nonce (public)',
    data: obj({ nonce: int() }),
  },
  'POST /v1/broker/fee_rate/default': {
    operationId: 'setDefaultFeeRates',
    summary: "Sets the broker's default fee rates (administrator)",
    body: obj(
      { maker_fee_rate: feeRate, taker_fee_rate: feeRate },
      { rwa_maker_fee_rate: feeRate, rwa_taker_fee_rate: feeRate },
    ),
  },
  'PUT /v1/broker/order_enum/:enum_id': {
    operationId: 'setOrderTagFeeConfig',
    summary: 'Creates or changes an order-tag fee configuration (administrator)',
    params: { enum_id: str({ pattern: '^[A-Z0-9_]+$' }) },
    body: obj(
      {},
      {
        name: str({ maxLength: 100 }),
        description: str({ maxLength: 500 }),
        default_fee_rate: feeRate,
        pair_overrides: nullable(numberMap),
      },
    ),
  },
  'POST /v1/referral/create': {
    operationId: 'createReferralCode',
    summary: 'Creates a referral code for an account (administrator)',
    body: obj({
      account_id: str(),
      referral_code: str(),
      max_rebate_rate: num({ minimum: 0, maximum: MAX_REBATE_RATE_MAX }),
      referrer_rebate_rate: num({ minimum: 0, maximum: 1 }),
      referee_rebate_rate: num({ minimum: 0, maximum: 1 }),
    }),
  },
  'POST /v1/referral/multi_level/admin/update/affiliate': {
    operationId: 'setAffiliateRebateRate',
    summary: "Sets affiliates' rebate rate (administrator)",
    body: obj({ rebate_rate: num({ minimum: 0, maximum: 1 }), account_ids: list(str()) }),
  },
  'GET /v1/referral/admin_info': {
    operationId: 'referralAdminInfo',
    summary: 'Referrers with their codes and figures (administrator)',
    query: {
      properties: {
        ...pageQuery(100),
        user_address: str(),
        account_id: str(),
        sort_by: oneOf(REFERRAL_SORTS),
      },
    },
    data: obj({
      rows: list(
        obj({
          account_id: str(),
          user_address: str(),
          number_of_codes: str(),
          total_invites: int(),
          total_traded: int(),
          referee_volume: num(),
          referee_fee: num(),
          svc_fee: num(),
          referral_codes: list(
            obj({
              code: str(),
              max_rebate_rate: num(),
              referrer_rebate_rate: num(),
              referee_rebate_rate: num(),
              total_referrer_rebate: num(),
              total_referee_rebate: num(),
            }),
          ),
        }),
      ),
      meta: ref('PageMeta'),
    }),
  },
  'GET /v1/referral/referee_rebate_summary': {
    operationId: 'refereeRebateSummary',
    summary: "The account's daily referee rebates",
    query: { properties: { start_date: date, end_date: date } },
    data: obj({ rows: list(obj({ referee_rebate: num(), date: str() })) }),
  },
  'POST /v1/admin/points/stage': {
    operationId: 'upsertPointsStage',
    summary: 'Creates a points stage (no stage_id) or updates one (administrator)',
    body: obj(
      {},
      {
        stage_id: { oneOf: [int({ minimum: 1 }), str({ enum: [''] })] },
        stage_name: str({ maxLength: 100 }),
        start_date: date,
        end_date: date,
        volume_boost: num({ minimum: 0 }),
        pnl_boost: num({ minimum: 0 }),
        l1_referral_boost: num({ minimum: 0 }),
        l2_referral_boost: num({ minimum: 0 }),
        is_continous: bool,
      },
    ),
  },
};

/** The sandbox's own control endpoints (control.ts), unauthenticated. */
export const CONTROL_DOCS: Record<string, RouteDoc> = {
  'GET /sandbox/openapi.json': {
    operationId: 'sandboxOpenApi',
    summary: 'This description (the document itself, without the envelope)',
  },
  'GET /sandbox/markets/:symbol': {
    operationId: 'sandboxBook',
    summary: "A market's mid price and order book",
    data: ref('Book'),
  },
  'POST /sandbox/markets/:symbol/mid': {
    operationId: 'sandboxSetMid',
    summary: "Moves a market's mid price; resting orders it crosses fill",
    body: obj({ price: num({ exclusiveMinimum: true, minimum: 0 }) }),
    data: obj({ symbol: str(), mid: num(), crossed: list(ref('OrderRecord')) }),
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
  'GET /sandbox/accounts/:account_id/orders': {
    operationId: 'sandboxAccountOrders',
    summary: "An account's orders, every status, oldest first",
    data: obj({ rows: list(ref('OrderRecord')) }),
  },
};
