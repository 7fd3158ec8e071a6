/**
 * The `algoexecutionreport` payload (contract/wire-algo-stream.ts): the whole tree of a root,
 * flattened root first, camelCase. A fill's fields go on the algo order whose ordinary order
 * filled; every other element carries zeros there.
 */
import type { AlgoReportElement } from '../../contract/wire-algo-stream.ts';
import type { FillDetail } from '../events.ts';
import { quoteOf } from '../records.ts';
import { executedOf } from './rows.ts';
import { type AlgoOrder, treeOf } from './types.ts';

export interface ReportFill {
  /** The algo order whose order filled. */
  node: AlgoOrder;
  fill: FillDetail;
}

function element(node: AlgoOrder, now: number, fill: FillDetail | undefined): AlgoReportElement {
  const { executed, average, fee, realizedPnl } = executedOf(node);
  const trailing = node.trailing;
  return {
    symbol: node.symbol,
    rootAlgoOrderId: node.root.algoOrderId,
    parentAlgoOrderId: node.parent?.algoOrderId ?? 0,
    algoOrderId: node.algoOrderId,
    clientOrderId: node.clientOrderId ?? '',
    orderTag: node.orderTag ?? '',
    status: node.status,
    algoStatus: node.status,
    rootAlgoStatus: node.root.status,
    algoType: node.algoType,
    side: node.side ?? '',
    type: node.type ?? '',
    quantity: node.quantity,
    price: node.price ?? 0,
    triggerPrice: node.triggerPrice ?? 0,
    triggerPriceType: 'MARK_PRICE',
    triggerStatus: node.triggerStatus,
    triggerTradePrice: node.triggerTradePrice,
    triggerTime: node.triggerTime ?? 0,
    tradeId: fill?.tradeId ?? 0,
    executedPrice: fill?.price ?? 0,
    executedQuantity: fill?.quantity ?? 0,
    fee: fill?.fee ?? 0,
    feeAsset: quoteOf(node.symbol),
    totalExecutedQuantity: executed,
    averageExecutedPrice: average ?? 0,
    totalFee: fee,
    realizedPnl,
    visibleQuantity: node.quantity,
    reduceOnly: node.reduceOnly,
    triggered: node.isTriggered,
    activated: trailing?.activated ?? false,
    isActivated: node.isActivated,
    callbackRate: trailing?.callbackRate ?? 0,
    callbackValue: trailing?.callbackValue ?? 0,
    extremePrice: trailing?.extremePrice ?? 0,
    activatedPrice: trailing?.activatedPrice ?? 0,
    maker: fill?.maker ?? false,
    isMaker: fill?.maker ?? false,
    marginMode: node.marginMode,
    createdTime: node.createdTime,
    timestamp: now,
  };
}

/** The report of `root`'s tree now. */
export function algoReport(root: AlgoOrder, now: number, fill?: ReportFill): AlgoReportElement[] {
  return [...treeOf(root)].map((node) =>
    element(node, now, fill?.node === node ? fill.fill : undefined),
  );
}
