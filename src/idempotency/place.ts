/** The resolvers' entry points: placements through the gateway's guard when it has one. */

import type { CreateOrderParams } from '../contract/wire.ts';
import type { AlgoOrderCreated, CreateAlgoOrderParams } from '../contract/wire-algo.ts';
import { type GatewayContext, requireAccount } from '../schema/types.ts';
import type { AlgoPlaced } from './algo.ts';
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

/**
 * An algo placement, once per (account, client_order_id) when the caller gave the id (`keyed`;
 * a generated one is new each call). `send` runs the checks and the POST.
 */
export function placeAlgoOnce(
  ctx: GatewayContext,
  params: CreateAlgoOrderParams,
  keyed: boolean,
  send: (params: CreateAlgoOrderParams) => Promise<AlgoOrderCreated>,
): Promise<AlgoPlaced> {
  const id = params.client_order_id;
  if (ctx.idempotency && keyed && id) {
    const account = requireAccount(ctx);
    return ctx.idempotency.algoOrders.place(account, { ...params, client_order_id: id }, send);
  }
  return send(params).then((created) => ({ created, replayed: false }));
}
