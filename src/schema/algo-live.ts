/** `Subscription.algoOrderUpdates`: changes of the caller's algo orders, as they happen. */
import { SYMBOL } from '../contract/fields.ts';
import { algoOrderUpdates, deliver } from '../resolvers/algo-live.ts';
import { AlgoOrderRef } from './algo-order.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { validateAs } from './field-rules.ts';
import { resumeFromArg } from './live-cursor.ts';

builder.subscriptionField('algoOrderUpdates', (t) =>
  t.field({
    ...authenticated,
    type: AlgoOrderRef,
    description:
      "The caller's algo orders after each change (placed, edited, resized, triggered, filled, cancelled): the root with its legs in childOrders.",
    args: {
      symbol: t.arg.string({ validate: validateAs(SYMBOL) }),
      resumeFrom: resumeFromArg(t),
    },
    subscribe: (_root, args, ctx) => algoOrderUpdates(ctx, args.symbol, args.resumeFrom),
    resolve: (event) => deliver(event).order,
  }),
);
