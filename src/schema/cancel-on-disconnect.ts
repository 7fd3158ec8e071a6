/**
 * Cancel-on-disconnect as a subscription (docs/subscriptions.md#cancel-on-disconnect): while it
 * runs, the upstream's dead-man switch of the caller's account is renewed; once no session of
 * the account is left on any replica, the upstream cancels its orders and algo orders after
 * the delay. graphql-ws clients may arm it for the connection instead (`connectionParams`).
 */
import { AFTER_MS_RULE } from '../cancel-on-disconnect/arming.ts';
import { cancelOnDisconnect, deliver } from '../resolvers/cancel-on-disconnect.ts';
import { authenticated } from './auth.ts';
import { builder } from './builder.ts';
import { validateAs } from './field-rules.ts';

const StatusRef = builder
  .objectRef<{ afterMs: number; expectedTriggerTime: number }>('CancelOnDisconnectStatus')
  .implement({
    description: "The caller's account's dead-man switch, as this session armed it.",
    fields: (t) => ({
      afterMs: t.exposeInt('afterMs', {
        description:
          'Delay (ms) the switch is armed with: the shortest any live session of the account asked for.',
      }),
      expectedTriggerTime: t.expose('expectedTriggerTime', {
        type: 'Timestamp',
        description:
          'When the upstream cancels the orders unless the switch is renewed (it is, every third of the delay or more often, while a session lives).',
      }),
    }),
  });

builder.subscriptionField('cancelOnDisconnect', (t) =>
  t.field({
    ...authenticated,
    type: StatusRef,
    description:
      "Keeps the caller's account's orders alive only while a session lives: one event once the upstream's dead-man switch is armed, then quiet until the client leaves. When the account's last session (on any gateway replica) ends, the upstream cancels its orders and algo orders `afterMs` later.",
    args: {
      afterMs: t.arg.int({
        description: `${AFTER_MS_RULE.about}; ${AFTER_MS_RULE.min} to ${AFTER_MS_RULE.max}, default CANCEL_ON_DISCONNECT_AFTER_MS.`,
        validate: validateAs(AFTER_MS_RULE),
      }),
    },
    subscribe: (_root, args, ctx) => cancelOnDisconnect(ctx, args.afterMs),
    resolve: deliver,
  }),
);
