/**
 * Cancelling algo orders: one (a root with its tree, or one leg: its group ends when no leg is
 * left) or every open one of the account, optionally of a symbol and an algo type. `STOP`
 * also cancels TP_SL and POSITIONAL_TP_SL ([OA]: "STOP will cancel both TAKE_PROFIT and
 * STOP_LOSS"). A triggered algo order's pending order is cancelled with it.
 */
import type { AlgoType } from '../../contract/wire-algo.ts';
import { notFound } from '../errors.ts';
import type { Account } from '../types.ts';
import type { AlgoContext } from './context.ts';
import { cancelAndReport } from './status.ts';
import { type AlgoOrder, isOpen } from './types.ts';

const USER = 'cancelled by the user';

/** What `algo_type` of DELETE /v1/algo/orders matches. */
const MATCHES: Record<AlgoType, readonly AlgoType[]> = {
  STOP: ['STOP', 'TP_SL', 'POSITIONAL_TP_SL'],
  TP_SL: ['TP_SL'],
  POSITIONAL_TP_SL: ['POSITIONAL_TP_SL'],
  BRACKET: ['BRACKET'],
  TRAILING_STOP: ['TRAILING_STOP'],
};

/** Cancels one algo order, or 400 -1006 when nothing of it can change any more. */
export function cancelAlgo(ctx: AlgoContext, node: AlgoOrder): void {
  if (!isOpen(node)) {
    throw notFound(`order_id: algo order ${node.algoOrderId} is already ${node.status}`);
  }
  cancelAndReport(ctx, node, USER);
}

export function cancelAlgos(
  ctx: AlgoContext,
  account: Account,
  symbol: string | undefined,
  type: AlgoType | undefined,
  reason = USER,
): void {
  for (const root of [...ctx.state.algo.open]) {
    if (root.account !== account || (symbol !== undefined && root.symbol !== symbol)) continue;
    if (type !== undefined && !MATCHES[type].includes(root.algoType as AlgoType)) continue;
    cancelAndReport(ctx, root, reason);
  }
}
