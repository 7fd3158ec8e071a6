/**
 * Every REST endpoint of the upstream as data, one row per route string `METHOD /path` (path
 * parameters written `{name}` as in the spec): the route string is the endpoint's identity, as
 * in octokit's endpoint table. The gateway's catalog, the sandbox's routes, its OpenAPI
 * description, its limits, the caller-limit costs and the field rules of both sides (each
 * row's `body` and `query` tables, fields-*.ts) all read these rows; nothing else restates a
 * path, an auth kind, a limit or a field's rule.
 *
 * Sources: `spec/svc-rest-api.md` (the contract) and `reference/upstream-facts.md` where the
 * spec says "not shown". Dependency-free on purpose, like constants.ts.
 */
import { ORDER_STATE, perSecond, READ, SECOND } from './endpoint-parts.ts';
import type { CacheGroup, CachePolicy, Endpoint, HttpMethod } from './endpoint-types.ts';
import { ALGO_ENDPOINTS } from './endpoints-algo.ts';
import { HISTORY_ENDPOINTS } from './endpoints-history.ts';
import { MARKET_ENDPOINTS } from './endpoints-market.ts';
import { WALLET_ENDPOINTS } from './endpoints-wallet.ts';
import * as account from './fields-account.ts';
import * as admin from './fields-admin.ts';
import * as orders from './fields-orders.ts';

export type {
  AuthKind,
  CacheGroup,
  CachePolicy,
  Endpoint,
  HttpMethod,
  Idempotency,
  LimitScope,
  SignaturePlacement,
  SpecLimit,
} from './endpoint-types.ts';

const cached = (group: CacheGroup, ttl: CachePolicy['ttl']) => ({
  ...READ,
  cache: { group, ttl },
});

/** A cancel: signed over its query, acknowledged with `data.status`. */
const cancel = {
  auth: 'trading',
  signature: 'query',
  idempotency: 'naturally-idempotent',
  cache: null,
  invalidates: ORDER_STATE,
  data: ['status'],
} as const;

/** A write by a signed account or the broker administrator: no cache, no `data`. */
const write = { signature: 'none', cache: null, invalidates: [], data: null } as const;

export const ENDPOINTS = {
  // The spec's Limits table: client info, points stage, order enum, rebate summary, nonces.
  'GET /v1/client/info': {
    ...cached('accountInfo', 'account'),
    name: 'accountInfo',
    data: ['account_id'],
    limit: { limit: 10, windowMs: 60 * SECOND, scope: 'account', source: 'spec' },
    budget: 'client_info',
  },
  'POST /v1/client/margin_mode': {
    ...write,
    name: 'setDefaultMarginMode',
    body: account.MARGIN_MODE_BODY,
    auth: 'private',
    idempotency: 'naturally-idempotent',
    limit: perSecond(10, 'default'),
  },
  'POST /v1/order': {
    name: 'createOrder',
    auth: 'trading',
    signature: 'body',
    idempotency: 'order',
    body: orders.ORDER_BODY,
    cache: null,
    invalidates: ORDER_STATE,
    data: ['order_id'],
    // Undocumented; batch items count against it, so it is named here.
    limit: perSecond(10, 'default'),
  },
  'GET /v1/client/order/{client_order_id}': {
    ...cached('order', 'order'),
    name: 'orderByClientOrderId',
    data: ['order_id', 'status'],
    limit: perSecond(10, 'default'),
  },
  // upstream-facts.md, "Order lifecycle operations".
  'POST /v1/batch-order': {
    name: 'batchCreateOrders',
    auth: 'trading',
    signature: 'items',
    idempotency: 'order',
    body: orders.BATCH_ORDER_BODY,
    cache: null,
    invalidates: ORDER_STATE,
    data: ['rows'],
    limit: { ...perSecond(1, 'facts'), perItem: 'POST /v1/order' },
    budget: 'batch_order',
  },
  'PUT /v1/order': {
    name: 'editOrder',
    auth: 'trading',
    signature: 'body',
    idempotency: 'naturally-idempotent',
    body: orders.EDIT_ORDER_BODY,
    cache: null,
    invalidates: ORDER_STATE,
    data: ['status'],
    limit: perSecond(10, 'facts'),
    budget: 'edit_order',
  },
  'DELETE /v1/order': {
    ...cancel,
    name: 'cancelOrder',
    query: orders.CANCEL_ORDER_QUERY,
    limit: perSecond(10, 'facts'),
    budget: 'cancel_order',
  },
  'DELETE /v1/client/order': {
    ...cancel,
    name: 'cancelOrderByClientOrderId',
    query: orders.CANCEL_CLIENT_ORDER_QUERY,
    limit: perSecond(10, 'facts'),
    budget: 'cancel_client_order',
  },
  'DELETE /v1/orders': {
    ...cancel,
    name: 'cancelAllOrders',
    query: orders.CANCEL_ALL_QUERY,
    limit: perSecond(10, 'facts'),
    budget: 'cancel_all_orders',
  },
  'DELETE /v1/batch-order': {
    ...cancel,
    name: 'cancelOrders',
    query: orders.CANCEL_ORDERS_QUERY,
    limit: perSecond(10, 'default'),
  },
  'DELETE /v1/client/batch-order': {
    ...cancel,
    name: 'cancelOrdersByClientOrderIds',
    query: orders.CANCEL_CLIENT_ORDERS_QUERY,
    limit: perSecond(10, 'default'),
  },
  // market-algo-risk-facts.md: 1 req/s; the dead-man switch of the account. Signed like every
  // private endpoint; whether it wants the trading key too is UNVERIFIED (none is listed).
  // Arming changes no cached read; when it fires, the stream's cancel events drop them.
  'POST /v1/order/cancel_all_after': {
    name: 'cancelAllAfter',
    auth: 'private',
    signature: 'none',
    idempotency: 'naturally-idempotent',
    body: orders.CANCEL_ALL_AFTER_BODY,
    cache: null,
    invalidates: [],
    data: ['expected_trigger_time'],
    limit: perSecond(1, 'facts'),
    budget: 'cancel_all_after',
  },
  'GET /v1/orders': {
    ...cached('orders', 'live'),
    name: 'listOrders',
    query: orders.LIST_ORDERS_QUERY,
    data: ['rows', 'meta'],
    limit: perSecond(10, 'facts'),
    budget: 'orders',
  },
  'GET /v1/order/{order_id}': {
    ...cached('order', 'order'),
    name: 'orderById',
    data: ['order_id', 'status'],
    limit: perSecond(10, 'default'),
  },
  'GET /v1/positions': {
    ...cached('positions', 'live'),
    name: 'positions',
    data: ['rows'],
    limit: { limit: 30, windowMs: 10 * SECOND, scope: 'account', source: 'facts' },
    budget: 'positions',
  },
  'GET /v1/position/{symbol}': {
    ...cached('positions', 'live'),
    name: 'position',
    data: ['symbol'],
    limit: perSecond(10, 'default'),
  },
  'GET /v1/client/holding': {
    ...cached('balances', 'live'),
    name: 'holdings',
    query: account.HOLDING_QUERY,
    data: ['holding'],
    limit: perSecond(10, 'facts'),
    budget: 'holding',
  },
  'POST /v2/internal_transfer': {
    ...write,
    name: 'internalTransfer',
    body: account.INTERNAL_TRANSFER_BODY,
    auth: 'private',
    idempotency: 'keyed',
    // The sender's withdrawal and the receiver's deposit show in their asset history.
    invalidates: ['assetHistory'],
    data: ['internal_transfer_request_id'],
    limit: perSecond(10, 'default'),
  },
  'GET /v1/withdraw_nonce': {
    ...READ,
    name: 'withdrawNonce',
    data: ['withdraw_nonce'],
    limit: perSecond(10, 'spec'),
    budget: 'withdraw_nonce',
  },
  'GET /v1/public/sv_nonce': {
    ...READ,
    name: 'strategyVaultNonce',
    auth: 'public',
    data: ['nonce'],
    limit: { ...perSecond(10, 'spec'), scope: 'ip' },
    budget: 'sv_nonce',
  },
  'POST /v1/broker/fee_rate/default': {
    ...write,
    name: 'setDefaultFeeRates',
    body: admin.DEFAULT_FEE_RATES_BODY,
    auth: 'broker_admin',
    idempotency: 'naturally-idempotent',
    // Fee rates show in account info. Other accounts of the broker see them after their TTL.
    invalidates: ['accountInfo'],
    limit: perSecond(10, 'default'),
  },
  'PUT /v1/broker/order_enum/{enum_id}': {
    ...write,
    name: 'updateOrderTagFeeConfig',
    body: admin.ORDER_TAG_FEE_CONFIG_BODY,
    auth: 'broker_admin',
    idempotency: 'naturally-idempotent',
    limit: perSecond(1, 'spec'),
    budget: 'order_enum',
  },
  'POST /v1/referral/create': {
    ...write,
    name: 'createReferralCode',
    body: admin.CREATE_REFERRAL_CODE_BODY,
    auth: 'broker_admin',
    idempotency: 'keyed',
    invalidates: ['referralAdminInfo'],
    limit: perSecond(10, 'default'),
  },
  'POST /v1/referral/multi_level/admin/update/affiliate': {
    ...write,
    name: 'setAffiliateRebateRate',
    body: admin.AFFILIATE_REBATE_RATE_BODY,
    auth: 'broker_admin',
    idempotency: 'naturally-idempotent',
    invalidates: ['referralAdminInfo'],
    limit: perSecond(10, 'default'),
  },
  'GET /v1/referral/admin_info': {
    ...cached('referralAdminInfo', 'referral'),
    name: 'referralAdminInfo',
    auth: 'broker_admin',
    query: admin.REFERRAL_ADMIN_QUERY,
    data: ['rows', 'meta'],
    limit: perSecond(10, 'default'),
  },
  'GET /v1/referral/referee_rebate_summary': {
    ...cached('refereeRebateSummary', 'referral'),
    name: 'refereeRebateSummary',
    query: account.REFEREE_REBATE_SUMMARY_QUERY,
    data: ['rows'],
    limit: perSecond(10, 'spec'),
    budget: 'referee_rebate_summary',
  },
  'POST /v1/admin/points/stage': {
    ...write,
    name: 'upsertPointsStage',
    body: admin.POINTS_STAGE_BODY,
    auth: 'broker_admin',
    idempotency: 'once',
    limit: { ...perSecond(10, 'spec'), scope: 'account_ip' },
    budget: 'points_stage',
  },
  ...MARKET_ENDPOINTS,
  ...ALGO_ENDPOINTS,
  ...WALLET_ENDPOINTS,
  ...HISTORY_ENDPOINTS,
} as const satisfies Record<string, Endpoint>;

/** A route string of the table: `'POST /v1/order'`. */
export type EndpointKey = keyof typeof ENDPOINTS;

/** `'GET /v1/order/{order_id}'` → method and path template. */
export function splitKey(key: EndpointKey): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

/** Every route string of the table, in its order. */
export const ENDPOINT_KEYS = Object.keys(ENDPOINTS) as EndpointKey[];
