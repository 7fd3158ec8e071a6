/**
 * One shape for an open order, whether it comes from a query (`OrderFields`), a mutation's
 * answer or the `orderUpdates` stream (`OrderUpdate`), so the open-orders panel, the book's
 * own-order marks and the fills list read one thing.
 */
import type {
  OrderFieldsFragment,
  OrderStatus,
  OrderType,
  OrderUpdatesSubscription,
  Side,
} from '../../../operations/generated/graphql.ts';
import type { RowPolicy } from './live-rows.ts';

export interface OpenOrder {
  orderId: string;
  clientOrderId: string | null;
  symbol: string;
  side: Side;
  type: OrderType;
  status: OrderStatus;
  isFinal: boolean;
  price: number | null;
  quantity: number | null;
  executedQuantity: number;
  updatedAt: number;
}

type OrderUpdate = OrderUpdatesSubscription['orderUpdates'];

export interface Fill {
  tradeId: string;
  orderId: string;
  symbol: string;
  side: Side;
  price: number;
  quantity: number;
  timestamp: number;
}

export function fromOrder(order: OrderFieldsFragment): OpenOrder {
  return {
    orderId: String(order.orderId),
    clientOrderId: order.clientOrderId,
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    status: order.status,
    isFinal: order.isFinal,
    price: order.price,
    quantity: order.quantity,
    executedQuantity: order.executedQuantity,
    updatedAt: order.updatedTime,
  };
}

export function fromUpdate(update: OrderUpdate): OpenOrder {
  return {
    orderId: String(update.orderId),
    clientOrderId: update.clientOrderId,
    symbol: update.symbol,
    side: update.side,
    type: update.type,
    status: update.status,
    isFinal: update.isFinal,
    price: update.price,
    quantity: update.quantity,
    executedQuantity: update.executedQuantity,
    updatedAt: update.timestamp,
  };
}

/** The fill an update reports, if it is one. */
export function fillOf(update: OrderUpdate): Fill | undefined {
  const { fill } = update;
  if (!fill) return undefined;
  return {
    tradeId: String(fill.tradeId),
    orderId: String(update.orderId),
    symbol: update.symbol,
    side: update.side,
    price: fill.price,
    quantity: fill.quantity,
    timestamp: update.timestamp,
  };
}

export const openOrderPolicy: RowPolicy<OpenOrder> = {
  keyOf: (order) => order.orderId,
  versionOf: (order) => order.updatedAt,
  // REPLACED is an edit's intermediate state: the order carries on.
  keep: (order) => !order.isFinal,
};
