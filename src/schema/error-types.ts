/**
 * The `Error` interface and its five implementations (errors.ts), registered for
 * @pothos/plugin-errors: a mutation declares `...result('PlaceOrder')` and returns its success
 * object; a thrown member (`mutation()` in error-map.ts) resolves as that member of
 * `PlaceOrderResult`.
 */

import { builder } from './builder.ts';
import { ErrorCodeEnum } from './enums.ts';
import {
  type ErrorMember,
  ForbiddenErrorMember,
  InputErrorMember,
  type InputIssue,
  RateLimitedErrorMember,
  UpstreamRejectedErrorMember,
  UpstreamUnavailableErrorMember,
} from './errors.ts';

export const ErrorInterface = builder.interfaceRef<ErrorMember>('Error').implement({
  description: 'An expected failure of a mutation.',
  fields: (t) => ({
    message: t.exposeString('message'),
    code: t.expose('code', { type: ErrorCodeEnum }),
  }),
});

export const InputIssueRef = builder.objectRef<InputIssue>('InputIssue').implement({
  description: 'One broken input rule (InputError.issues, OrderPreview.issues).',
  fields: (t) => ({
    field: t.exposeString('field', {
      description: 'Dotted path from the argument: input.orderPrice ("" when none is known)',
    }),
    rule: t.exposeString('rule', { description: 'A token: positive, tick, unknownSymbol, …' }),
    message: t.exposeString('message'),
  }),
});

builder.objectType(InputErrorMember, {
  name: 'InputError',
  description:
    "A mutation's input was refused, whoever found it: the gateway's input rules or its checks of the upstream state (upstreamCode 0; nothing was sent), or the upstream (-1004/-1005). docs/api.md, Errors.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    field: t.exposeString('field', {
      nullable: true,
      description: "The first issue's field, e.g. input.orderPrice",
    }),
    rule: t.exposeString('rule', { description: "The first issue's rule token" }),
    issues: t.field({
      type: [InputIssueRef],
      description: 'Every broken rule (at least one)',
      resolve: (e) => [...e.issues],
    }),
    upstreamCode: t.exposeInt('upstreamCode', { description: '0: refused by the gateway' }),
  }),
});

builder.objectType(ForbiddenErrorMember, {
  name: 'ForbiddenError',
  description: 'The caller lacks the role, or the upstream refused its credentials.',
  interfaces: [ErrorInterface],
});

builder.objectType(RateLimitedErrorMember, {
  name: 'RateLimitedError',
  interfaces: [ErrorInterface],
  fields: (t) => ({ retryAfterMs: t.exposeInt('retryAfterMs') }),
});

builder.objectType(UpstreamRejectedErrorMember, {
  name: 'UpstreamRejectedError',
  description:
    'The upstream refused the request (e.g. -1007 duplicate client_order_id; -1006 with code NOT_FOUND: no such order, or it is already final).',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    upstreamCode: t.exposeInt('upstreamCode'),
    upstreamMessage: t.exposeString('upstreamMessage'),
  }),
});

builder.objectType(UpstreamUnavailableErrorMember, {
  name: 'UpstreamUnavailableError',
  interfaces: [ErrorInterface],
});

/** Field options of a mutation returning `<name>Result`: its success type or an error member. */
export const result = (name: string) =>
  ({ errors: { union: { name: `${name}Result` } }, nullable: true }) as const;
