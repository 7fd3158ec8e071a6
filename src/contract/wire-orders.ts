/**
 * Wire types of the order endpoints (snake_case, as the spec names them): placement, batch,
 * cancel, edit and list, with the order enumerations. Re-exported by wire.ts.
 */

import {
  MARGIN_MODES,
  ORDER_SORTS,
  ORDER_STATUS_FILTERS,
  ORDER_STATUSES,
  ORDER_TYPES,
  SIDES,
  FINAL_ORDER_STATUSES as SPEC_FINAL_ORDER_STATUSES,
} from './constants.ts';

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

/** Body of POST /v1/order/cancel_all_after: ms, 5,000 to 900,000; 0 turns the switch off. */
export interface CancelAllAfterBody {
  trigger_after: number;
}

/**
 * `data` of POST /v1/order/cancel_all_after: when the switch fires (ms; 0 when turned off).
 * The facts' example writes it as a string (UNVERIFIED which): both are read.
 */
export interface CancelAllAfterResult {
  expected_trigger_time: number | string;
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

/** `data.meta` of the paged lists. */
export interface PageMeta {
  records_per_page: number;
  current_page: number;
  total: number;
}
