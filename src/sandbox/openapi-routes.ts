/**
 * What the contract's rows (`contract/endpoints.ts`) do not say about each endpoint, for the
 * sandbox's OpenAPI description (openapi.ts): its operation id, summary and the JSON schemas
 * of its body, query and response `data`. Keyed by route string, so an endpoint without a
 * description does not compile.
 */
import {
  BATCH_ORDERS_MAX,
  CANCEL_BATCH_MAX,
  ORDER_PAGE_SIZE_MAX,
  ORDER_TAG_MAX,
} from '../contract/constants.ts';
import type { EndpointKey } from '../contract/endpoints.ts';
import {
  MARGIN_MODES,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
  ORDER_TYPES,
  SIDES,
} from '../contract/wire.ts';
import { ALGO_DOCS } from './openapi-algo.ts';
import { BROKER_DOCS } from './openapi-broker.ts';
import { MARKET_DOCS } from './openapi-market.ts';
import {
  bool,
  int,
  list,
  millis,
  nullable,
  num,
  ORDER_SIGNATURE,
  obj,
  oneOf,
  pageQuery,
  type RouteDoc,
  ref,
  type Schema,
  str,
  symbol,
} from './openapi-schemas.ts';

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

/** Every endpoint of the contract, by its route string. */
export const ROUTE_DOCS = {
  ...BROKER_DOCS,
  ...MARKET_DOCS,
  ...ALGO_DOCS,
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
  'GET /v1/client/order/{client_order_id}': {
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
  'GET /v1/order/{order_id}': {
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
  'GET /v1/position/{symbol}': {
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
} satisfies Record<EndpointKey, RouteDoc>;
