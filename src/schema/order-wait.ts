/**
 * `waitFor` and `waitTimeoutMs`, the arguments that make an order mutation answer with the
 * order's outcome from the private stream instead of the upstream's acknowledgement; the
 * values each mutation takes (another is an InputError, rule `allowedWait`, nothing sent),
 * and the descriptions of the fields that answer it.
 */
import type { ArgBuilder } from '@pothos/core';
import { z } from 'zod';
import type { OrderWait, Waited } from '../resolvers/order-wait.ts';
import type { OrderUpdateModel } from '../upstream/stream/models.ts';
import { builder } from './builder.ts';
import { OrderUpdateRef } from './live.ts';
import { rule } from './rules.ts';

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The absolute bound of `waitTimeoutMs`; the operation's deadline is usually the nearer one. */
export const MAX_WAIT_TIMEOUT_MS = 60_000;

export const OrderWaitEnum = builder.enumType('OrderWait', {
  description:
    'What an order mutation waits for on the account’s private stream before it answers. A wait also ends when the order reaches a final state that rules the target out (FILLED asked, CANCELLED reached): `outcome.status` says which.',
  values: {
    NONE: { description: 'Answer with the upstream’s acknowledgement (the default).' },
    ACCEPTED: { description: 'The matching engine took the order (any state but REJECTED).' },
    FILLED: { description: 'Completely filled.' },
    FINAL: { description: 'FILLED, CANCELLED or REJECTED.' },
    CANCELLED: { description: 'cancelOrder: the order reads CANCELLED.' },
    REPLACED: { description: 'editOrder: the order reads REPLACED with its new values.' },
  } satisfies Record<OrderWait, unknown>,
});

/** The waits each mutation takes. */
export const WAITS_OF = {
  placement: ['NONE', 'ACCEPTED', 'FILLED', 'FINAL'],
  edit: ['NONE', 'REPLACED', 'FILLED', 'FINAL'],
  cancel: ['NONE', 'CANCELLED', 'FINAL'],
} as const satisfies Record<string, readonly OrderWait[]>;
export type WaitKind = keyof typeof WAITS_OF;

const listed = (values: readonly string[]) =>
  `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;

/** `waitFor`'s refinement: a value the mutation takes (null is NONE). */
function waitForRule(kind: WaitKind): [(v: OrderWait | null) => boolean, { message: string }] {
  const allowed: readonly OrderWait[] = WAITS_OF[kind];
  // zod reads `params` of a refinement's options; the plugin's type knows only `message`.
  const options = rule('allowedWait', `must be ${listed(allowed)} here`);
  return [(v) => v === null || allowed.includes(v), options];
}

const timeoutRule = z
  .number()
  .refine(
    (v) => v >= 1 && v <= MAX_WAIT_TIMEOUT_MS,
    rule('range', `must be from 1 to ${MAX_WAIT_TIMEOUT_MS}`),
  );

/** The two arguments of a mutation of `kind`. */
export function waitArgs(arg: ArgBuilder<Types>, kind: WaitKind) {
  return {
    waitFor: arg({
      type: OrderWaitEnum,
      defaultValue: 'NONE',
      description: `Answer once the order gets there on the private stream (${listed(WAITS_OF[kind])}); the state is in \`outcome\`.`,
      validate: waitForRule(kind),
    }),
    waitTimeoutMs: timeoutArg(arg, 'Only with a waitFor other than NONE.'),
  };
}

/** `waitTimeoutMs`: 1 to MAX_WAIT_TIMEOUT_MS here, at most the deadline in the resolver. */
export const timeoutArg = (arg: ArgBuilder<Types>, more: string) =>
  arg.int({
    description: `Longest wait, ms; at most the operation’s deadline (UPSTREAM_DEADLINE_MS), which is also the default. ${more}`,
    validate: { schema: timeoutRule },
  });

/** `outcome` and `timedOut` of a success type whose mutation takes `waitFor`. */
export function waitedFields<T extends Partial<Waited<OrderUpdateModel>>>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>,
) {
  return {
    outcome: t.field({
      type: OrderUpdateRef,
      nullable: true,
      description:
        'With waitFor: the order’s state from the private stream when the wait ended — the state waited for, a final state that ruled it out, or (timedOut) the last state seen, null if none arrived. Null without waitFor. No upstream request.',
      resolve: (r) => r.outcome ?? null,
    }),
    timedOut: t.boolean({
      description:
        'True when waitTimeoutMs (or the operation’s deadline) passed before the order got to waitFor; false without waitFor.',
      resolve: (r) => r.timedOut ?? false,
    }),
  };
}
