/**
 * The outcome of a placed order (placeOrder, each placed item of placeOrders) under
 * `waitFor`, from the watch opened before it was sent. A repeat (`replayed`: an earlier call
 * placed it, its changes may be over) first reads the order's state once by REST, then
 * follows the stream from there; a repeat under the same Idempotency-Key never gets here (the
 * stored answer is replayed).
 */
import type { AccountWatch } from '../live/account-watch.ts';
import type { GatewayContext } from '../schema/types.ts';
import { orderUpdateFromRecord } from '../upstream/stream/map.ts';
import type { OrderUpdateModel } from '../upstream/stream/models.ts';
import type { WaitTarget } from './order-outcome.ts';
import { type Waited, waitForOrder } from './order-wait.ts';

export interface PlacedWait {
  watch: AccountWatch;
  target: WaitTarget;
  /** When the wait ends (performance.now clock). */
  until: number;
}

export async function placedOutcome(
  ctx: GatewayContext,
  wait: PlacedWait,
  key: { orderId: number; clientOrderId: string | null },
  replayed: boolean,
): Promise<Waited<OrderUpdateModel>> {
  const id = key.clientOrderId;
  const seed =
    replayed && id !== null ? orderUpdateFromRecord(await ctx.loaders.order.load(id)) : undefined;
  return waitForOrder(wait.watch, wait.target, key, wait.until, seed);
}
