/**
 * Push payloads of the private `algoexecutionreport` topic (market-algo-risk-facts.md §3) and
 * of the `account` topic's leverage change (§4), camelCase as the stream sends them.
 *
 * `algoexecutionreport` data is an **array**: the whole algo tree flattened, root first (the
 * one element with `parentAlgoOrderId == 0 && algoOrderId == rootAlgoOrderId`), then its legs
 * (a BRACKET's TP/SL child, then that child's legs). One push per change of any order of the
 * tree: placed, edited (REPLACED, then the new state), resized (a POSITIONAL_TP_SL following
 * its position), activated (TRAILING_STOP), triggered, each fill of the order it placed, and
 * cancelled, rejected or filled.
 */
import type {
  AlgoLegOrderType,
  AlgoLegType,
  AlgoStatus,
  AlgoType,
  TriggerPriceType,
} from './wire-algo.ts';
import type { MarginMode, Side } from './wire-orders.ts';

/** Whether a trigger placed its order: SUCCESS, or USELESS when the order was refused. */
export type TriggerStatus = 'SUCCESS' | 'USELESS' | '';

/** One algo order of the tree, as of the change. Fill fields are 0 unless `tradeId` ≠ 0. */
export interface AlgoReportElement {
  symbol: string;
  rootAlgoOrderId: number;
  /** 0 for the root. */
  parentAlgoOrderId: number;
  algoOrderId: number;
  /** Empty when none was given. */
  clientOrderId: string;
  orderTag: string;
  /** The algo order's status (same value as `algoStatus`). */
  status: AlgoStatus;
  algoStatus: AlgoStatus;
  rootAlgoStatus: AlgoStatus;
  algoType: AlgoType | AlgoLegType;
  side: Side | '';
  type: AlgoLegOrderType | '';
  quantity: number;
  price: number;
  triggerPrice: number;
  triggerPriceType: TriggerPriceType;
  triggerStatus: TriggerStatus;
  /** The mark the trigger fired at (0 before). */
  triggerTradePrice: number;
  triggerTime: number;
  /** Non-zero: this push carries a fill of the order the algo order placed. */
  tradeId: number;
  executedPrice: number;
  executedQuantity: number;
  fee: number;
  feeAsset: string;
  totalExecutedQuantity: number;
  averageExecutedPrice: number;
  totalFee: number;
  /** Realized PnL of the order it placed so far. */
  realizedPnl: number;
  visibleQuantity: number;
  reduceOnly: boolean;
  triggered: boolean;
  /** TRAILING_STOP: tracking (its activation price reached, or none was set). */
  activated: boolean;
  /** The leg's switch (PUT /v1/algo/order `is_activated`). */
  isActivated: boolean;
  callbackRate: number;
  callbackValue: number;
  extremePrice: number;
  activatedPrice: number;
  maker: boolean;
  isMaker: boolean;
  marginMode: MarginMode;
  createdTime: number;
  timestamp: number;
}

/** `algoexecutionreport` data. */
export type AlgoExecutionReportData = AlgoReportElement[];

/** `account` data on a leverage change: `{accountDetail: {symbolLeverage}}`. */
export interface AccountLeverageData {
  accountDetail: {
    symbolLeverage: { symbol: string; leverage: number; marginMode: MarginMode };
  };
}
