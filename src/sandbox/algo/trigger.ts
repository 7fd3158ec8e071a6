/**
 * A trigger firing, once: the algo order reads triggered, the other leg of its TP/SL group is
 * cancelled, and its ordinary order goes through the order engine like any other (admission,
 * matching, fills, events). A refused order (price range, margin…) leaves the algo order
 * REJECTED with triggerStatus USELESS.
 */

import { ApiError } from '../errors.ts';
import type { OrderRequest } from '../order-admission.ts';
import { positionQty } from './checks.ts';
import type { AlgoContext } from './context.ts';
import { refreshGroup } from './status.ts';
import { type AlgoOrder, isFinal, isGroup } from './types.ts';

/** The order a fired node places: a leg closes its share (a full-position leg, the position). */
function requestOf(node: AlgoOrder, group: AlgoOrder | null): OrderRequest {
  const full = group?.algoType === 'POSITIONAL_TP_SL';
  const quantity = full
    ? Math.abs(positionQty(node.account, node.symbol, node.marginMode))
    : (group ?? node).quantity;
  const type = node.type === 'LIMIT' ? 'LIMIT' : 'MARKET';
  return {
    symbol: node.symbol,
    side: node.side!,
    type,
    clientOrderId: null,
    ...(type === 'LIMIT' ? { price: node.price! } : {}),
    quantity,
    reduceOnly: node.reduceOnly,
    ...(node.root.orderTag ? { orderTag: node.root.orderTag } : {}),
    postOnlyAdjust: false,
    marginMode: node.marginMode,
  };
}

export function fire(ctx: AlgoContext, node: AlgoOrder, mark: number): void {
  const now = ctx.clock();
  node.isTriggered = true;
  node.triggerTime = now;
  node.triggerTradePrice = mark;
  node.triggerStatus = 'SUCCESS';
  node.updatedTime = now;
  const group = node.parent && isGroup(node.parent) ? node.parent : null;
  if (group) {
    group.triggerTime = now;
    group.triggerTradePrice = mark;
    for (const leg of group.children) {
      if (leg === node || isFinal(leg.status)) continue;
      leg.status = 'CANCELLED';
      leg.updatedTime = now;
    }
  }
  const request = requestOf(node, group);
  try {
    if (request.quantity! <= 0) throw new ApiError(-1104, 'nothing left to close');
    ctx.place(node, request);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    node.status = 'REJECTED';
  }
  if (node.status === 'REJECTED') node.triggerStatus = 'USELESS';
  refreshGroup(group, now);
  ctx.report(node.root);
  ctx.state.algo.settle(node.root);
}
