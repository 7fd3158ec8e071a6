/**
 * Every REST operation of the spec as data — method, path, auth kind, cache policy,
 * upstream limit — and the typed methods, one line each over one request core
 * (stripe's `_makeRequest`). The pipeline in `client.ts` reads these entries; nothing
 * else in the gateway builds a URL.
 *
 * Limits are the spec's Limits table. The gateway sends from one IP, so "per IP" budgets are
 * global (`sv_nonce`) and "per user per IP" ones are per account (`points_stage`).
 * Operations without a documented limit get no gateway budget: an invented limit would
 * refuse legitimate traffic. They still honour an upstream 429 (block of `RETRY_429_MS`
 * or the Retry-After, on a per-account key named after the operation).
 */
import type { AccountApi, PublicApi } from './api.ts';
import type {
  AccountInfo,
  InternalTransferResult,
  OrderCreated,
  OrderRecord,
  RefereeRebateSummary,
  ReferralAdminInfo,
  StrategyVaultNonce,
  WithdrawNonce,
} from './types.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** public: unsigned; private: ed25519 request signature; trading: plus the order signature. */
export type AuthKind = 'public' | 'private' | 'trading' | 'broker_admin';
export type CacheGroup = 'accountInfo' | 'order' | 'referralAdminInfo' | 'refereeRebateSummary';

export interface CachePolicy {
  group: CacheGroup;
  /** Which TTL of `UpstreamConfig.cache` applies; `order` picks open or final by status. */
  ttl: 'account' | 'order' | 'referral';
}

export interface LimitPolicy {
  /** Name of the budget in store keys (`…:rl:<key>`). */
  key: string;
  limit: number;
  windowMs: number;
  /** `account`: one budget per upstream account; `global`: one for the gateway's IP. */
  scope: 'account' | 'global';
}

export interface Operation<TResult = unknown> {
  readonly name: string;
  readonly method: HttpMethod;
  /** Path template; `{name}` segments come from the call's path parameters. */
  readonly path: string;
  readonly auth: AuthKind;
  /** null: never cached (mutations, nonces). Cached reads are also coalesced in-process. */
  readonly cache: CachePolicy | null;
  readonly limit: LimitPolicy | null;
  /** Cache groups of the same account a successful (or ambiguous) call makes stale. */
  readonly invalidates: readonly CacheGroup[];
  /** Fields `data` must carry; null when the operation returns no data. */
  readonly data: readonly string[] | null;
  /** Phantom: the type `data` parses to. */
  readonly __result?: TResult;
}

/** Block after an upstream 429 on an operation without a documented window. */
export const RETRY_429_MS = 1_000;

const SECOND = 1_000;
const op = <T = void>(entry: Omit<Operation<T>, '__result'>): Operation<T> => entry;

export const CATALOG = {
  accountInfo: op<AccountInfo>({
    name: 'accountInfo',
    method: 'GET',
    path: '/v1/client/info',
    auth: 'private',
    cache: { group: 'accountInfo', ttl: 'account' },
    limit: { key: 'client_info', limit: 10, windowMs: 60 * SECOND, scope: 'account' },
    invalidates: [],
    data: ['account_id'],
  }),
  createOrder: op<OrderCreated>({
    name: 'createOrder',
    method: 'POST',
    path: '/v1/order',
    auth: 'trading',
    cache: null,
    limit: null,
    invalidates: ['order'],
    data: ['order_id'],
  }),
  orderByClientOrderId: op<OrderRecord>({
    name: 'orderByClientOrderId',
    method: 'GET',
    path: '/v1/client/order/{client_order_id}',
    auth: 'private',
    cache: { group: 'order', ttl: 'order' },
    limit: null,
    invalidates: [],
    data: ['order_id', 'status'],
  }),
  setDefaultMarginMode: op({
    name: 'setDefaultMarginMode',
    method: 'POST',
    path: '/v1/client/margin_mode',
    auth: 'private',
    cache: null,
    limit: null,
    invalidates: [],
    data: null,
  }),
  internalTransfer: op<InternalTransferResult>({
    name: 'internalTransfer',
    method: 'POST',
    path: '/v2/internal_transfer',
    auth: 'private',
    cache: null,
    limit: null,
    invalidates: [],
    data: ['internal_transfer_request_id'],
  }),
  withdrawNonce: op<WithdrawNonce>({
    name: 'withdrawNonce',
    method: 'GET',
    path: '/v1/withdraw_nonce',
    auth: 'private',
    cache: null,
    limit: { key: 'withdraw_nonce', limit: 10, windowMs: SECOND, scope: 'account' },
    invalidates: [],
    data: ['withdraw_nonce'],
  }),
  strategyVaultNonce: op<StrategyVaultNonce>({
    name: 'strategyVaultNonce',
    method: 'GET',
    path: '/v1/public/sv_nonce',
    auth: 'public',
    cache: null,
    limit: { key: 'sv_nonce', limit: 10, windowMs: SECOND, scope: 'global' },
    invalidates: [],
    data: ['nonce'],
  }),
  setDefaultFeeRates: op({
    name: 'setDefaultFeeRates',
    method: 'POST',
    path: '/v1/broker/fee_rate/default',
    auth: 'broker_admin',
    cache: null,
    limit: null,
    // Fee rates show in account info. Other accounts of the broker see them after their TTL.
    invalidates: ['accountInfo'],
    data: null,
  }),
  updateOrderTagFeeConfig: op({
    name: 'updateOrderTagFeeConfig',
    method: 'PUT',
    path: '/v1/broker/order_enum/{enum_id}',
    auth: 'broker_admin',
    cache: null,
    limit: { key: 'order_enum', limit: 1, windowMs: SECOND, scope: 'account' },
    invalidates: [],
    data: null,
  }),
  upsertPointsStage: op({
    name: 'upsertPointsStage',
    method: 'POST',
    path: '/v1/admin/points/stage',
    auth: 'broker_admin',
    cache: null,
    limit: { key: 'points_stage', limit: 10, windowMs: SECOND, scope: 'account' },
    invalidates: [],
    data: null,
  }),
  createReferralCode: op({
    name: 'createReferralCode',
    method: 'POST',
    path: '/v1/referral/create',
    auth: 'broker_admin',
    cache: null,
    limit: null,
    invalidates: ['referralAdminInfo'],
    data: null,
  }),
  setAffiliateRebateRate: op({
    name: 'setAffiliateRebateRate',
    method: 'POST',
    path: '/v1/referral/multi_level/admin/update/affiliate',
    auth: 'broker_admin',
    cache: null,
    limit: null,
    invalidates: ['referralAdminInfo'],
    data: null,
  }),
  referralAdminInfo: op<ReferralAdminInfo>({
    name: 'referralAdminInfo',
    method: 'GET',
    path: '/v1/referral/admin_info',
    auth: 'broker_admin',
    cache: { group: 'referralAdminInfo', ttl: 'referral' },
    limit: null,
    invalidates: [],
    data: ['rows', 'meta'],
  }),
  refereeRebateSummary: op<RefereeRebateSummary>({
    name: 'refereeRebateSummary',
    method: 'GET',
    path: '/v1/referral/referee_rebate_summary',
    auth: 'private',
    cache: { group: 'refereeRebateSummary', ttl: 'referral' },
    limit: { key: 'referee_rebate_summary', limit: 10, windowMs: SECOND, scope: 'account' },
    invalidates: [],
    data: ['rows'],
  }),
} as const;

export type OperationName = keyof typeof CATALOG;

export type QueryValue = string | number | boolean | null | undefined;

/** What one call of an operation carries besides the operation itself. */
export interface CallArgs {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: object;
}

/** The request core every typed method goes through. */
export type RequestFn = <T>(op: Operation<T>, args?: CallArgs) => Promise<T>;

/** The account-bound methods: one line each over the request core. */
export function accountMethods(request: RequestFn): Omit<AccountApi, 'accountId'> {
  const c = CATALOG;
  return {
    accountInfo: () => request(c.accountInfo),
    createOrder: (params) => request(c.createOrder, { body: params }),
    orderByClientOrderId: (id) =>
      request(c.orderByClientOrderId, { params: { client_order_id: id } }),
    setDefaultMarginMode: (body) => request(c.setDefaultMarginMode, { body }),
    internalTransfer: (body) => request(c.internalTransfer, { body }),
    withdrawNonce: () => request(c.withdrawNonce),
    setDefaultFeeRates: (body) => request(c.setDefaultFeeRates, { body }),
    updateOrderTagFeeConfig: (enumId, body) =>
      request(c.updateOrderTagFeeConfig, { params: { enum_id: enumId }, body }),
    upsertPointsStage: (body) => request(c.upsertPointsStage, { body }),
    createReferralCode: (body) => request(c.createReferralCode, { body }),
    setAffiliateRebateRate: (body) => request(c.setAffiliateRebateRate, { body }),
    referralAdminInfo: (query) => request(c.referralAdminInfo, { query: { ...query } }),
    refereeRebateSummary: (query) => request(c.refereeRebateSummary, { query: { ...query } }),
  };
}

/** The unauthenticated methods. */
export function publicMethods(request: RequestFn): PublicApi {
  return { strategyVaultNonce: () => request(CATALOG.strategyVaultNonce) };
}

/** Path with its `{name}` segments filled (URI-encoded) and the query string appended. */
export function buildPath(op: Operation, args: CallArgs = {}): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = args.params?.[name];
    if (value === undefined || value === '') {
      throw new TypeError(`${op.name}: path parameter ${name} is required`);
    }
    return encodeURIComponent(value);
  });
  const query = queryString(args.query);
  return query ? `${path}?${query}` : path;
}

/** Query parameters in the order given, skipping null and undefined. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  return search.toString();
}
