/**
 * `algoOrderUpdates`: the caller's algo orders as the private stream's `algoexecutionreport`
 * pushes them (the tree after each change, root with its legs), through the account's shared
 * stream like the other account subscriptions (live.ts).
 */
import type { AlgoOrderModel } from '../models/algo-order.ts';
import type { GatewayContext } from '../schema/types.ts';
import { account, type Live, type Picker } from './live.ts';

export { deliver } from './live.ts';

const pickAlgo: Picker<AlgoOrderModel> = (e, symbol) =>
  e.type === 'algo' && (!symbol || e.order.symbol === symbol) ? e.order : undefined;

export const algoOrderUpdates = (
  ctx: GatewayContext,
  symbol: string | null | undefined,
): Live<AlgoOrderModel> => account(ctx, 'algoOrderUpdates', pickAlgo, symbol);
