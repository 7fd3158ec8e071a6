/**
 * The gateway's view of the endpoint table (`src/contract/endpoints.ts`): one line per
 * endpoint — its route string, the type its `data` parses to and how a typed method's
 * arguments become the request — and the account API derived from it: a method per entry,
 * one request core (stripe's `_makeRequest`). The pipeline in `client.ts` reads these
 * entries; nothing else in the gateway builds a URL.
 *
 * The gateway sends from one IP, so "per IP" budgets are global (`sv_nonce`) and "per user
 * per IP" ones are per account (`points_stage`). Endpoints without a documented limit get no
 * gateway budget: an invented limit would refuse legitimate traffic. They still honour an
 * upstream 429 (block of `RETRY_429_MS` or the Retry-After, on a per-account key named after
 * the operation).
 */

import type { AuthKind } from '../contract/endpoint-types.ts';
import type {
  AccountInfo,
  AffiliateRebateRateBody,
  BatchOrderResult,
  CancelAllAfterBody,
  CancelAllAfterResult,
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
} from '../contract/wire.ts';
import type {
  AlgoOrderCreated,
  AlgoOrderList,
  AlgoOrderRow,
  CancelAlgoClientOrderQuery,
  CancelAlgoOrderQuery,
  CancelAlgoOrdersQuery,
  CreateAlgoOrderParams,
  EditAlgoOrderParams,
  LeverageQuery,
  LeverageSetting,
  LeverageUpdated,
  ListAlgoOrdersQuery,
  SetLeverageBody,
} from '../contract/wire-algo.ts';
import type {
  FundingRateRow,
  FuturesInfo,
  KlineRow,
  KlineType,
  MarketTradeRow,
  OrderBookSnapshot,
  SymbolInfo,
  TvKlineHistory,
} from '../contract/wire-market.ts';
import type {
  SettleNonce,
  SettlePnlBody,
  SettlePnlResult,
  WithdrawRequestBody,
  WithdrawRequestResult,
} from '../contract/wire-wallet.ts';
import { HISTORY_OPERATIONS } from './catalog-history.ts';
import { type CallArgs, type Operation, op, type QueryValue, query } from './operation.ts';

export type {
  AuthKind,
  CacheGroup,
  CachePolicy,
  HttpMethod,
  Idempotency,
  SignaturePlacement,
} from '../contract/endpoint-types.ts';
export {
  type CallArgs,
  type LimitPolicy,
  limitPolicyOf,
  type Operation,
  type QueryValue,
  RETRY_429_MS,
} from './operation.ts';

export const CATALOG = {
  accountInfo: op<AccountInfo>()('GET /v1/client/info'),
  createOrder: op<OrderCreated>()('POST /v1/order', (params: CreateOrderParams) => ({
    body: params,
  })),
  orderByClientOrderId: op<OrderRecord>()(
    'GET /v1/client/order/{client_order_id}',
    (clientOrderId: string) => ({ params: { client_order_id: clientOrderId } }),
  ),
  orderById: op<OrderRecord>()('GET /v1/order/{order_id}', (orderId: number) => ({
    params: { order_id: String(orderId) },
  })),
  listOrders: op<OrderList>()('GET /v1/orders', (q: ListOrdersQuery) => query(q)),
  cancelOrder: op<StatusResult>()('DELETE /v1/order', (q: CancelOrderQuery) => query(q)),
  cancelOrderByClientOrderId: op<StatusResult>()(
    'DELETE /v1/client/order',
    (q: CancelClientOrderQuery) => query(q),
  ),
  cancelAllOrders: op<StatusResult>()('DELETE /v1/orders', (q: { symbol?: string }) => query(q)),
  cancelOrders: op<StatusResult>()('DELETE /v1/batch-order', (ids: readonly number[]) =>
    query({ order_ids: ids.join(',') }),
  ),
  cancelOrdersByClientOrderIds: op<StatusResult>()(
    'DELETE /v1/client/batch-order',
    (ids: readonly string[]) => query({ client_order_ids: ids.join(',') }),
  ),
  cancelAllAfter: op<CancelAllAfterResult>()(
    'POST /v1/order/cancel_all_after',
    (body: CancelAllAfterBody) => ({ body }),
  ),
  editOrder: op<StatusResult>()('PUT /v1/order', (params: EditOrderParams) => ({ body: params })),
  batchCreateOrders: op<BatchOrderResult>()(
    'POST /v1/batch-order',
    (orders: readonly CreateOrderParams[]) => ({ body: { orders } }),
  ),
  positions: op<Positions>()('GET /v1/positions'),
  position: op<PositionRow>()('GET /v1/position/{symbol}', (symbol: string) => ({
    params: { symbol },
  })),
  holdings: op<Holdings>()('GET /v1/client/holding', (q: { all?: boolean }) => ({
    query: { all: q.all ? 'true' : undefined },
  })),
  setDefaultMarginMode: op()('POST /v1/client/margin_mode', (body: SetMarginModeBody) => ({
    body,
  })),
  internalTransfer: op<InternalTransferResult>()(
    'POST /v2/internal_transfer',
    (body: InternalTransferBody) => ({ body }),
  ),
  withdrawNonce: op<WithdrawNonce>()('GET /v1/withdraw_nonce'),
  strategyVaultNonce: op<StrategyVaultNonce>()('GET /v1/public/sv_nonce'),
  setDefaultFeeRates: op()('POST /v1/broker/fee_rate/default', (body: DefaultFeeRatesBody) => ({
    body,
  })),
  updateOrderTagFeeConfig: op()(
    'PUT /v1/broker/order_enum/{enum_id}',
    (enumId: string, body: OrderTagFeeConfigBody) => ({ params: { enum_id: enumId }, body }),
  ),
  upsertPointsStage: op()('POST /v1/admin/points/stage', (body: PointsStageBody) => ({ body })),
  createReferralCode: op()('POST /v1/referral/create', (body: ReferralCreateBody) => ({ body })),
  setAffiliateRebateRate: op()(
    'POST /v1/referral/multi_level/admin/update/affiliate',
    (body: AffiliateRebateRateBody) => ({ body }),
  ),
  referralAdminInfo: op<ReferralAdminInfo>()(
    'GET /v1/referral/admin_info',
    (q: ReferralAdminInfoQuery) => query(q),
  ),
  refereeRebateSummary: op<RefereeRebateSummary>()(
    'GET /v1/referral/referee_rebate_summary',
    (q: RefereeRebateSummaryQuery) => query(q),
  ),
  // Market data (contract/endpoints-market.ts).
  symbolInfos: op<{ rows: SymbolInfo[] }>()('GET /v1/public/info'),
  symbolInfo: op<SymbolInfo>()('GET /v1/public/info/{symbol}', (symbol: string) => ({
    params: { symbol },
  })),
  futuresInfos: op<{ rows: FuturesInfo[] }>()('GET /v1/public/futures'),
  futuresInfo: op<FuturesInfo>()('GET /v1/public/futures/{symbol}', (symbol: string) => ({
    params: { symbol },
  })),
  marketTrades: op<{ rows: MarketTradeRow[] }>()(
    'GET /v1/public/market_trades',
    (q: { symbol: string; limit?: number }) => query(q),
  ),
  orderBook: op<OrderBookSnapshot>()(
    'GET /v1/orderbook/{symbol}',
    (symbol: string, maxLevel?: number) => ({ params: { symbol }, query: { max_level: maxLevel } }),
  ),
  klines: op<{ rows: KlineRow[] }>()(
    'GET /v1/kline',
    (q: { symbol: string; type: KlineType; limit?: number }) => query(q),
  ),
  klineHistory: op<TvKlineHistory>()(
    'GET /v1/tv/kline_history',
    (q: { symbol: string; resolution: KlineType; from: number; to: number; limit?: number }) =>
      query(q),
  ),
  fundingRate: op<FundingRateRow>()('GET /v1/public/funding_rate/{symbol}', (symbol: string) => ({
    params: { symbol },
  })),
  fundingRates: op<{ rows: FundingRateRow[] }>()('GET /v1/public/funding_rates'),
  // Algo orders and leverage (contract/endpoints-algo.ts).
  createAlgoOrder: op<AlgoOrderCreated>()('POST /v1/algo/order', (p: CreateAlgoOrderParams) => ({
    body: p,
  })),
  editAlgoOrder: op<StatusResult>()('PUT /v1/algo/order', (p: EditAlgoOrderParams) => ({
    body: p,
  })),
  cancelAlgoOrder: op<StatusResult>()('DELETE /v1/algo/order', (q: CancelAlgoOrderQuery) =>
    query(q),
  ),
  cancelAlgoOrderByClientOrderId: op<StatusResult>()(
    'DELETE /v1/algo/client/order',
    (q: CancelAlgoClientOrderQuery) => query(q),
  ),
  cancelAlgoOrders: op<StatusResult>()('DELETE /v1/algo/orders', (q: CancelAlgoOrdersQuery) =>
    query(q),
  ),
  listAlgoOrders: op<AlgoOrderList>()('GET /v1/algo/orders', (q: ListAlgoOrdersQuery) => query(q)),
  algoOrderById: op<AlgoOrderRow>()('GET /v1/algo/order/{order_id}', (id: number) => ({
    params: { order_id: String(id) },
  })),
  algoOrderByClientOrderId: op<AlgoOrderRow>()(
    'GET /v1/algo/client/order/{client_order_id}',
    (clientOrderId: string) => ({ params: { client_order_id: clientOrderId } }),
  ),
  leverage: op<LeverageSetting>()('GET /v1/client/leverage', (q: LeverageQuery) => query(q)),
  leverages: op<{ rows: LeverageSetting[] }>()('GET /v1/client/leverages'),
  setLeverages: op<LeverageUpdated>()('POST /v1/client/leverages', (body: SetLeverageBody) => ({
    body,
  })),
  setLeverage: op<LeverageUpdated>()('POST /v1/client/leverage', (body: SetLeverageBody) => ({
    body,
  })),
  // Wallet-signed requests (contract/endpoints-wallet.ts): the message goes as the wallet signed it.
  withdrawRequest: op<WithdrawRequestResult>()(
    'POST /v1/withdraw_request',
    (body: WithdrawRequestBody) => ({ body }),
  ),
  settleNonce: op<SettleNonce>()('GET /v1/settle_nonce'),
  settlePnl: op<SettlePnlResult>()('POST /v1/settle_pnl', (body: SettlePnlBody) => ({ body })),
  // Account history (contract/endpoints-history.ts).
  ...HISTORY_OPERATIONS,
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
