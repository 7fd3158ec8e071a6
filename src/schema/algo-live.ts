/** `Subscription.algoOrderUpdates`: changes of the caller's algo orders, as they happen. */
import { SYMBOL } from '../contract/fields.ts';
import { algoOrderUpdates, deliver } from '../resolvers/algo-live.ts';
import { AlgoOrderRef } from './algo-order.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { validateAs } from './field-rules.ts';
import { UpdateSourceEnum } from './live.ts';
import { resumeFromArg } from './live-cursor.ts';

builder.objectField(AlgoOrderRef, 'source', (t) =>
  t.expose('source', {
    type: UpdateSourceEnum,
    nullable: true,
    description:
      'On an algoOrderUpdates root: STREAM when pushed, RESYNC when found by the re-read after a reconnect. null on reads and on legs.',
  }),
);

builder.subscriptionField('algoOrderUpdates', (t) =>
  t.field({
    ...authenticated,
    type: AlgoOrderRef,
    description:
      "The caller's algo orders after each change (placed, edited, resized, triggered, filled, cancelled): the root with its legs in childOrders. After an upstream stream gap, the trees that changed in it come with source RESYNC.",
    args: {
      symbol: t.arg.string({ validate: validateAs(SYMBOL) }),
      resumeFrom: resumeFromArg(t),
    },
    subscribe: (_root, args, ctx) => algoOrderUpdates(ctx, args.symbol, args.resumeFrom),
    resolve: (event) => deliver(event).order,
  }),
);
