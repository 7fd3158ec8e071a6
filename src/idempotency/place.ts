/** The resolvers' entry points: placements through the gateway's guard when it has one. */

import type { CreateOrderParams } from '../contract/wire.ts';
import { requireAccount } from '../resolvers/context.ts';
import type { GatewayContext } from '../schema/context.ts';
import type { PlacedBatch } from './batch.ts';
import type { Placed } from './orders.ts';

export function placeOnce(ctx: GatewayContext, params: CreateOrderParams): Promise<Placed> {
  const account = requireAccount(ctx);
  if (ctx.idempotency) return ctx.idempotency.orders.place(account, params);
  return account.createOrder(params).then((created) => ({ created, replayed: false }));
}

export async function placeBatchOnce(
  ctx: GatewayContext,
  items: readonly CreateOrderParams[],
): Promise<PlacedBatch> {
  const account = requireAccount(ctx);
  if (ctx.idempotency) return ctx.idempotency.placeBatch(account, items);
  const { rows } = await account.batchCreateOrders(items);
  return { rows, replayed: rows.map(() => false) };
}
