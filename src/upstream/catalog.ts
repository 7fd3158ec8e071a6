/**
 * Every REST operation of the spec as data — method, path, auth kind, where its order
 * signature goes, its idempotency kind, cache policy, upstream limit and how a typed
 * method's arguments become the request — and the account API derived from it: a method
 * per entry, one request core (stripe's `_makeRequest`). The pipeline in `client.ts` reads
 * these entries; nothing else in the gateway builds a URL.
 *
 * Limits are the spec's Limits table and the facts' lifecycle limits, read from
 * `src/spec/constants.ts` (the sandbox enforces the same numbers). The gateway sends from one IP, so "per IP" budgets are
 * global (`sv_nonce`) and "per user per IP" ones are per account (`points_stage`).
 * Operations without a documented limit get no gateway budget: an invented limit would
 * refuse legitimate traffic. They still honour an upstream 429 (block of `RETRY_429_MS`
 * or the Retry-After, on a per-account key named after the operation).
 */
import { type LimitRoute, SPEC_LIMITS } from '../spec/constants.ts';
import type {
  AccountInfo,
  AffiliateRebateRateBody,
  BatchOrderResult,
  CancelClientOrderQuery,
  CancelOrderQuery,
  CreateOrderParams,
  DefaultFeeRatesBody,
  EditOrderParams,
  Holdings,
  InternalTransferBody,
  InternalTransferResult,
  ListOrdersQuery,
  OrderCreated,
  OrderList,
  OrderRecord,
  OrderTagFeeConfigBody,
  PointsStageBody,
  PositionRow,
  Positions,
  RefereeRebateSummary,
  RefereeRebateSummaryQuery,
  ReferralAdminInfo,
  ReferralAdminInfoQuery,
  ReferralCreateBody,
  SetMarginModeBody,
  StatusResult,
  StrategyVaultNonce,
  WithdrawNonce,
} from './types.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** public: unsigned; private: ed25519 request signature; trading: plus the order signature. */
export type AuthKind = 'public' | 'private' | 'trading' | 'broker_admin';
export type CacheGroup =
  | 'accountInfo'
  | 'order'
  | 'orders'
  | 'positions'
  | 'balances'
  | 'referralAdminInfo'
  | 'refereeRebateSummary';

/**
 * Where the order signature goes (`trading` operations only):
 * - `body`: over the body's fields, added to the body as `signature`;
 * - `items`: over each item of `body.orders`, added to that item;
 * - `query`: over the query parameters; the query is sent as the normalized string with
 *   `signature=…` appended, so the request signature covers it too.
 */
export type SignaturePlacement = 'none' | 'body' | 'items' | 'query';

/**
 * What happens when a call may or may not have reached the upstream (`retry.ts`, `orders.ts`):
 * - `read`: no effect; retried whatever happened;
 * - `order`: placements: each order carries a client_order_id (generated when absent) and is
 *   read back by it after an ambiguous failure, never re-sent blind;
 * - `naturally-idempotent`: a repeat leaves the same state (cancel, edit, settings), but it
 *   still counts against limits and a second cancel answers -1006: re-sent only when it
 *   provably never left;
 * - `keyed`: the upstream refuses a repeat by a key in the body (transfer nonce, referral
 *   code): re-sent only when it provably never left;
 * - `once`: a repeat would act twice (creating a points stage): re-sent only when it
 *   provably never left.
 */
export type Idempotency = 'read' | 'order' | 'naturally-idempotent' | 'keyed' | 'once';

export interface CachePolicy {
  group: CacheGroup;
  /**
   * Which TTL of `UpstreamConfig.cache` applies; `order` picks open or final by status;
   * `live` (order lists, positions, balances: they move with the market) the open-order TTL.
   */
  ttl: 'account' | 'order' | 'live' | 'referral';
}

export interface LimitPolicy {
  /** Name of the budget in store keys (`…:rl:<key>`). */
  key: string;
  limit: number;
  windowMs: number;
  /** `account`: one budget per upstream account; `global`: one for the gateway's IP. */
  scope: 'account' | 'global';
}

export type QueryValue = string | number | boolean | null | undefined;

/** What one call of an operation carries besides the operation itself. */
export interface CallArgs {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: object;
  /**
   * The query exactly as sent, instead of `query` (query-signed operations: the signed
   * normalized text must not be re-encoded).
   */
  rawQuery?: string;
}

export interface Operation<
  TResult = unknown,
  TArgs extends unknown[] = never,
  TAuth extends AuthKind = AuthKind,
> {
  readonly name: string;
  readonly method: HttpMethod;
  /** Path template; `{name}` segments come from the call's path parameters. */
  readonly path: string;
  readonly auth: TAuth;
  readonly signature: SignaturePlacement;
  readonly idempotency: Idempotency;
  /** null: never cached (mutations, nonces). Cached reads are also coalesced in-process. */
  readonly cache: CachePolicy | null;
  readonly limit: LimitPolicy | null;
  /** Cache groups of the same account a successful (or ambiguous) call makes stale. */
  readonly invalidates: readonly CacheGroup[];
  /** Fields `data` must carry; null when the operation returns no data. */
  readonly data: readonly string[] | null;
  /**
   * Another operation's budget this call also spends, once per item of `body.orders`
   * (a batch placement counts each item against create-order).
   */
  readonly alsoCounts?: { readonly op: Operation; readonly per: 'item' };
  /**
   * The typed method's arguments as path parameters, query and body; absent for an
   * operation without arguments. (A method, so entries of any arity share one type.)
   */
  request?(...args: TArgs): CallArgs;
  /** Phantom: the type `data` parses to. */
  readonly __result?: TResult;
}

/** Block after an upstream 429 on an operation without a documented window. */
export const RETRY_429_MS = 1_000;

/**
 * The documented limit of a route (spec's Limits table or the facts; `src/spec/constants.ts`
 * holds the numbers for the gateway and the sandbox alike) as a budget named `key`; null for
 * an undocumented one (see above).
 */
function documented(route: LimitRoute, key: string): LimitPolicy | null {
  const spec = SPEC_LIMITS[route];
  if (spec.source === 'default') return null;
  const scope = spec.scope === 'ip' ? 'global' : 'account';
  return { key, limit: spec.limit, windowMs: spec.windowMs, scope };
}

/**
 * An entry, typed by its result (given) and its arguments and auth kind (inferred from the
 * entry): `op<AccountInfo>()({…})`.
 */
const op =
  <TResult = void>() =>
  <TAuth extends AuthKind, TArgs extends unknown[] = []>(
    entry: Omit<Operation<TResult, TArgs, TAuth>, '__result'>,
  ): Operation<TResult, TArgs, TAuth> =>
    entry;

/** Mutations and placements: no cache; the 429 block key is the operation's name. */
const write = { cache: null, data: null } as const;

/**
 * What any order mutation makes stale in the acting account: its orders (one hash for all, so
 * a cancel by order id needs no key scan), order lists, positions and balances.
 */
const ORDER_STATE: readonly CacheGroup[] = ['order', 'orders', 'positions', 'balances'];

const createOrder = op<OrderCreated>()({
  name: 'createOrder',
  method: 'POST',
  path: '/v1/order',
  auth: 'trading',
  signature: 'body',
  idempotency: 'order',
  cache: null,
  limit: null,
  invalidates: ORDER_STATE,
  data: ['order_id'],
  request: (params: CreateOrderParams) => ({ body: params }),
});

/** A cancel: signed over its query, acknowledged with `data.status`. */
const cancel = {
  method: 'DELETE',
  auth: 'trading',
  signature: 'query',
  idempotency: 'naturally-idempotent',
  cache: null,
  invalidates: ORDER_STATE,
  data: ['status'],
} as const;

export const CATALOG = {
  accountInfo: op<AccountInfo>()({
    name: 'accountInfo',
    method: 'GET',
    path: '/v1/client/info',
    auth: 'private',
    signature: 'none',
    idempotency: 'read',
    cache: { group: 'accountInfo', ttl: 'account' },
    limit: documented('GET /v1/client/info', 'client_info'),
    invalidates: [],
    data: ['account_id'],
  }),
  createOrder,
  orderByClientOrderId: op<OrderRecord>()({
    name: 'orderByClientOrderId',
    method: 'GET',
    path: '/v1/client/order/{client_order_id}',
    auth: 'private',
    signature: 'none',
    idempotency: 'read',
    cache: { group: 'order', ttl: 'order' },
    limit: null,
    invalidates: [],
    data: ['order_id', 'status'],
    request: (clientOrderId: string) => ({ params: { client_order_id: clientOrderId } }),
  }),
  orderById: op<OrderRecord>()({
    name: 'orderById',
    method: 'GET',
    path: '/v1/order/{order_id}',
    auth: 'private',
    signature: 'none',
    idempotency: 'read',
    cache: { group: 'order', ttl: 'order' },
    limit: null,
    invalidates: [],
    data: ['order_id', 'status'],
    request: (orderId: number) => ({ params: { order_id: String(orderId) } }),
  }),
  listOrders: op<OrderList>()({
    name: 'listOrders',
    method: 'GET',
    path: '/v1/orders',
    auth: 'private',
    signature: 'none',
    idempotency: 'read',
    cache: { group: 'orders', ttl: 'live' },
    limit: documented('GET /v1/orders', 'orders'),
    invalidates: [],
    data: ['rows', 'meta'],
    request: (query: ListOrdersQuery) => ({ query: { ...query } }),
  }),
  cancelOrder: op<StatusResult>()({
    ...cancel,
    name: 'cancelOrder',
    path: '/v1/order',
    limit: documented('DELETE /v1/order', 'cancel_order'),
    request: (query: CancelOrderQuery) => ({ query: { ...query } }),
  }),
  cancelOrderByClientOrderId: op<StatusResult>()({
    ...cancel,
    name: 'cancelOrderByClientOrderId',
    path: '/v1/client/order',
    limit: documented('DELETE /v1/client/order', 'cancel_client_order'),
    request: (query: CancelClientOrderQuery) => ({ query: { ...query } }),
  }),
  cancelAllOrders: op<StatusResult>()({
    ...cancel,
    name: 'cancelAllOrders',
    path: '/v1/orders',
    limit: documented('DELETE /v1/orders', 'cancel_all_orders'),
    request: (query: { symbol?: string }) => ({ query: { ...query } }),
  }),
  cancelOrders: op<StatusResult>()({
    ...cancel,
    name: 'cancelOrders',
    path: '/v1/batch-order',
    limit: null,
    request: (orderIds: readonly number[]) => ({ query: { order_ids: orderIds.join(',') } }),
  }),
  cancelOrdersByClientOrderIds: op<StatusResult>()({
    ...cancel,
    name: 'cancelOrdersByClientOrderIds',
    path: '/v1/client/batch-order',
    limit: null,
    request: (clientOrderIds: readonly string[]) => ({
      query: { client_order_ids: clientOrderIds.join(',') },
    }),
  }),
  editOrder: op<StatusResult>()({
    name: 'editOrder',
    method: 'PUT',
    path: '/v1/order',
    auth: 'trading',
    signature: 'body',
    idempotency: 'naturally-idempotent',
    cache: null,
    limit: documented('PUT /v1/order', 'edit_order'),
    invalidates: ORDER_STATE,
    data: ['status'],
    request: (params: EditOrderParams) => ({ body: params }),
  }),
  batchCreateOrders: op<BatchOrderResult>()({
    name: 'batchCreateOrders',
    method: 'POST',
    path: '/v1/batch-order',
    auth: 'trading',
    signature: 'items',
    idempotency: 'order',
    cache: null,
    limit: documented('POST /v1/batch-order', 'batch_order'),
    alsoCounts: { op: createOrder, per: 'item' },
    invalidates: ORDER_STATE,
    data: ['rows'],
    request: (orders: readonly CreateOrderParams[]) => ({ body: { orders } }),
  }),
  positions: op<Positions>()({
    name: 'positions',
    method: 'GET',
    path: '/v1/positions',
    auth: 'private',
    signature: 'none',
    idempotency: 'read',
    cache: { group: 'positions', ttl: 'live' },
    limit: documented('GET /v1/positions', 'positions'),
    invalidates: [],
    data: ['rows'],
  }),
  position: op<PositionRow>()({
    name: 'position',
    method: 'GET',
    path: '/v1/position/{symbol}',
    auth: 'private',
    signature: 'none',
    idempotency: 'read',
    cache: { group: 'positions', ttl: 'live' },
    limit: null,
    invalidates: [],
    data: ['symbol'],
    request: (symbol: string) => ({ params: { symbol } }),
  }),
  holdings: op<Holdings>()({
    name: 'holdings',
    method: 'GET',
    path: '/v1/client/holding',
    auth: 'private',
    signature: 'none',
    idempotency: 'read',
    cache: { group: 'balances', ttl: 'live' },
    limit: documented('GET /v1/client/holding', 'holding'),
    invalidates: [],
    data: ['holding'],
    request: (query: { all?: boolean }) => ({ query: { all: query.all ? 'true' : undefined } }),
  }),
  setDefaultMarginMode: op()({
    ...write,
    name: 'setDefaultMarginMode',
    method: 'POST',
    path: '/v1/client/margin_mode',
    auth: 'private',
    signature: 'none',
    idempotency: 'naturally-idempotent',
    limit: null,
    invalidates: [],
    request: (body: SetMarginModeBody) => ({ body }),
  }),
  internalTransfer: op<InternalTransferResult>()({
    name: 'internalTransfer',
    method: 'POST',
    path: '/v2/internal_transfer',
    auth: 'private',
    signature: 'none',
    idempotency: 'keyed',
    cache: null,
    limit: null,
    invalidates: [],
    data: ['internal_transfer_request_id'],
    request: (body: InternalTransferBody) => ({ body }),
  }),
  withdrawNonce: op<WithdrawNonce>()({
    name: 'withdrawNonce',
    method: 'GET',
    path: '/v1/withdraw_nonce',
    auth: 'private',
    signature: 'none',
    idempotency: 'read',
    cache: null,
    limit: documented('GET /v1/withdraw_nonce', 'withdraw_nonce'),
    invalidates: [],
    data: ['withdraw_nonce'],
  }),
  strategyVaultNonce: op<StrategyVaultNonce>()({
    name: 'strategyVaultNonce',
    method: 'GET',
    path: '/v1/public/sv_nonce',
    auth: 'public',
    signature: 'none',
    idempotency: 'read',
    cache: null,
    limit: documented('GET /v1/public/sv_nonce', 'sv_nonce'),
    invalidates: [],
    data: ['nonce'],
  }),
  setDefaultFeeRates: op()({
    ...write,
    name: 'setDefaultFeeRates',
    method: 'POST',
    path: '/v1/broker/fee_rate/default',
    auth: 'broker_admin',
    signature: 'none',
    idempotency: 'naturally-idempotent',
    limit: null,
    // Fee rates show in account info. Other accounts of the broker see them after their TTL.
    invalidates: ['accountInfo'],
    request: (body: DefaultFeeRatesBody) => ({ body }),
  }),
  updateOrderTagFeeConfig: op()({
    ...write,
    name: 'updateOrderTagFeeConfig',
    method: 'PUT',
    path: '/v1/broker/order_enum/{enum_id}',
    auth: 'broker_admin',
    signature: 'none',
    idempotency: 'naturally-idempotent',
    limit: documented('PUT /v1/broker/order_enum/{enum_id}', 'order_enum'),
    invalidates: [],
    request: (enumId: string, body: OrderTagFeeConfigBody) => ({
      params: { enum_id: enumId },
      body,
    }),
  }),
  upsertPointsStage: op()({
    ...write,
    name: 'upsertPointsStage',
    method: 'POST',
    path: '/v1/admin/points/stage',
    auth: 'broker_admin',
    signature: 'none',
    idempotency: 'once',
    limit: documented('POST /v1/admin/points/stage', 'points_stage'),
    invalidates: [],
    request: (body: PointsStageBody) => ({ body }),
  }),
  createReferralCode: op()({
    ...write,
    name: 'createReferralCode',
    method: 'POST',
    path: '/v1/referral/create',
    auth: 'broker_admin',
    signature: 'none',
    idempotency: 'keyed',
    limit: null,
    invalidates: ['referralAdminInfo'],
    request: (body: ReferralCreateBody) => ({ body }),
  }),
  setAffiliateRebateRate: op()({
    ...write,
    name: 'setAffiliateRebateRate',
    method: 'POST',
    path: '/v1/referral/multi_level/admin/update/affiliate',
    auth: 'broker_admin',
    signature: 'none',
    idempotency: 'naturally-idempotent',
    limit: null,
    invalidates: ['referralAdminInfo'],
    request: (body: AffiliateRebateRateBody) => ({ body }),
  }),
  referralAdminInfo: op<ReferralAdminInfo>()({
    name: 'referralAdminInfo',
    method: 'GET',
    path: '/v1/referral/admin_info',
    auth: 'broker_admin',
    signature: 'none',
    idempotency: 'read',
    cache: { group: 'referralAdminInfo', ttl: 'referral' },
    limit: null,
    invalidates: [],
    data: ['rows', 'meta'],
    request: (query: ReferralAdminInfoQuery) => ({ query: { ...query } }),
  }),
  refereeRebateSummary: op<RefereeRebateSummary>()({
    name: 'refereeRebateSummary',
    method: 'GET',
    path: '/v1/referral/referee_rebate_summary',
    auth: 'private',
    signature: 'none',
    idempotency: 'read',
    cache: { group: 'refereeRebateSummary', ttl: 'referral' },
    limit: documented('GET /v1/referral/referee_rebate_summary', 'referee_rebate_summary'),
    invalidates: [],
    data: ['rows'],
    request: (query: RefereeRebateSummaryQuery) => ({ query: { ...query } }),
  }),
} as const;

export type Catalog = typeof CATALOG;
export type OperationName = keyof Catalog;

/** The typed method of one entry: its arguments in, its parsed `data` out. */
type MethodOf<O> =
  O extends Operation<infer R, infer A, AuthKind> ? (...args: A) => Promise<R> : never;

type NamesBy<Auth extends AuthKind> = {
  [K in OperationName]: Catalog[K]['auth'] extends Auth ? K : never;
}[OperationName];

/** Operations signed with one account's keys: one method per non-public catalog entry. */
export type AccountApi = { readonly accountId: string } & {
  [K in NamesBy<Exclude<AuthKind, 'public'>>]: MethodOf<Catalog[K]>;
};

/** Operations without authentication. */
export type PublicApi = { [K in NamesBy<'public'>]: MethodOf<Catalog[K]> };

/** The request core every typed method goes through. */
export type RequestFn = <T>(op: Operation<T, never>, args?: CallArgs) => Promise<T>;

type AnyOperation = Operation<unknown, unknown[]>;

const REQUEST = Symbol('request');
type View = { [REQUEST]: RequestFn };

/**
 * One prototype per kind (public, account), built once: each catalog entry is a getter that
 * binds its method to the view's request core on first use and keeps it as an own property.
 * A view is then one small object (the gateway makes one per GraphQL request, with the
 * operation's deadline) instead of a closure per catalog entry copied in every time; methods
 * still work detached (`const { positions } = api`).
 */
function prototypeOf(public_: boolean): object {
  const proto: PropertyDescriptorMap = {};
  for (const [name, entry] of Object.entries(CATALOG) as [string, AnyOperation][]) {
    if ((entry.auth === 'public') !== public_) continue;
    proto[name] = {
      enumerable: true,
      get(this: View) {
        const method = boundMethod(this[REQUEST], entry);
        Object.defineProperty(this, name, { value: method, enumerable: true });
        return method;
      },
    };
  }
  return Object.create(null, proto) as object;
}

const PUBLIC_PROTO = prototypeOf(true);
const ACCOUNT_PROTO = prototypeOf(false);

/**
 * `entry`'s method over `request`. Made here, anonymous: tsx (esbuild's keepNames) wraps every
 * named closure in a `defineProperty` of its name, per creation (per request, per method used).
 */
function boundMethod(request: RequestFn, entry: AnyOperation) {
  return (...args: unknown[]) => request(entry, entry.request ? entry.request(...args) : undefined);
}

function methodsOf(request: RequestFn, proto: object): object {
  const view = Object.create(proto) as View;
  view[REQUEST] = request;
  return view;
}

/**
 * The account-bound methods, derived from the catalog, on a fresh object whose prototype
 * holds them (add own properties with `Object.assign`, not a spread: a spread drops them).
 */
export function accountMethods(request: RequestFn): Omit<AccountApi, 'accountId'> {
  return methodsOf(request, ACCOUNT_PROTO) as Omit<AccountApi, 'accountId'>;
}

/** The unauthenticated methods, the same way. */
export function publicMethods(request: RequestFn): PublicApi {
  return methodsOf(request, PUBLIC_PROTO) as PublicApi;
}

/** Path with its `{name}` segments filled (URI-encoded) and the query string appended. */
export function buildPath(op: Operation<unknown, never>, args: CallArgs = {}): string {
  // Most reads (account info, positions) have neither: the template is the path.
  if (args.rawQuery === undefined && args.query === undefined && !op.path.includes('{')) {
    return op.path;
  }
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = args.params?.[name];
    if (value === undefined || value === '') {
      throw new TypeError(`${op.name}: path parameter ${name} is required`);
    }
    return encodeURIComponent(value);
  });
  const query = args.rawQuery ?? queryString(args.query);
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
