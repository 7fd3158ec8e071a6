/**
 * What the contract's rows (`contract/endpoints.ts`) do not say about each endpoint, for the
 * sandbox's OpenAPI description (openapi.ts): its operation id, summary and the JSON schema
 * of its response `data`. Body and query schemas come from the rows' field rules
 * (openapi-fields.ts). Keyed by route string, so an endpoint without a description does not
 * compile.
 */
import { BATCH_ORDERS_MAX } from '../contract/constants.ts';
import type { EndpointKey } from '../contract/endpoints.ts';
import { ALGO_DOCS } from './openapi-algo.ts';
import { BROKER_DOCS } from './openapi-broker.ts';
import { HISTORY_DOCS } from './openapi-history.ts';
import { MARKET_DOCS } from './openapi-market.ts';
import {
  bool,
  int,
  list,
  millis,
  nullable,
  num,
  obj,
  type RouteDoc,
  ref,
  str,
} from './openapi-schemas.ts';
import { WALLET_DOCS } from './openapi-wallet.ts';

const orderStatus = (kind: string) => ({ data: ref('Status'), summary: kind });

/** Every endpoint of the contract, by its route string. */
export const ROUTE_DOCS = {
  ...BROKER_DOCS,
  ...MARKET_DOCS,
  ...ALGO_DOCS,
  ...WALLET_DOCS,
  ...HISTORY_DOCS,
  'GET /v1/client/info': {
    operationId: 'clientInfo',
    summary: 'The authenticated account: fee rates, leverage, margin factors',
    data: ref('AccountInfo'),
  },
  'POST /v1/client/margin_mode': {
    operationId: 'setMarginMode',
    summary: "Sets a symbol's default margin mode (no position and no pending order)",
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
    data: ref('Status'),
  },
  'DELETE /v1/order': {
    operationId: 'cancelOrder',
    ...orderStatus('Cancels one order by order id (CANCEL_SENT)'),
  },
  'DELETE /v1/client/order': {
    operationId: 'cancelOrderByClientOrderId',
    ...orderStatus('Cancels one order by client order id (CANCEL_SENT)'),
  },
  'DELETE /v1/orders': {
    operationId: 'cancelAllOrders',
    ...orderStatus('Cancels every open order, optionally of one symbol (CANCEL_ALL_SENT)'),
  },
  'DELETE /v1/batch-order': {
    operationId: 'cancelBatchOrder',
    ...orderStatus('Cancels orders by order id (CANCEL_ALL_SENT)'),
  },
  'DELETE /v1/client/batch-order': {
    operationId: 'cancelBatchOrderByClientOrderId',
    ...orderStatus('Cancels orders by client order id (CANCEL_ALL_SENT)'),
  },
  'POST /v1/order/cancel_all_after': {
    operationId: 'cancelAllAfter',
    summary:
      "Arms the account's dead-man switch: unless called again within trigger_after ms, every order and algo order is cancelled; 0 turns it off",
    data: obj({
      expected_trigger_time: str({
        pattern: '^\\d+$',
        description: 'When it fires (ms); "0" when off',
      }),
    }),
  },
  'GET /v1/orders': {
    operationId: 'listOrders',
    summary: "The account's orders, filtered, sorted and paged",
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
    fields: {
      message: {
        description:
          'As the wallet signed it. The sandbox takes token USDC, chainType EVM or SOL and an account id (0x…) as receiver.',
      },
    },
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
