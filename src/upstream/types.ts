/**
 * Wire types of the svc REST API, exactly as the spec names them (snake_case).
 * Shared by the sandbox (which serves them), the upstream client (which sends and
 * parses them) and the resolvers (which map them to GraphQL camelCase).
 */

export interface Envelope<T = undefined> {
  success: boolean;
  /** Server time in milliseconds. */
  timestamp?: number;
  data?: T;
}

/** Error body of the real service: `{"success": false, "code": -1005, "message": "…"}`. */
export interface ErrorBody {
  success: false;
  /** Usually a number, seen as a string (`"-1011"`) too. */
  code: number | string;
  message: string;
  timestamp?: number;
}

// The spec's enumerations live in one module the sandbox reads too.
import {
  MARGIN_MODES,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
  ORDER_STATUSES,
  ORDER_TYPES,
  SIDES,
  FINAL_ORDER_STATUSES as SPEC_FINAL_ORDER_STATUSES,
} from '../spec/constants.ts';

export { MARGIN_MODES, ORDER_SORTS, ORDER_STATUS_FILTERS, ORDER_STATUSES, ORDER_TYPES, SIDES };
export type OrderType = (typeof ORDER_TYPES)[number];
export type Side = (typeof SIDES)[number];
export type MarginMode = (typeof MARGIN_MODES)[number];
/** Every status an order can read as (the facts' full set). */
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = SPEC_FINAL_ORDER_STATUSES;
/** `status` filter of GET /v1/orders: a status, or INCOMPLETE (open) / COMPLETED (final). */
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];
export type OrderSort = (typeof ORDER_SORTS)[number];
export const REFERRAL_SORTS = ['total_invites', 'total_traded', 'referee_volume'] as const;
export type ReferralSort = (typeof REFERRAL_SORTS)[number];

/** `data` of GET /v1/client/info. */
export interface AccountInfo {
  account_id: string;
  email: string;
  /** The only value that appears is FUTURES. */
  account_mode: string;
  max_leverage: number;
  taker_fee_rate: number;
  maker_fee_rate: number;
  rwa_taker_fee_rate?: number;
  rwa_maker_fee_rate?: number;
  futures_taker_fee_rate: number;
  futures_maker_fee_rate: number;
  maintenance_cancel_orders: boolean;
  imr_factor: Record<string, number>;
  max_notional?: Record<string, number>;
}

/** Order parameters covered by the order signature (everything but `signature`). */
export interface CreateOrderParams {
  symbol: string;
  order_type: OrderType;
  side: Side;
  client_order_id?: string | null;
  order_price?: number;
  order_quantity?: number;
  order_amount?: number;
  visible_quantity?: number;
  reduce_only?: boolean;
  slippage?: number;
  order_tag?: string;
  level?: number;
  post_only_adjust?: boolean;
  margin_mode?: MarginMode;
}

/** Body of POST /v1/order. */
export interface CreateOrderBody extends CreateOrderParams {
  /** Order signature: 130 hex characters. */
  signature: string;
}

/** `data` of POST /v1/order. */
export interface OrderCreated {
  order_id: number;
  client_order_id: string | null;
  order_type: OrderType;
  order_price: number | null;
  order_quantity: number | null;
  error_message: string;
}

/** `data` of GET /v1/client/order/{client_order_id}. */
export interface OrderRecord {
  order_id: number;
  user_id: number;
  price: number | null;
  type: OrderType;
  quantity: number | null;
  amount: number | null;
  total_executed_quantity: number;
  visible_quantity: number | null;
  symbol: string;
  side: Side;
  status: OrderStatus;
  total_fee: number;
  fee_asset: string;
  client_order_id: string | number;
  average_executed_price: number | null;
  created_time: number;
  updated_time: number;
  realized_pnl: number;
  executed_quantity: number;
  visible: number;
  executed: number;
  reduce_only: boolean | null;
  order_tag: string | null;
  margin_mode: MarginMode;
}

/** One row of POST /v1/batch-order's `data.rows`, in the order of the items sent. */
export interface BatchOrderRow {
  success: boolean;
  order_id: number | null;
  client_order_id: string | null;
  order_type: OrderType | null;
  order_price: number | null;
  order_quantity: number | null;
  order_amount: number | null;
  error_message: string;
}

/** `data` of POST /v1/batch-order. */
export interface BatchOrderResult {
  rows: BatchOrderRow[];
}

/** Query of DELETE /v1/order (signed). */
export interface CancelOrderQuery {
  order_id: number;
  symbol: string;
}

/** Query of DELETE /v1/client/order (signed). */
export interface CancelClientOrderQuery {
  client_order_id: string;
  symbol: string;
}

/** `data` of the cancels (CANCEL_SENT, CANCEL_ALL_SENT) and of the edit (EDIT_SENT). */
export interface StatusResult {
  status: string;
}

/** Body of PUT /v1/order (signed over every non-null field). Only price and quantity change. */
export interface EditOrderParams {
  /** Documented as a string; numbers are accepted too. */
  order_id: string;
  symbol: string;
  side: Side;
  order_type: OrderType;
  order_price: number;
  order_quantity: number;
  client_order_id?: string;
  reduce_only?: boolean;
  visible_quantity?: number;
}

/** Query of GET /v1/orders; every field optional. */
export interface ListOrdersQuery {
  symbol?: string;
  side?: Side;
  order_type?: OrderType;
  status?: OrderStatusFilter;
  order_tag?: string;
  /** Created time range, ms. */
  start_t?: number;
  end_t?: number;
  /** From 1. */
  page?: number;
  /** 1 to 500, default 25. */
  size?: number;
  sort_by?: OrderSort;
}

/** `data` of GET /v1/orders. */
export interface OrderList {
  meta: PageMeta;
  rows: OrderRecord[];
}

/** One row of GET /v1/positions: one per (symbol, margin_mode). */
export interface PositionRow {
  symbol: string;
  /** Negative: short. */
  position_qty: number;
  /** position_qty × average_open_price (signed). */
  cost_position: number;
  average_open_price: number;
  mark_price: number;
  est_liq_price: number | null;
  unsettled_pnl: number;
  pnl_24_h: number;
  fee_24_h: number;
  pending_long_qty: number;
  pending_short_qty: number;
  leverage: number;
  margin_mode: MarginMode;
  imr: number;
  mmr: number;
  timestamp: number;
}

/** `data` of GET /v1/positions. */
export interface Positions {
  free_collateral: number;
  total_collateral_value: number;
  margin_ratio: number;
  initial_margin_ratio: number;
  maintenance_margin_ratio: number;
  open_margin_ratio: number;
  total_pnl_24_h: number;
  rows: PositionRow[];
}

/** One entry of GET /v1/client/holding's `data.holding`. */
export interface Holding {
  token: string;
  holding: number;
  frozen: number;
  pending_short: number;
  updated_time: number;
}

/** `data` of GET /v1/client/holding. */
export interface Holdings {
  holding: Holding[];
}

/** Body of POST /v1/client/margin_mode. */
export interface SetMarginModeBody {
  symbol: string;
  default_margin_mode: MarginMode;
}

/** Body of POST /v2/internal_transfer. */
export interface InternalTransferBody {
  signature: string;
  userAddress: string;
  verifyingContract: string;
  message: {
    receiver: string;
    token: string;
    /** Amounts may arrive as strings. */
    amount: number | string;
    transferNonce: string;
    chainId: string;
    chainType: string;
  };
}

export interface InternalTransferResult {
  internal_transfer_request_id: number;
}

export interface WithdrawNonce {
  withdraw_nonce: number;
}

export interface StrategyVaultNonce {
  nonce: number;
}

/** Body of POST /v1/broker/fee_rate/default. Every rate a multiple of 0.00001. */
export interface DefaultFeeRatesBody {
  maker_fee_rate: number;
  taker_fee_rate: number;
  rwa_maker_fee_rate?: number;
  rwa_taker_fee_rate?: number;
}

/** Body of PUT /v1/broker/order_enum/{enum_id}. `pair_overrides`: omitted/null keeps, `{}` clears. */
export interface OrderTagFeeConfigBody {
  name?: string;
  description?: string;
  default_fee_rate?: number;
  pair_overrides?: Record<string, number> | null;
}

/** Body of POST /v1/admin/points/stage: create without `stage_id`, update with it. */
export interface PointsStageBody {
  stage_name?: string;
  start_date?: string;
  end_date?: string;
  volume_boost?: number;
  pnl_boost?: number;
  l1_referral_boost?: number;
  l2_referral_boost?: number;
  /** Named exactly so by the upstream. */
  is_continous?: boolean;
  stage_id?: number;
}

/** Body of POST /v1/referral/create; every field required. */
export interface ReferralCreateBody {
  account_id: string;
  referral_code: string;
  max_rebate_rate: number;
  referrer_rebate_rate: number;
  referee_rebate_rate: number;
}

/** Body of POST /v1/referral/multi_level/admin/update/affiliate. */
export interface AffiliateRebateRateBody {
  rebate_rate: number;
  account_ids: string[];
}

/** Query of GET /v1/referral/admin_info; all optional strings on the wire. */
export interface ReferralAdminInfoQuery {
  page?: number;
  size?: number;
  user_address?: string;
  account_id?: string;
  sort_by?: ReferralSort;
}

export interface ReferralCode {
  code: string;
  max_rebate_rate: number;
  referrer_rebate_rate: number;
  referee_rebate_rate: number;
  total_referrer_rebate: number;
  total_referee_rebate: number;
}

export interface ReferralAdminRow {
  account_id: string;
  user_address: string;
  number_of_codes: string;
  total_invites: number;
  total_traded: number;
  referee_volume: number;
  referee_fee: number;
  svc_fee: number;
  referral_codes: ReferralCode[];
}

export interface PageMeta {
  records_per_page: number;
  current_page: number;
  total: number;
}

export interface ReferralAdminInfo {
  rows: ReferralAdminRow[];
  meta: PageMeta;
}

/** Query of GET /v1/referral/referee_rebate_summary (dates YYYY-MM-DD). */
export interface RefereeRebateSummaryQuery {
  start_date?: string;
  end_date?: string;
}

export interface RefereeRebateRow {
  referee_rebate: number;
  date: string;
}

export interface RefereeRebateSummary {
  rows: RefereeRebateRow[];
}
