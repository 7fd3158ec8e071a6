/**
 * The gateway's error vocabulary (DESIGN.md decision 8): the codes, the coded GraphQL error,
 * and the classes of the `<Mutation>Result` union members (registered for
 * @pothos/plugin-errors in error-types.ts). Queries throw the GraphQL error; mutations return
 * the matching member. Upstream failures are mapped onto both in error-map.ts.
 */
import { GraphQLError } from 'graphql';

export const ERROR_CODES = [
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'UPSTREAM_REJECTED',
  'UPSTREAM_UNAVAILABLE',
  'IDEMPOTENCY_MISMATCH',
  'IDEMPOTENCY_IN_PROGRESS',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A GraphQL error carrying `extensions.code` (never masked by yoga). */
export function gqlError(
  code: ErrorCode,
  message: string,
  extensions: Record<string, unknown> = {},
): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extensions } });
}

export const unauthenticated = (): GraphQLError =>
  gqlError('UNAUTHENTICATED', 'Authentication required: send Authorization: Bearer <token>');

export const forbidden = (what: string): GraphQLError =>
  gqlError('FORBIDDEN', `${what} requires the broker_admin role`);

/**
 * The union members, as classes: @pothos/plugin-errors turns a thrown (or returned) instance
 * into its GraphQL type (`InputError`, …). The upstream client's own error classes cannot be
 * registered directly: one class (a rejection) maps to several members by its code.
 */
export abstract class ErrorMember extends Error {
  abstract readonly __typename: string;
  constructor(
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
  }
}

export class InputErrorMember extends ErrorMember {
  readonly __typename = 'InputError';
  constructor(
    message: string,
    /** Path of the offending input field (`input.orderPrice`), when known. */
    readonly field: string | null,
    readonly rule: string,
    readonly upstreamCode: number,
  ) {
    super(message, 'BAD_USER_INPUT');
  }
}

export class ForbiddenErrorMember extends ErrorMember {
  readonly __typename = 'ForbiddenError';
  constructor(message: string) {
    super(message, 'FORBIDDEN');
  }
}

export class RateLimitedErrorMember extends ErrorMember {
  readonly __typename = 'RateLimitedError';
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message, 'RATE_LIMITED');
  }
}

export class UpstreamRejectedErrorMember extends ErrorMember {
  readonly __typename = 'UpstreamRejectedError';
  constructor(
    message: string,
    code: ErrorCode,
    readonly upstreamCode: number,
    readonly upstreamMessage: string,
  ) {
    super(message, code);
  }
}

export class UpstreamUnavailableErrorMember extends ErrorMember {
  readonly __typename = 'UpstreamUnavailableError';
  constructor(message: string) {
    super(message, 'UPSTREAM_UNAVAILABLE');
  }
}

/** A placeOrders item the upstream did not place: its index and the upstream's own words. */
export class BatchItemErrorMember extends ErrorMember {
  readonly __typename = 'BatchItemError';
  constructor(
    readonly index: number,
    readonly clientOrderId: string | null,
    readonly upstreamMessage: string,
  ) {
    super(`inputs.${index} was not placed: ${upstreamMessage}`, 'UPSTREAM_REJECTED');
  }
}

/** Every member class, for the builder's `defaultTypes`. */
export const ERROR_MEMBERS = [
  InputErrorMember,
  ForbiddenErrorMember,
  RateLimitedErrorMember,
  UpstreamRejectedErrorMember,
  UpstreamUnavailableErrorMember,
] as const;

export type ErrorTypename =
  | 'InputError'
  | 'ForbiddenError'
  | 'RateLimitedError'
  | 'UpstreamRejectedError'
  | 'UpstreamUnavailableError';

export const forbiddenMember = (what: string): ForbiddenErrorMember =>
  new ForbiddenErrorMember(`${what} requires the broker_admin role`);
