/**
 * `algoOrderUpdates`: the caller's algo orders as the private stream's `algoexecutionreport`
 * pushes them (the tree after each change, root with its legs), through the account's shared
 * stream like the other account subscriptions (live.ts), resumable like them.
 */
import type { GatewayContext } from '../schema/types.ts';
import { account, type EventOf, type Live } from './live.ts';

export { deliver } from './live.ts';

export const algoOrderUpdates = (
  ctx: GatewayContext,
  symbol: string | null | undefined,
  resumeFrom: string | null | undefined,
): Live<EventOf<'algo'>> => account(ctx, 'algoOrderUpdates', 'algo', symbol, resumeFrom);
