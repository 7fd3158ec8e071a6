/**
 * Push payloads of the private topics, typed by the contract (`contract/wire-stream.ts`):
 * camelCase as the real stream sends them (the REST reads are snake_case; the gateway maps
 * both explicitly).
 */
import type {
  BalanceData,
  ExecutionReportData,
  PositionData,
  WalletData,
} from '../../contract/wire-stream.ts';
import type { OrderChanged } from '../events.ts';
import type { HoldingRow } from '../holdings.ts';
import type { PositionRow } from '../records.ts';

/** `executionreport` data: one order change; `tradeId` non-zero when it is a fill. */
export function executionReport(event: OrderChanged): ExecutionReportData {
  const { order, fill } = event;
  return {
    symbol: order.symbol,
    clientOrderId: String(order.client_order_id),
    orderId: order.order_id,
    type: order.type,
    side: order.side,
    quantity: order.quantity ?? 0,
    price: order.price ?? 0,
    tradeId: fill?.tradeId ?? 0,
    executedPrice: fill?.price ?? 0,
    executedQuantity: fill?.quantity ?? 0,
    fee: fill?.fee ?? 0,
    feeAsset: fill?.feeAsset ?? order.fee_asset,
    totalExecutedQuantity: order.total_executed_quantity,
    avgPrice: order.average_executed_price ?? 0,
    status: order.status,
    reason: event.reason === 'none' ? '' : event.reason,
    timestamp: event.timestamp,
    marginMode: order.margin_mode,
    reduceOnly: order.reduce_only ?? false,
    realizedPnl: order.realized_pnl,
  };
}

/** One `position` row: the REST row in the stream's camelCase. */
export function positionPayload(row: PositionRow): PositionData {
  return {
    symbol: row.symbol,
    positionQty: row.position_qty,
    costPosition: row.cost_position,
    averageOpenPrice: row.average_open_price,
    markPrice: row.mark_price,
    estLiqPrice: row.est_liq_price,
    unsettledPnl: row.unsettled_pnl,
    pnl24H: row.pnl_24_h,
    fee24H: row.fee_24_h,
    pendingLongQty: row.pending_long_qty,
    pendingShortQty: row.pending_short_qty,
    leverage: row.leverage,
    marginMode: row.margin_mode,
    imr: row.imr,
    mmr: row.mmr,
    timestamp: row.timestamp,
  };
}

/** `balance` data: `{balances: {TOKEN: {holding, frozen, pendingShortQty}}}`. */
export function balancePayload(row: HoldingRow): BalanceData {
  return {
    balances: {
      [row.token]: { holding: row.holding, frozen: row.frozen, pendingShortQty: row.pending_short },
    },
  };
}

/** A `wallet` push (the contract's payload). */
export type WalletEvent = WalletData;
