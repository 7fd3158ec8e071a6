/**
 * How algo statuses move: a node that placed an order reads that order's status; a TP/SL
 * group reads its triggered leg's (CANCELLED once every leg is); an untriggered node is NEW
 * until cancelled. Cancelling stops untriggered nodes at once and cancels the pending orders
 * triggered ones placed (their CANCELLED arrives through the order's event).
 */
import type { AlgoStatus } from '../../contract/wire-algo.ts';
import { isPending } from '../records.ts';
import type { Order } from '../types.ts';
import type { AlgoContext } from './context.ts';
import { type AlgoOrder, isFinal, isGroup, treeOf } from './types.ts';

/** A node reads its order's status. */
export function mirror(node: AlgoOrder, order: Order): void {
  node.status = order.status as AlgoStatus;
  node.updatedTime = order.updatedTime;
}

/** A group's status from its legs. */
export function refreshGroup(group: AlgoOrder | null, now: number): void {
  if (!group || !isGroup(group)) return;
  const fired = group.children.find((leg) => leg.isTriggered);
  const status: AlgoStatus = fired
    ? fired.status
    : group.children.every((leg) => isFinal(leg.status) || !leg.isActivated)
      ? 'CANCELLED'
      : 'NEW';
  if (fired) group.isTriggered = true;
  // Ended without a trigger: a leg switched off ends with it.
  if (status === 'CANCELLED') for (const leg of group.children) leg.status = 'CANCELLED';
  if (status !== group.status) {
    group.status = status;
    group.updatedTime = now;
  }
}

/**
 * Cancels `node` and everything below it that can still change. Returns whether anything was
 * cancelled; the caller reports the tree.
 */
export function cancelBelow(ctx: AlgoContext, node: AlgoOrder, reason: string): boolean {
  const now = ctx.clock();
  let changed = false;
  for (const n of treeOf(node)) {
    if (n.order) {
      if (isPending(n.order)) {
        ctx.cancelOrder(n.order, reason);
        changed = true;
      }
      continue;
    }
    if (isFinal(n.status)) continue;
    n.status = 'CANCELLED';
    n.updatedTime = now;
    changed = true;
  }
  // Groups on the way up read their legs again (a leg cancelled alone may end its group).
  for (let up = node.parent; up; up = up.parent) refreshGroup(up, now);
  return changed;
}

/** Cancels a node's tree and tells the stream; settles the root. */
export function cancelAndReport(ctx: AlgoContext, node: AlgoOrder, reason: string): void {
  if (!cancelBelow(ctx, node, reason)) return;
  ctx.report(node.root);
  ctx.state.algo.settle(node.root);
}
