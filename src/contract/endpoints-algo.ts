/**
 * The algo-order and leverage rows of the endpoint table (reference/market-algo-risk-facts.md
 * §3 and §4), spread into ENDPOINTS. Limits are the facts' [OA] figures; docs/algo-orders.md
 * has the choices made where the facts are UNVERIFIED.
 */
import { ORDER_STATE, perSecond, READ, SECOND } from './endpoint-parts.ts';
import type { Endpoint } from './endpoint-types.ts';
import * as algo from './fields-algo.ts';

/**
 * An algo mutation. Order signature: the facts' EVM API lists none for algo orders and the
 * NEAR-era list predates them (UNVERIFIED), so the spec's rule applies: "every order carries
 * a secp256k1 signature" and the trading key goes with every trading action. Every algo order
 * of a tree (root, legs, a bracket's TP/SL child) is an order, so each object of the body
 * carries its own signature over its own fields but `child_orders` (`tree`). A trigger may
 * place orders or cancel them, so any algo change makes the order state stale.
 */
const algoWrite = {
  auth: 'trading',
  signature: 'tree',
  cache: null,
  invalidates: ORDER_STATE,
  data: ['status'],
} as const;

/** An algo cancel: signed over its query like the order cancels. */
const algoCancel = {
  auth: 'trading',
  signature: 'query',
  idempotency: 'naturally-idempotent',
  cache: null,
  invalidates: ORDER_STATE,
  data: ['status'],
} as const;

/** A leverage update: read scope suffices (the facts' key-scope note), no order signature. */
const leverageWrite = {
  auth: 'private',
  signature: 'none',
  idempotency: 'naturally-idempotent',
  body: algo.LEVERAGE_BODY,
  cache: null,
  // A position's leverage shows in its row; free collateral follows the margin.
  invalidates: ['leverage', 'positions'],
  data: ['leverage'],
} as const;

export const ALGO_ENDPOINTS = {
  // [OA] 1 req/s (the Python connector's docstring says 10). A repeat is refused by its
  // client_order_id (-1007), which the gateway always sends: `keyed`.
  'POST /v1/algo/order': {
    ...algoWrite,
    name: 'createAlgoOrder',
    body: algo.ALGO_ORDER_BODY,
    idempotency: 'keyed',
    data: ['order_id'],
    limit: perSecond(1, 'facts'),
    budget: 'algo_order_create',
  },
  'PUT /v1/algo/order': {
    ...algoWrite,
    name: 'editAlgoOrder',
    body: algo.EDIT_ALGO_ORDER_BODY,
    idempotency: 'naturally-idempotent',
    limit: perSecond(5, 'facts'),
    budget: 'algo_order_edit',
  },
  'DELETE /v1/algo/order': {
    ...algoCancel,
    name: 'cancelAlgoOrder',
    query: algo.CANCEL_ALGO_ORDER_QUERY,
    limit: perSecond(5, 'facts'),
    budget: 'algo_order_cancel',
  },
  'DELETE /v1/algo/client/order': {
    ...algoCancel,
    name: 'cancelAlgoOrderByClientOrderId',
    query: algo.CANCEL_ALGO_CLIENT_ORDER_QUERY,
    limit: perSecond(5, 'facts'),
    budget: 'algo_client_order_cancel',
  },
  'DELETE /v1/algo/orders': {
    ...algoCancel,
    name: 'cancelAlgoOrders',
    query: algo.CANCEL_ALGO_ORDERS_QUERY,
    limit: perSecond(5, 'facts'),
    budget: 'algo_orders_cancel',
  },
  // Triggers fire on mark moves: the list is cached as briefly as the order lists ('live'),
  // dropped by every algo or order mutation and by the account's stream events.
  'GET /v1/algo/orders': {
    ...READ,
    cache: { group: 'algoOrders', ttl: 'live' },
    name: 'listAlgoOrders',
    query: algo.LIST_ALGO_ORDERS_QUERY,
    data: ['rows', 'meta'],
    limit: perSecond(5, 'facts'),
    budget: 'algo_orders',
  },
  'GET /v1/algo/order/{order_id}': {
    ...READ,
    name: 'algoOrderById',
    data: ['algo_order_id'],
    limit: perSecond(10, 'facts'),
    budget: 'algo_order',
  },
  'GET /v1/algo/client/order/{client_order_id}': {
    ...READ,
    name: 'algoOrderByClientOrderId',
    data: ['algo_order_id'],
    limit: perSecond(10, 'facts'),
    budget: 'algo_client_order',
  },
  // [OA]: 1 req/s per IP: one gateway-wide budget, so the setting is cached per account.
  'GET /v1/client/leverage': {
    ...READ,
    cache: { group: 'leverage', ttl: 'account' },
    name: 'leverage',
    query: algo.LEVERAGE_QUERY,
    data: ['leverage'],
    limit: { ...perSecond(1, 'facts'), scope: 'ip' },
    budget: 'client_leverage',
  },
  'GET /v1/client/leverages': {
    ...READ,
    cache: { group: 'leverage', ttl: 'account' },
    name: 'leverages',
    data: ['rows'],
    limit: perSecond(10, 'default'),
  },
  // Which update path the live server serves is UNVERIFIED: both are served, same body and
  // rules. [OA]'s plural path: 5 per 60 s per user.
  'POST /v1/client/leverages': {
    ...leverageWrite,
    name: 'setLeverages',
    limit: { limit: 5, windowMs: 60 * SECOND, scope: 'account', source: 'facts' },
    budget: 'client_leverages_update',
  },
  // The SDK's singular path; its limit is not documented.
  'POST /v1/client/leverage': {
    ...leverageWrite,
    name: 'setLeverage',
    limit: perSecond(10, 'default'),
  },
} as const satisfies Record<string, Endpoint>;
