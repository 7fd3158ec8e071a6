/**
 * TP/SL orders follow their position: after every fill (and a liquidation) each untriggered
 * group closing that position side is resized (POSITIONAL_TP_SL: to the position's size) or,
 * once the position is closed or has turned to the other side, cancelled. A BRACKET's TP/SL
 * child starts following when the bracket's order ends having executed: a TP_SL child takes
 * the executed quantity; a POSITIONAL_TP_SL child replaces the position's full one.
 * Only algo state changes here (no order is placed or cancelled): safe inside an engine event.
 */
import type { MarginMode } from '../../contract/wire-orders.ts';
import type { Account } from '../types.ts';
import { positionQty } from './checks.ts';
import type { AlgoContext } from './context.ts';
import { groupOf, liveGroups } from './slots.ts';
import { cancelAndReport } from './status.ts';
import type { AlgoOrder, PositionSide } from './types.ts';

function resize(ctx: AlgoContext, group: AlgoOrder, quantity: number): void {
  if (group.quantity === quantity) return;
  const now = ctx.clock();
  for (const n of [group, ...group.children]) {
    n.quantity = quantity;
    n.updatedTime = now;
  }
  ctx.report(group.root);
}

/** Resizes or ends the untriggered TP/SL groups of one position (symbol and margin mode). */
export function followPosition(
  ctx: AlgoContext,
  account: Account,
  symbol: string,
  mode: MarginMode,
): void {
  const qty = positionQty(account, symbol, mode);
  const side: PositionSide | null = qty > 0 ? 'LONG' : qty < 0 ? 'SHORT' : null;
  for (const held of ['LONG', 'SHORT'] as const) {
    const groups = liveGroups(ctx.state, { account, symbol, mode, side: held });
    for (const group of groups) {
      if (group.waiting) continue;
      if (held !== side) cancelAndReport(ctx, group, 'position closed');
      else if (group.algoType === 'POSITIONAL_TP_SL') resize(ctx, group, Math.abs(qty));
    }
  }
}

/** A BRACKET's order ended: its TP/SL child follows the position, or ends unexecuted. */
export function bracketOrderEnded(ctx: AlgoContext, root: AlgoOrder): void {
  const group = groupOf(root);
  if (!group?.waiting || !root.order) return;
  const executed = root.order.executedQuantity;
  if (executed === 0) {
    cancelAndReport(ctx, group, 'the bracket order did not execute');
    return;
  }
  group.waiting = false;
  group.updatedTime = ctx.clock();
  const at = {
    account: root.account,
    symbol: root.symbol,
    mode: root.marginMode,
    side: group.positionSide!,
  };
  if (group.algoType === 'POSITIONAL_TP_SL') {
    for (const other of liveGroups(ctx.state, at, group)) {
      if (other.algoType === 'POSITIONAL_TP_SL' && !other.waiting) {
        cancelAndReport(ctx, other, "replaced by a bracket's POSITIONAL_TP_SL");
      }
    }
    resize(ctx, group, Math.abs(positionQty(root.account, root.symbol, root.marginMode)));
  } else {
    resize(ctx, group, executed);
  }
  ctx.report(root);
}
