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

import type { MarginMode, PageMeta } from './wire-orders.ts';

export * from './wire-orders.ts';

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
