/**
 * A screen's open orders from both sources, in one shape: the REST rows of the first read
 * (GET /v1/orders) and the private stream's `executionreport` changes after it.
 */
import { FINAL_ORDER_STATUSES, type OrderRecord, type OrderStatus } from '../contract/wire.ts';
import type { ScreenOrderModel } from '../models/trading-screen.ts';
import type { OrderUpdateModel } from '../upstream/stream/models.ts';

/** Statuses of an order that rests in the book (the others are on their way in or out). */
const RESTING: readonly OrderStatus[] = ['NEW', 'PARTIAL_FILLED', 'REPLACED'];

export const isFinal = (status: OrderStatus): boolean => FINAL_ORDER_STATUSES.includes(status);

/** Quantity still in the book: 0 for an order that is not resting or has no price. */
export function restingQuantity(order: ScreenOrderModel): number {
  if (!RESTING.includes(order.status) || order.price === null || order.quantity === null) return 0;
  return Math.max(0, order.quantity - order.executedQuantity);
}

export function screenOrderFromRest(rec: OrderRecord): ScreenOrderModel {
  return {
    orderId: rec.order_id,
    clientOrderId: rec.client_order_id === '' ? null : String(rec.client_order_id),
    side: rec.side,
    type: rec.type,
    status: rec.status,
    price: rec.price || null,
    quantity: rec.quantity || null,
    executedQuantity: rec.total_executed_quantity ?? rec.executed_quantity ?? 0,
    averageExecutedPrice: rec.average_executed_price || null,
    reduceOnly: rec.reduce_only ?? false,
    marginMode: rec.margin_mode ?? null,
    // Hidden (0) or iceberg (less than the quantity): the book does not show it whole.
    visible: rec.visible_quantity === null || rec.visible_quantity >= (rec.quantity ?? 0),
    updatedAt: rec.updated_time,
  };
}

/**
 * A stream change over what was known of the order (`known`): the push carries no visible
 * quantity, so a hidden order stays hidden; fields the push leaves out keep their value.
 */
export function screenOrderFromStream(
  u: OrderUpdateModel,
  known: ScreenOrderModel | undefined,
): ScreenOrderModel {
  return {
    orderId: u.orderId,
    clientOrderId: u.clientOrderId ?? known?.clientOrderId ?? null,
    side: u.side,
    type: u.type,
    status: u.status,
    price: u.price ?? known?.price ?? null,
    quantity: u.quantity ?? known?.quantity ?? null,
    executedQuantity: u.executedQuantity,
    averageExecutedPrice: u.avgPrice ?? known?.averageExecutedPrice ?? null,
    reduceOnly: u.reduceOnly ?? known?.reduceOnly ?? false,
    marginMode: u.marginMode ?? known?.marginMode ?? null,
    visible: known?.visible ?? true,
    updatedAt: u.timestamp,
  };
}
