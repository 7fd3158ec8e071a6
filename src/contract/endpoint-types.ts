/**
 * The shape of a row of the endpoint table (endpoints.ts); endpoint-parts.ts holds the pieces
 * rows share, the fields-*.ts files the rows' field tables.
 */
import type { FieldTable } from './field-types.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * public: unsigned; private: ed25519 request signature; trading: plus the trading key and
 * the order signature; broker_admin: signed by the broker administrator.
 */
export type AuthKind = 'public' | 'private' | 'trading' | 'broker_admin';

/**
 * Where the order signature goes (`trading` endpoints only):
 * - `body`: over the body's fields, added to the body as `signature`;
 * - `items`: over each item of `body.orders`, added to that item;
 * - `query`: over the query parameters; the query is sent as the normalized string with
 *   `signature=…` appended, so the request signature covers it too;
 * - `tree`: over each object of the body's tree (the root and, recursively, every item of its
 *   `child_orders`), each over its own fields but `child_orders`, added to that object as
 *   `signature` (algo orders: every algo order of the tree is an order; docs/algo-orders.md).
 */
export type SignaturePlacement = 'none' | 'body' | 'items' | 'query' | 'tree';

/**
 * What happens when a call may or may not have reached the upstream:
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

export type CacheGroup =
  | 'accountInfo'
  | 'order'
  | 'orders'
  | 'positions'
  | 'balances'
  | 'leverage'
  | 'algoOrders'
  | 'referralAdminInfo'
  | 'refereeRebateSummary'
  | 'symbolRules'
  | 'marketPrices'
  | 'fundingRates'
  | 'marketTrades'
  | 'orderBook'
  | 'klines'
  | 'trades'
  | 'positionHistory'
  | 'assetHistory'
  | 'liquidations'
  | 'fundingFees'
  | 'pnlSettlements';

export interface CachePolicy {
  group: CacheGroup;
  /**
   * Which TTL of `UpstreamConfig.cache` applies; `order` picks open or final by status;
   * `live` (order lists, positions, balances: they move with the market) the open-order TTL;
   * `marketRules` symbol rules (long), `market` prices, books, trades, candles (short).
   */
  ttl: 'account' | 'order' | 'live' | 'referral' | 'marketRules' | 'market';
  /**
   * Market data, the same whoever asks: one entry for every account and anonymous caller
   * (even of a signed read), under its own key and TTL; no mutation invalidates it.
   */
  shared?: true;
}

/** Whose budget a request spends. */
export type LimitScope = 'account' | 'ip' | 'account_ip';

export interface SpecLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  scope: LimitScope;
  /** spec: the spec's Limits table; facts: upstream-facts.md; default: undocumented, 10/s. */
  source: 'spec' | 'facts' | 'default';
  /** Each item of a request also spends one of this endpoint's budget (batch create). */
  perItem?: string;
}

export interface Endpoint {
  /** The gateway's method name (`AccountApi`), also the catalog entry's name. */
  name: string;
  auth: AuthKind;
  signature: SignaturePlacement;
  idempotency: Idempotency;
  /** Fields of its JSON body; an endpoint without a table refuses a non-empty body. */
  body?: FieldTable;
  /** Query parameters taken, with their rules; any other name is 400 -1004. */
  query?: FieldTable;
  /** null: never cached (mutations, nonces). Cached reads are also coalesced in-process. */
  cache: CachePolicy | null;
  /** Cache groups of the same account a successful (or ambiguous) call makes stale. */
  invalidates: readonly CacheGroup[];
  /** Fields `data` must carry; null when the endpoint answers without data. */
  data: readonly string[] | null;
  /** false: the body is the payload itself, no `{success, data}` envelope (TradingView). */
  envelope?: false;
  limit: SpecLimit;
  /**
   * Name of the gateway's budget in store keys (`…:rl:<budget>`); set exactly when the limit
   * is documented (an invented limit would refuse legitimate traffic).
   */
  budget?: string;
}
