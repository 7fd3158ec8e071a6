/**
 * placeAlgoOrder under `waitFor`: the algo order's root as the private stream's
 * `algoexecutionreport` shows it (legs nested), followed by its id or client order id from
 * the watch opened before the send (order-wait.ts). No upstream request.
 */
import type { AccountWatch } from '../live/account-watch.ts';
import type { AlgoOrderModel } from '../models/algo-order.ts';
import type { GatewayContext } from '../schema/types.ts';
import { endsAt, targetOf, type WaitArgs, type Waited, waitOn } from './order-wait.ts';

export async function algoOutcomeFor(
  ctx: GatewayContext,
  watch: AccountWatch | null,
  wait: WaitArgs,
  key: { algoOrderId: number; clientOrderId: string | null },
): Promise<Partial<Waited<AlgoOrderModel>>> {
  const target = targetOf(wait);
  if (!watch || !target) return {};
  const trail = () =>
    watch.algos.filter(
      (root) =>
        root.algoOrderId === key.algoOrderId ||
        (key.clientOrderId !== null && root.clientOrderId === key.clientOrderId),
    );
  return waitOn(watch, trail, target, endsAt(ctx, wait));
}
