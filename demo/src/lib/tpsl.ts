/** A position's TP/SL as the algo-order panel knows it: its triggers, from the legs. */
import type { AlgoOrderFieldsFragment } from '../../../operations/generated/graphql.ts';
import type { RowPolicy } from './live-rows.ts';

export type AlgoOrder = AlgoOrderFieldsFragment;

export interface TpSl {
  algoOrderId: string;
  takeProfit: number | null;
  stopLoss: number | null;
}

const legTrigger = (order: AlgoOrder, kind: 'TAKE_PROFIT' | 'STOP_LOSS') =>
  order.childOrders.find((leg) => leg.algoType === kind)?.triggerPrice ?? null;

/** The newest full- or partial-position TP/SL of `symbol` among the working algo orders. */
export function tpslOf(orders: readonly AlgoOrder[], symbol: string): TpSl | undefined {
  const roots = orders
    .filter(
      (o) => o.symbol === symbol && (o.algoType === 'POSITIONAL_TP_SL' || o.algoType === 'TP_SL'),
    )
    .sort((a, b) => b.createdAt - a.createdAt);
  const root = roots[0];
  if (!root) return undefined;
  return {
    algoOrderId: String(root.algoOrderId),
    takeProfit: legTrigger(root, 'TAKE_PROFIT'),
    stopLoss: legTrigger(root, 'STOP_LOSS'),
  };
}

/** Working algo orders: NEW or PARTIAL_FILLED roots and not yet triggered. */
export const algoOrderPolicy: RowPolicy<AlgoOrder> = {
  keyOf: (o) => String(o.algoOrderId),
  // The fragment has no update time: the latest answer or push wins.
  versionOf: () => 0,
  keep: (o) => (o.status === 'NEW' || o.status === 'PARTIAL_FILLED') && !o.isTriggered,
};
