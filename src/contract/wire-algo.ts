/**
 * Wire types of the algo-order and leverage endpoints (reference/market-algo-risk-facts.md §3
 * and §4), snake_case as the REST API writes them; the `algoexecutionreport` push is in
 * wire-algo-stream.ts. docs/algo-orders.md says which UNVERIFIED points were chosen how.
 */
import type { MarginMode, PageMeta, Side } from './wire-orders.ts';

/** Root `algo_type` of an algo order. */
export const ALGO_TYPES = [
  'STOP',
  'TP_SL',
  'POSITIONAL_TP_SL',
  'BRACKET',
  'TRAILING_STOP',
] as const;
export type AlgoType = (typeof ALGO_TYPES)[number];
/** `algo_type` of a take-profit or stop-loss leg. */
export const ALGO_LEG_TYPES = ['TAKE_PROFIT', 'STOP_LOSS'] as const;
export type AlgoLegType = (typeof ALGO_LEG_TYPES)[number];
/** `type` of a root (STOP, BRACKET, TRAILING_STOP) order. */
export const ALGO_ORDER_TYPES = ['LIMIT', 'MARKET'] as const;
export type AlgoOrderType = (typeof ALGO_ORDER_TYPES)[number];
/** `type` of a leg: CLOSE_POSITION only on POSITIONAL_TP_SL legs. */
export const ALGO_LEG_ORDER_TYPES = ['LIMIT', 'MARKET', 'CLOSE_POSITION'] as const;
export type AlgoLegOrderType = (typeof ALGO_LEG_ORDER_TYPES)[number];
/** The only trigger price type. */
export const TRIGGER_PRICE_TYPES = ['MARK_PRICE'] as const;
export type TriggerPriceType = (typeof TRIGGER_PRICE_TYPES)[number];
/** What an algo order reads as (`algo_status`); REPLACED for one event after an edit. */
export const ALGO_STATUSES = [
  'NEW',
  'REPLACED',
  'PARTIAL_FILLED',
  'FILLED',
  'CANCELLED',
  'REJECTED',
] as const;
export type AlgoStatus = (typeof ALGO_STATUSES)[number];
/** `status` filter of GET /v1/algo/orders (INCOMPLETE: NEW + PARTIAL_FILLED; COMPLETED: final). */
export const ALGO_STATUS_FILTERS = [
  'NEW',
  'CANCELLED',
  'PARTIAL_FILLED',
  'FILLED',
  'REJECTED',
  'INCOMPLETE',
  'COMPLETED',
] as const;
export type AlgoStatusFilter = (typeof ALGO_STATUS_FILTERS)[number];

/** A leg (or BRACKET's TP/SL child) of POST /v1/algo/order; each carries its own signature. */
export interface AlgoChildParams {
  symbol: string;
  algo_type: AlgoLegType | 'TP_SL' | 'POSITIONAL_TP_SL';
  side?: Side;
  type?: AlgoLegOrderType;
  trigger_price?: number;
  price?: number;
  reduce_only?: boolean;
  trigger_price_type?: TriggerPriceType;
  /** The SDK's switch: a leg sent `false` is dropped (not placed). */
  is_activated?: boolean;
  /** BRACKET's TP/SL child holds the two legs. */
  child_orders?: AlgoChildParams[];
}

/** Body of POST /v1/algo/order (every object of the tree adds its `signature`). */
export interface CreateAlgoOrderParams {
  symbol: string;
  algo_type: AlgoType;
  client_order_id?: string;
  /** Required for STOP, BRACKET and TRAILING_STOP (MARKET only). */
  type?: AlgoOrderType;
  price?: number;
  /** Not for POSITIONAL_TP_SL (it follows the position). */
  quantity?: number;
  trigger_price_type?: TriggerPriceType;
  trigger_price?: number;
  reduce_only?: boolean;
  visible_quantity?: boolean;
  side?: Side;
  order_tag?: string;
  child_orders?: AlgoChildParams[];
  margin_mode?: MarginMode;
  /** TRAILING_STOP: the SDK's snake_case; the camelCase spellings of [OA] are accepted too. */
  activated_price?: number;
  /** A fraction: 0.1 = 10 %. Exactly one of callback_rate and callback_value. */
  callback_rate?: number;
  callback_value?: number;
}

/** `data` of POST /v1/algo/order: the root's id. */
export interface AlgoOrderCreated {
  order_id: number;
  client_order_id: string | null;
  algo_type: AlgoType;
  /** The root's quantity; a POSITIONAL_TP_SL's is the position's size now. */
  quantity: number;
}

/** One leg's change in PUT /v1/algo/order. */
export interface EditAlgoChildParams {
  order_id: number | string;
  trigger_price?: number;
  price?: number;
  quantity?: number;
  /** false switches the leg off (CANCELLED); at least one leg must stay on. */
  is_activated?: boolean;
  trigger_price_type?: TriggerPriceType;
}

/** Body of PUT /v1/algo/order: only prices, quantities and legs' switches change. */
export interface EditAlgoOrderParams {
  order_id: number | string;
  price?: number;
  quantity?: number;
  trigger_price?: number;
  trigger_price_type?: TriggerPriceType;
  child_orders?: EditAlgoChildParams[];
}

export interface CancelAlgoOrderQuery {
  order_id: number;
  symbol: string;
}

export interface CancelAlgoClientOrderQuery {
  client_order_id: string;
  symbol: string;
}

/** `algo_type` STOP also cancels TP_SL and POSITIONAL_TP_SL ([OA]: "both TAKE_PROFIT and STOP_LOSS"). */
export interface CancelAlgoOrdersQuery {
  symbol?: string;
  algo_type?: AlgoType;
}

/** Query of GET /v1/algo/orders; `size` at most 500, default 25. */
export interface ListAlgoOrdersQuery {
  symbol?: string;
  order_type?: AlgoOrderType;
  status?: AlgoStatusFilter;
  order_tag?: string;
  start_t?: number;
  end_t?: number;
  page?: number;
  size?: number;
  side?: Side;
  algo_type?: AlgoType;
  is_triggered?: boolean;
}

/** One algo order (root or leg), as GET /v1/algo/order/{order_id} and the lists answer. */
export interface AlgoOrderRow {
  algo_order_id: number;
  client_order_id: string | null;
  root_algo_order_id: number;
  /** 0 for a root. */
  parent_algo_order_id: number;
  parent_algo_type: AlgoType | null;
  symbol: string;
  algo_type: AlgoType | AlgoLegType;
  side: Side | null;
  type: AlgoLegOrderType | null;
  quantity: number;
  price: number | null;
  trigger_price: number | null;
  trigger_price_type: TriggerPriceType;
  algo_status: AlgoStatus;
  root_algo_status: AlgoStatus;
  /** Same value as `root_algo_status` (the SDK reads this spelling). */
  root_algo_order_status: AlgoStatus;
  /** A boolean here; the [OA] example shows the text "false". */
  is_triggered: boolean;
  is_activated: boolean;
  reduce_only: boolean;
  visible_quantity: number | null;
  order_tag: string | null;
  margin_mode: MarginMode;
  fee_asset: string;
  executed_quantity: number;
  total_executed_quantity: number;
  average_executed_price: number | null;
  total_fee: number;
  /** Realized PnL of the order it triggered (the spec's 2024-04-16 change). */
  realized_pnl: number;
  trigger_time: number | null;
  activated_price: number | null;
  callback_rate: number | null;
  callback_value: number | null;
  /** TRAILING_STOP: the best mark since activation. */
  extreme_price: number | null;
  created_time: number;
  updated_time: number;
  child_orders: AlgoOrderRow[];
}

/** `data` of GET /v1/algo/orders: roots, each with its legs nested. */
export interface AlgoOrderList {
  meta: PageMeta;
  rows: AlgoOrderRow[];
}

/** Query of GET /v1/client/leverage; `margin_mode` defaults to CROSS. */
export interface LeverageQuery {
  symbol: string;
  margin_mode?: MarginMode;
}

/** `data` of GET /v1/client/leverage, and a row of GET /v1/client/leverages. */
export interface LeverageSetting {
  symbol: string;
  margin_mode: MarginMode;
  leverage: number;
}

/**
 * Body of POST /v1/client/leverages and POST /v1/client/leverage (both served, same rules):
 * no `symbol` sets every symbol, each to min(leverage, its maximum).
 */
export interface SetLeverageBody {
  symbol?: string;
  /** An integer from 1 to 100, at most the symbol's maximum. */
  leverage: number;
  margin_mode?: MarginMode;
}

/** `data` of both leverage updates; `symbol` absent for an every-symbol update. */
export interface LeverageUpdated {
  symbol?: string;
  margin_mode: MarginMode;
  leverage: number;
}
