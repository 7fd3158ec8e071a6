/**
 * Algo orders in the REST shape (GET /v1/algo/order/{id}, GET /v1/algo/orders): snake_case,
 * a node with its children nested. The executed figures are those of the ordinary order it
 * placed (a TP/SL group: its triggered leg's). Built on each read or event; never stored.
 */
import type { AlgoOrderRow, AlgoType } from '../../contract/wire-algo.ts';
import { round } from '../decimal.ts';
import { quoteOf } from '../records.ts';
import type { Order } from '../types.ts';
import { type AlgoOrder, isGroup } from './types.ts';

/** The ordinary order whose figures a node shows: its own, or its triggered leg's. */
export function orderShown(node: AlgoOrder): Order | null {
  if (node.order) return node.order;
  if (!isGroup(node)) return null;
  return node.children.find((leg) => leg.order)?.order ?? null;
}

/** Executed figures of the order shown (zero before a trigger). */
export function executedOf(node: AlgoOrder) {
  const order = orderShown(node);
  const executed = order?.executedQuantity ?? 0;
  return {
    executed,
    average: order && executed > 0 ? round(order.executedNotional / executed, 8) : null,
    fee: order?.totalFee ?? 0,
    realizedPnl: order?.realizedPnl ?? 0,
  };
}

export function algoRow(node: AlgoOrder): AlgoOrderRow {
  const { executed, average, fee, realizedPnl } = executedOf(node);
  const trailing = node.trailing;
  return {
    algo_order_id: node.algoOrderId,
    client_order_id: node.clientOrderId,
    root_algo_order_id: node.root.algoOrderId,
    parent_algo_order_id: node.parent?.algoOrderId ?? 0,
    parent_algo_type: (node.parent?.algoType as AlgoType | undefined) ?? null,
    symbol: node.symbol,
    algo_type: node.algoType,
    side: node.side,
    type: node.type,
    quantity: node.quantity,
    price: node.price,
    trigger_price: node.triggerPrice,
    trigger_price_type: 'MARK_PRICE',
    algo_status: node.status,
    root_algo_status: node.root.status,
    root_algo_order_status: node.root.status,
    is_triggered: node.isTriggered,
    is_activated: node.isActivated,
    reduce_only: node.reduceOnly,
    visible_quantity: node.quantity,
    order_tag: node.orderTag,
    margin_mode: node.marginMode,
    fee_asset: quoteOf(node.symbol),
    executed_quantity: executed,
    total_executed_quantity: executed,
    average_executed_price: average,
    total_fee: fee,
    realized_pnl: realizedPnl,
    trigger_time: node.triggerTime,
    activated_price: trailing?.activatedPrice ?? null,
    callback_rate: trailing?.callbackRate ?? null,
    callback_value: trailing?.callbackValue ?? null,
    extreme_price: trailing?.extremePrice ?? null,
    created_time: node.createdTime,
    updated_time: node.updatedTime,
    child_orders: node.children.map(algoRow),
  };
}
