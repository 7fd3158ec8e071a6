/**
 * An algo order (a root with its legs nested) in the gateway's (GraphQL) shape, and its mapping
 * from the REST rows (GET /v1/algo/orders, GET /v1/algo/order/{id}). The stream's
 * `algoexecutionreport` maps onto the same shape (upstream/stream/algo-map.ts), so a
 * subscriber reads the same fields as a query.
 */
import type {
  AlgoLegOrderType,
  AlgoLegType,
  AlgoOrderRow,
  AlgoStatus,
  AlgoType,
} from '../contract/wire-algo.ts';
import type { MarginMode, Side } from '../contract/wire-orders.ts';

/** A root's algo type, or a leg's (TAKE_PROFIT, STOP_LOSS). */
export type AlgoOrderKind = AlgoType | AlgoLegType;

export interface AlgoOrderModel {
  algoOrderId: number;
  clientOrderId: string | null;
  rootAlgoOrderId: number;
  /** 0 for a root. */
  parentAlgoOrderId: number;
  symbol: string;
  algoType: AlgoOrderKind;
  side: Side | null;
  type: AlgoLegOrderType | null;
  /** 0 for a full-position TP/SL (it follows the position). */
  quantity: number;
  triggerPrice: number | null;
  price: number | null;
  status: AlgoStatus;
  isTriggered: boolean;
  /** A leg's switch (editAlgoOrder can turn one off). */
  isActivated: boolean;
  reduceOnly: boolean;
  marginMode: MarginMode | null;
  executedQuantity: number;
  averageExecutedPrice: number | null;
  realizedPnl: number;
  triggerTime: number | null;
  callbackRate: number | null;
  callbackValue: number | null;
  activatedPrice: number | null;
  extremePrice: number | null;
  createdAt: number;
  updatedAt: number;
  childOrders: AlgoOrderModel[];
  /**
   * On an `algoOrderUpdates` root: `stream` when pushed, `resync` when found by the re-read
   * after a reconnect. Unset on reads.
   */
  source?: 'stream' | 'resync';
}

/** Statuses of an algo order still waiting or working (the SDK's "active" set). */
export const ACTIVE_ALGO_STATUSES: readonly AlgoStatus[] = ['NEW', 'REPLACED', 'PARTIAL_FILLED'];

/** A REST row and its nested legs. */
export function algoOrderFromRest(row: AlgoOrderRow): AlgoOrderModel {
  return {
    algoOrderId: row.algo_order_id,
    clientOrderId: row.client_order_id ? String(row.client_order_id) : null,
    rootAlgoOrderId: row.root_algo_order_id,
    parentAlgoOrderId: row.parent_algo_order_id,
    symbol: row.symbol,
    algoType: row.algo_type,
    side: row.side ?? null,
    type: row.type ?? null,
    quantity: row.quantity,
    triggerPrice: row.trigger_price || null,
    price: row.price || null,
    status: row.algo_status,
    // The [OA] example writes it as text.
    isTriggered: row.is_triggered === true || String(row.is_triggered) === 'true',
    isActivated: row.is_activated !== false,
    reduceOnly: row.reduce_only ?? false,
    marginMode: row.margin_mode ?? null,
    executedQuantity: row.total_executed_quantity ?? row.executed_quantity ?? 0,
    averageExecutedPrice: row.average_executed_price || null,
    realizedPnl: row.realized_pnl ?? 0,
    triggerTime: row.trigger_time || null,
    callbackRate: row.callback_rate ?? null,
    callbackValue: row.callback_value ?? null,
    activatedPrice: row.activated_price ?? null,
    extremePrice: row.extreme_price ?? null,
    createdAt: row.created_time,
    updatedAt: row.updated_time,
    childOrders: (row.child_orders ?? []).map(algoOrderFromRest),
  };
}
