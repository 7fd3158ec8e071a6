/**
 * `Order.fills`: the order's trades, every order of a request batched into one walk of
 * GET /v1/trades (src/resolvers/order-fills.ts through the request's DataLoader).
 */
import { builder } from './builder.ts';
import { FillRef } from './live.ts';
import { OrderRef } from './order.ts';
import { orThrowCoded } from './types.ts';

builder.objectFields(OrderRef, (t) => ({
  fills: t.field({
    type: [FillRef],
    nullable: { list: true, items: false },
    description:
      'Its fills in the order they happened, each with isMaker and realizedPnl; the fills of every order in the request are read together, one upstream call per page of 500 trades.',
    authScopes: { authenticated: true },
    resolve: (order, _args, ctx) => orThrowCoded(() => ctx.loaders.orderFills.load(order)),
  }),
}));
