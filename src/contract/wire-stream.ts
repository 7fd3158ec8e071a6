/**
 * Push payloads of the private account topics (`PRIVATE_TOPICS`), camelCase as the real
 * stream sends them; the REST reads are snake_case (wire.ts). The sandbox builds these; the
 * gateway parses them defensively (upstream/stream/map.ts), a field at a time.
 */
import type { WalletSide, WalletStatus } from './constants.ts';
import type { MarginMode, OrderStatus, OrderType, Side } from './wire-orders.ts';

/** `executionreport` data: one order change; `tradeId` non-zero when it is a fill. */
export interface ExecutionReportData {
  symbol: string;
  clientOrderId: string;
  orderId: number;
  type: OrderType;
  side: Side;
  quantity: number;
  price: number;
  tradeId: number;
  executedPrice: number;
  executedQuantity: number;
  fee: number;
  feeAsset: string;
  totalExecutedQuantity: number;
  avgPrice: number;
  status: OrderStatus;
  /** Empty when there is none. */
  reason: string;
  timestamp: number;
  marginMode: MarginMode | undefined;
  reduceOnly: boolean;
  /** The order's realized PnL so far (the spec's 2024-04-16 change: "in all order APIs"). */
  realizedPnl: number;
}

/** One `position` row: the REST position row in camelCase. */
export interface PositionData {
  symbol: string;
  positionQty: number;
  costPosition: number;
  averageOpenPrice: number;
  markPrice: number;
  estLiqPrice: number;
  unsettledPnl: number;
  pnl24H: number;
  fee24H: number;
  pendingLongQty: number;
  pendingShortQty: number;
  leverage: number;
  marginMode: MarginMode;
  imr: number;
  mmr: number;
  timestamp: number;
}

/** `balance` data: `{balances: {TOKEN: {holding, frozen, pendingShortQty}}}`. */
export interface BalanceData {
  balances: Record<string, { holding: number; frozen: number; pendingShortQty: number }>;
}

/** `wallet` data: a deposit or withdrawal and its status (snake_case, as the facts show it). */
export interface WalletData {
  id: string;
  side: WalletSide;
  token: string;
  amount: number;
  fee: number;
  trans_status: WalletStatus;
  created_time: number;
  updated_time: number;
  /** The chain transaction, once there is one (facts §6); absent on internal transfers. */
  tx_id?: string | null;
  /** The withdrawal's chain, as a string (facts §6). */
  chain_id?: string;
}
