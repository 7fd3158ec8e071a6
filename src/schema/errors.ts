/**
 * The `Error` interface, its five implementations and `resultUnion`, which builds each
 * mutation's `<Mutation>Result` union of its success type and these errors.
 */
import type { ObjectRef } from '@pothos/core';
import type {
  ErrorMember,
  ForbiddenErrorShape,
  InputErrorShape,
  RateLimitedErrorShape,
  UpstreamRejectedErrorShape,
  UpstreamUnavailableErrorShape,
} from '../resolvers/result.ts';
import { builder } from './builder.ts';
import { ErrorCodeEnum } from './enums.ts';

export const ErrorInterface = builder.interfaceRef<ErrorMember>('Error').implement({
  description: 'An expected failure of a mutation.',
  fields: (t) => ({
    message: t.exposeString('message'),
    code: t.expose('code', { type: ErrorCodeEnum }),
  }),
});

const InputError = builder.objectRef<InputErrorShape>('InputError').implement({
  description: 'The upstream rejected a value of the input (-1004/-1005).',
  interfaces: [ErrorInterface],
  fields: (t) => ({
    field: t.exposeString('field', { nullable: true, description: 'e.g. input.orderPrice' }),
    rule: t.exposeString('rule'),
    upstreamCode: t.exposeInt('upstreamCode'),
  }),
});

const ForbiddenError = builder.objectRef<ForbiddenErrorShape>('ForbiddenError').implement({
  description: 'The caller lacks the role, or the upstream refused its credentials.',
  interfaces: [ErrorInterface],
});

const RateLimitedError = builder.objectRef<RateLimitedErrorShape>('RateLimitedError').implement({
  interfaces: [ErrorInterface],
  fields: (t) => ({ retryAfterMs: t.exposeInt('retryAfterMs') }),
});

const UpstreamRejectedError = builder
  .objectRef<UpstreamRejectedErrorShape>('UpstreamRejectedError')
  .implement({
    description: 'The upstream refused the request (e.g. -1007 duplicate client_order_id).',
    interfaces: [ErrorInterface],
    fields: (t) => ({
      upstreamCode: t.exposeInt('upstreamCode'),
      upstreamMessage: t.exposeString('upstreamMessage'),
    }),
  });

const UpstreamUnavailableError = builder
  .objectRef<UpstreamUnavailableErrorShape>('UpstreamUnavailableError')
  .implement({ interfaces: [ErrorInterface] });

const errorTypes = [
  InputError,
  ForbiddenError,
  RateLimitedError,
  UpstreamRejectedError,
  UpstreamUnavailableError,
] as const;

/** A success type's value is tagged with its GraphQL type name. */
export type Tagged<Name extends string, T = object> = T & { __typename: Name };

/** `<Name>Success` from `success`, and the union `<Name>Result` of it and every error. */
export function resultUnion<S extends { __typename: string }>(
  name: string,
  success: ObjectRef<typeof builder extends { $inferSchemaTypes: infer T } ? T : never, S>,
) {
  return builder.unionType(`${name}Result`, {
    types: [success, ...errorTypes],
    resolveType: (value) => value.__typename,
  });
}
