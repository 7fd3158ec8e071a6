/**
 * One fill of the account (a row of GET /v1/trades or GET /v1/order/{order_id}/trades) in
 * the gateway's shape, and as an order's `Fill` (the shape the stream's fills have too).
 */
import type { TradeRow } from '../contract/wire-history.ts';
import type { MarginMode, Side } from '../contract/wire-orders.ts';
import type { FillModel } from '../upstream/stream/models.ts';

export interface TradeModel {
  tradeId: string;
  orderId: number;
  symbol: string;
  side: Side;
  price: number;
  quantity: number;
  fee: number;
  feeAsset: string;
  isMaker: boolean;
  realizedPnl: number;
  matchId: string;
  marginMode: MarginMode | null;
  executedAt: number;
  /** The order tag's part of the fee, and its rate (null when the upstream sends none). */
  orderTagFee: number | null;
  orderTagFeeRate: number | null;
}

export function tradeFromRest(row: TradeRow): TradeModel {
  return {
    tradeId: String(row.id),
    orderId: row.order_id,
    symbol: row.symbol,
    side: row.side,
    price: row.executed_price,
    quantity: row.executed_quantity,
    fee: row.fee,
    feeAsset: row.fee_asset,
    isMaker: Number(row.is_maker) === 1,
    realizedPnl: row.realized_pnl ?? 0,
    matchId: String(row.match_id),
    marginMode: row.margin_mode ?? null,
    executedAt: row.executed_timestamp,
    orderTagFee: row.order_enum_fee ?? null,
    orderTagFeeRate: row.order_enum_fee_rate ?? null,
  };
}

export const fillOfTrade = (t: TradeModel): FillModel => ({
  price: t.price,
  quantity: t.quantity,
  fee: t.fee,
  feeAsset: t.feeAsset,
  tradeId: t.tradeId,
  isMaker: t.isMaker,
  realizedPnl: t.realizedPnl,
});

/** What `Order.fills` needs of an order to find its fills in the account's trade list. */
export interface OrderFillsKey {
  orderId: number;
  symbol: string;
  createdTime: number;
  updatedTime: number;
  executedQuantity: number;
}
