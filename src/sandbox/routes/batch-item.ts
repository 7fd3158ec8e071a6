/** One item of POST /v1/batch-order placed, and the answer row it gets (batch.ts). */
import { ApiError } from '../errors.ts';
import { created } from '../records.ts';
import type { Account, SandboxState } from '../state.ts';
import type { TradingEngine } from '../trading.ts';
import type { Json } from '../validation.ts';
import { parseOrder } from './order-parse.ts';

export interface BatchRow {
  success: boolean;
  order_id: number | null;
  client_order_id: string | null;
  order_type: string | null;
  order_price: number | null;
  order_quantity: number | null;
  order_amount: number | null;
  error_message: string;
}

const given = <T>(item: Json, field: string, type: 'string' | 'number'): T | null =>
  typeof item[field] === type ? (item[field] as T) : null;

/** Places one item; a broken rule or risk check is its row with `success: false`. */
export function placeItem(
  state: SandboxState,
  engine: TradingEngine,
  account: Account,
  item: Json,
  index: number,
): BatchRow {
  try {
    const order = engine.place(account, parseOrder(state, account, item, `orders[${index}].`));
    return { success: true, ...created(order), order_amount: order.amount };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return {
      success: false,
      order_id: null,
      client_order_id: given(item, 'client_order_id', 'string'),
      order_type: given(item, 'order_type', 'string'),
      order_price: given(item, 'order_price', 'number'),
      order_quantity: given(item, 'order_quantity', 'number'),
      order_amount: given(item, 'order_amount', 'number'),
      error_message: error.message,
    };
  }
}
