/**
 * closePosition's first step: the symbol's TP/SL orders (TP_SL and POSITIONAL_TP_SL roots
 * still waiting) are cancelled before the closing order goes out, so none fires on a position
 * being closed. One DELETE /v1/algo/orders per type present (5 per second), not one per order:
 * a position may hold 21 of them. Every margin mode's: the whole symbol is being closed.
 */
import type { AlgoType } from '../contract/wire-algo.ts';
import type { AccountWatch } from '../live/account-watch.ts';
import type { AlgoOrderModel } from '../models/algo-order.ts';
import type { GatewayContext } from '../schema/types.ts';
import type { AccountApi } from '../upstream/api.ts';
import { activeAlgoOrders } from './algo-active.ts';

const TPSL_TYPES: readonly AlgoType[] = ['TP_SL', 'POSITIONAL_TP_SL'];

/** The symbol's TP/SL roots still working (the account's active algo orders, one read). */
export async function symbolTpSl(ctx: GatewayContext, symbol: string): Promise<AlgoOrderModel[]> {
  const roots = await activeAlgoOrders(ctx);
  return roots.filter(
    (root) => root.symbol === symbol && TPSL_TYPES.includes(root.algoType as AlgoType),
  );
}

/** Cancels `roots` (the symbol's TP/SLs) by type; their ids. */
export async function cancelTpSl(
  account: AccountApi,
  symbol: string,
  roots: readonly AlgoOrderModel[],
): Promise<number[]> {
  const types = TPSL_TYPES.filter((type) => roots.some((root) => root.algoType === type));
  for (const type of types) await account.cancelAlgoOrders({ symbol, algo_type: type });
  return roots.map((root) => root.algoOrderId);
}

/** Whether the stream showed every one of `ids` in a final state. */
export function allEnded(watch: AccountWatch, ids: readonly number[]): boolean {
  const ended = new Set(
    watch.algos
      .filter((root) => ['CANCELLED', 'FILLED', 'REJECTED'].includes(root.status))
      .map((root) => root.algoOrderId),
  );
  return ids.every((id) => ended.has(id));
}
