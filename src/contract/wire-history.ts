/**
 * Wire shapes of the account history lists (reference/market-algo-risk-facts.md §6), snake_case
 * as the facts give them: asset (deposit/withdrawal) history, trades, position history,
 * liquidations, funding fees and PnL settlements. Every list but the position history pages
 * by number (`page`, `size`) with `data.meta`; all are newest first (docs/api.md, "Account
 * history": the order is the sandbox's, UNVERIFIED upstream).
 */
import type { WalletSide, WalletStatus } from './constants.ts';
import type { MarginMode, PageMeta, Side } from './wire-orders.ts';

/** `size` of the numbered lists: at most 500 (the facts' trades figure, taken for all). */
export const HISTORY_SIZE_MAX = 500;
export const HISTORY_SIZE_DEFAULT = 25;
/** GET /v1/funding_fee/history: `size` default 60 [OA]. */
export const FUNDING_SIZE_DEFAULT = 60;
/** GET /v1/position_history: `limit` rows, newest first; its maximum is UNVERIFIED. */
export const POSITION_HISTORY_LIMIT_MAX = 500;

/** `status` filter of GET /v1/asset/history (the rows carry `trans_status` instead). */
export const ASSET_STATUS_FILTERS = [
  'NEW',
  'CONFIRM',
  'PROCESSING',
  'COMPLETED',
  'FAILED',
  'PENDING_REBALANCE',
] as const;
export type AssetStatusFilter = (typeof ASSET_STATUS_FILTERS)[number];

export const FUNDING_PAYMENT_TYPES = ['Receive', 'Pay'] as const;
export type FundingPaymentType = (typeof FUNDING_PAYMENT_TYPES)[number];
export const FUNDING_FEE_STATUSES = ['Accrued', 'Settled'] as const;
export type FundingFeeStatus = (typeof FUNDING_FEE_STATUSES)[number];
export const LIQUIDATION_SORTS = ['liquidation_id', 'time'] as const;
export type LiquidationSort = (typeof LIQUIDATION_SORTS)[number];

/** The time window and page every numbered history list takes (ms, both bounds inclusive). */
export interface HistoryWindow {
  start_t?: number;
  end_t?: number;
  page?: number;
  size?: number;
}

export interface AssetHistoryQuery extends HistoryWindow {
  token?: string;
  side?: WalletSide;
  status?: AssetStatusFilter;
}

export interface SymbolHistoryQuery extends HistoryWindow {
  symbol?: string;
}

export interface LiquidationsQuery extends SymbolHistoryQuery {
  sort_by?: LiquidationSort;
  liquidation_id?: number;
}

export interface PositionHistoryQuery {
  symbol?: string;
  limit: number;
}

/** A row of GET /v1/asset/history; `id` and `chain_id` are strings. */
export interface AssetHistoryRow {
  id: string;
  tx_id: string | null;
  side: WalletSide;
  token: string;
  amount: number;
  fee: number;
  trans_status: WalletStatus;
  created_time: number;
  updated_time: number;
  chain_id: string;
}

/** A row of GET /v1/trades and GET /v1/order/{order_id}/trades. */
export interface TradeRow {
  id: number;
  symbol: string;
  fee: number;
  fee_asset: string;
  side: Side;
  order_id: number;
  executed_price: number;
  executed_quantity: number;
  executed_timestamp: number;
  /** 0 or 1. */
  is_maker: number;
  realized_pnl: number;
  match_id: number;
  margin_token?: string;
  margin_change_qty?: number;
  margin_mode?: MarginMode;
  order_enum_fee?: number;
  order_enum_fee_rate?: number;
}

/** A row of GET /v1/position_history (field names as [OA]; the SDK's differ, UNVERIFIED). */
export interface PositionHistoryRow {
  position_id: number;
  status: string;
  type: string;
  symbol: string;
  avg_open_price: number;
  avg_close_price: number;
  max_position_qty: number;
  closed_position_qty: number;
  side: 'LONG' | 'SHORT';
  trading_fee: number;
  accumulated_funding_fee: number;
  insurance_fund_fee: number;
  liquidator_fee: number;
  liquidation_id: number | null;
  realized_pnl: number;
  open_timestamp: number;
  close_timestamp: number;
  last_update_timestamp: number;
  leverage: number;
  margin_mode: MarginMode;
}

export interface LiquidationPerpRow {
  symbol: string;
  position_qty: number;
  total_position: number;
  mark_price: number;
  liquidator_fee: number;
  cost_position_transfer: number;
  transfer_price: number;
  insurance_fund_fee: number;
  abs_insurance_fund_fee: number;
  abs_liquidator_fee: number;
}

/** A row of GET /v1/liquidations. */
export interface LiquidationRow {
  liquidation_id: number;
  timestamp: number;
  transfer_amount_to_insurance_fund: number;
  margin_ratio: number;
  account_mmr: number;
  position_notional: number;
  collateral_value: number;
  positions_by_perp: LiquidationPerpRow[];
}

/** A row of GET /v1/funding_fee/history: one funding period of one position. */
export interface FundingFeeRow {
  symbol: string;
  funding_rate: number;
  mark_price: number;
  /** What moved, ≥ 0; `payment_type` says which way. */
  funding_fee: number;
  payment_type: FundingPaymentType;
  status: FundingFeeStatus;
  created_time: number;
  updated_time: number;
  margin_mode: MarginMode;
}

/** A row of GET /v1/pnl_settlement/history (the `settle` push's fields and the symbols). */
export interface PnlSettlementRow {
  id: number;
  old_balance: number;
  new_balance: number;
  settled_amount: number;
  requested_time: number;
  settled_time: number;
  status: string;
  symbols: { symbol: string; settled_amount: number }[];
}

/** `data` of a numbered history list. */
export interface HistoryPage<R> {
  meta: PageMeta;
  rows: R[];
}

/** `data` of GET /v1/position_history and GET /v1/order/{order_id}/trades: rows, no meta. */
export interface HistoryRows<R> {
  rows: R[];
}
