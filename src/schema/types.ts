/**
 * The schema's types module: the request context the builder is typed with, and all that
 * resolvers/ takes from schema/ (check:architecture lets the two folders meet only here).
 * Besides the types it passes on the few error helpers resolvers raise with; it imports
 * nothing from resolvers/, so resolvers importing it makes no cycle.
 */
import type DataLoader from 'dataloader';
import type { Principal } from '../auth/principal.ts';
import type { CancelOnDisconnect } from '../cancel-on-disconnect/switches.ts';
import type {
  AccountInfo,
  OrderRecord,
  RefereeRebateSummary,
  RefereeRebateSummaryQuery,
  ReferralAdminInfo,
  ReferralAdminInfoQuery,
} from '../contract/wire.ts';
import type { Idempotency } from '../idempotency/index.ts';
import type { LiveMetrics } from '../live/metrics.ts';
import type { OrderWaits } from '../live/order-waits.ts';
import type { ResumeBounds } from '../live/resume-bounds.ts';
import type { AlgoOrderModel } from '../models/algo-order.ts';
import type { OrderFillsKey } from '../models/trade.ts';
import type { TradingScreens } from '../screen/trading-screens.ts';
import type { AccountApi, UpstreamApi } from '../upstream/api.ts';
import type { StreamHub } from '../upstream/stream/index.ts';
import type { FillModel } from '../upstream/stream/models.ts';
import { type ErrorCode, unauthenticated } from './errors.ts';

export { mutation, orThrowCoded } from './error-map.ts';
export {
  BatchItemErrorMember,
  ErrorMember,
  gqlError,
  InputErrorMember,
  inputRefusal,
  RateLimitedErrorMember,
  UpstreamRejectedErrorMember,
  UpstreamUnavailableErrorMember,
  unauthenticated,
} from './errors.ts';
export { type InputIssue, inputIssuesError } from './validation.ts';

/** Per-request GraphQL context, bound by `bindGatewayContext` in src/resolvers/context.ts. */
export interface GatewayContext {
  /** The authenticated caller, or null for anonymous requests. */
  principal: Principal | null;
  upstream: UpstreamApi;
  /** The upstream bound to the caller's account; null when anonymous. */
  account: AccountApi | null;
  /**
   * HTTP attempts the operation sent upstream so far (0 when it failed before sending any:
   * an open circuit, a budget or deadline refusal; undefined before its first upstream call).
   * Read by the idempotency plugin.
   */
  readonly upstreamAttempts?: number;
  /** Per-request DataLoaders (deduplicate and batch within one request). */
  loaders: Loaders;
  /** Exactly-once placements (set by the idempotency plugin); absent: no records kept. */
  idempotency?: Idempotency;
  /** Live updates (subscriptions); absent when the gateway runs without streams. */
  live?: LiveContext;
  /** SSE's `Last-Event-ID` request header: where a resumed account subscription starts. */
  lastEventId?: string;
  /**
   * The operation's deadline (`UPSTREAM_DEADLINE_MS` from its start; `at` on the
   * performance.now clock): a mutation's wait for its outcome ends before it. Absent: none.
   */
  readonly operationDeadline?: { readonly budgetMs: number; readonly at: number };
  /** Codes of the error members the operation's mutations answered with (refusals-plugin.ts). */
  refusals?: ErrorCode[];
}

/** Per-request DataLoaders (built by `createLoaders` in src/resolvers/loaders.ts). */
export interface Loaders {
  /** The caller's account information, keyed by account id (one key per request). */
  accountInfo: DataLoader<string, AccountInfo>;
  /** Orders by client_order_id: one upstream call per distinct id, all in parallel. */
  order: DataLoader<string, OrderRecord>;
  /** Orders by exchange order id, the same way. */
  orderById: DataLoader<number, OrderRecord>;
  /** Working algo orders (roots, legs nested) by account id: one read per request. */
  algoOrders: DataLoader<string, AlgoOrderModel[]>;
  /** Orders' fills, every order of the request in one batch (one read per page of trades). */
  orderFills: DataLoader<OrderFillsKey, FillModel[], number>;
  referralAdminInfo: DataLoader<ReferralAdminInfoQuery, ReferralAdminInfo, string>;
  refereeRebateSummary: DataLoader<RefereeRebateSummaryQuery, RefereeRebateSummary, string>;
}

/** A subscriber's queue as a shutdown sees it: ending it completes the subscription. */
export interface LiveQueue {
  end(): void;
}

/** What subscriptions need in the request context (set by `useLive`). */
export interface LiveContext {
  hub: StreamHub;
  /** The replica's upstream, under no request's deadline: reads of long-lived subscriptions. */
  upstream: UpstreamApi;
  /** The replica's trading screens (one computation per account, symbol and depth). */
  screens: TradingScreens;
  /** The broker whose tickers the public subscriptions follow (`SVC_BROKER_ID`). */
  brokerId: string;
  /** Events a subscriber may fall behind before it is ended. */
  queueMax: number;
  /** Every live subscriber's queue on this replica (a shutdown completes them). */
  active: Set<LiveQueue>;
  /** Subscriber and delivery counts for /metrics. @default none */
  metrics?: LiveMetrics;
  /** Bounds of resumed account subscriptions. */
  resume: ResumeBounds;
  /** Mutations waiting for their outcome on the private stream, under their bounds. */
  waits: OrderWaits;
  /** Cancel-on-disconnect sessions of this replica. @default none (the subscription is refused) */
  cancelOnDisconnect?: CancelOnDisconnect;
}

/** A per-symbol number of a wire map (`imr_factor`, `pair_overrides`), as a list entry. */
export interface SymbolValue {
  symbol: string;
  value: number;
}

/** The caller's account (UNAUTHENTICATED when anonymous; scope auth usually refuses at first). */
export function requireAccount(ctx: GatewayContext): AccountApi {
  if (!ctx.account) throw unauthenticated();
  return ctx.account;
}
