/**
 * Resumable account subscriptions in the schema: the `resumeFrom` argument every account
 * subscription takes, and `cursor` on what they deliver. `OrderUpdate`, `LiquidationEvent`
 * and `WithdrawalStatusEvent` only come from subscriptions (their `cursor: String!` is in
 * live.ts); `Position`, `Balance` and `AlgoOrder` are read by queries too, where they have no
 * cursor, so theirs is nullable. Every element of one `positionUpdates`/`balanceUpdates`
 * event carries the same cursor (docs/subscriptions.md, "Resuming a subscription").
 */
import type { ArgBuilder } from '@pothos/core';
import { z } from 'zod';
import { CURSOR_MESSAGE, eventCursor, isCursor } from '../resolvers/live-cursor.ts';
import { AlgoOrderRef } from './algo-order.ts';
import { builder } from './builder.ts';
import { BalanceRef, PositionRef } from './portfolio.ts';
import { rule } from './rules.ts';

export const CURSOR_FIELD = {
  description:
    "Where this event sits in the account's event log: pass it as `resumeFrom` (over SSE it is also the event's `id:`, sent back as `Last-Event-ID`) to resume after it. Opaque.",
} as const;

/** The description of the nullable cursor of a type queries read too. */
const SHARED = (field: string) =>
  `The cursor of the account event that delivered this in ${field} (as OrderUpdate.cursor: pass it as \`resumeFrom\`); null outside that subscription.`;

const CURSOR = z.string().refine(isCursor, rule('cursor', CURSOR_MESSAGE));

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The `resumeFrom` argument of an account subscription. */
export const resumeFromArg = (t: { arg: ArgBuilder<Types> }) =>
  t.arg.string({
    description:
      'A cursor this subscription (or another account subscription of the caller) delivered: first every event after it that this subscription follows, in order, from the account’s log (on any replica), then live. When the log no longer holds what came after it, a RESYNC snapshot comes first instead, its events marked in `extensions.resumed`. Over SSE, the `Last-Event-ID` header does the same.',
    validate: { schema: CURSOR },
  });

builder.objectFields(PositionRef, (t) => ({
  cursor: t.string({
    nullable: true,
    description: SHARED('positionUpdates'),
    resolve: (_p, _a, _c, info) => eventCursor(info),
  }),
}));

builder.objectFields(BalanceRef, (t) => ({
  cursor: t.string({
    nullable: true,
    description: SHARED('balanceUpdates'),
    resolve: (_b, _a, _c, info) => eventCursor(info),
  }),
}));

builder.objectFields(AlgoOrderRef, (t) => ({
  cursor: t.string({
    nullable: true,
    description: SHARED('algoOrderUpdates (legs carry their root’s)'),
    resolve: (_o, _a, _c, info) => eventCursor(info),
  }),
}));
