/**
 * The gateway's error vocabulary (DESIGN.md decision 8): the codes, the coded GraphQL error,
 * and the classes of the `<Mutation>Result` union members (registered for
 * @pothos/plugin-errors in error-types.ts). Queries throw the GraphQL error; mutations return
 * the matching member. Upstream failures are mapped onto both in error-map.ts.
 *
 * A member is itself a coded GraphQL error, so one throw serves both: on a mutation the errors
 * plugin returns it as its union member; on a query or subscription (no union) it reaches the
 * client as the error `{code, …}`. Input failures rely on it: whoever finds one (the zod
 * argument rules, a resolver's checks, the upstream) throws an `InputErrorMember`.
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
export abstract class ErrorMember extends GraphQLError {
  abstract readonly __typename: string;
  constructor(
    message: string,
    readonly code: ErrorCode,
    extensions: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { code, ...extensions } });
  }
}

/** One broken input rule. */
export interface InputIssue {
  /** Dotted path from the argument: `input.orderPrice`, `clientOrderIds.3`; '' for none. */
  field: string;
  path: (string | number)[];
  /** Machine-readable rule name (`positive`, `symbol`, `requiredForType`, …). */
  rule: string;
  message: string;
}

/**
 * Every input failure, whoever found it: `issues` holds each broken rule, `field` and `rule`
 * are the first's. As a query's error its extensions are `{code, field, rule, issues}`.
 */
export class InputErrorMember extends ErrorMember {
  readonly __typename = 'InputError';
  /** Path of the offending input field (`input.orderPrice`), null when none is known. */
  readonly field: string | null;
  readonly rule: string;
  constructor(
    message: string,
    readonly issues: readonly InputIssue[],
    /** The upstream's code (-1004/-1005) when it refused; 0 when the gateway did. */
    readonly upstreamCode = 0,
  ) {
    const field = issues[0]?.field || null;
    const rule = issues[0]?.rule ?? 'invalid';
    super(message, 'BAD_USER_INPUT', { field, rule, issues });
    this.field = field;
    this.rule = rule;
  }
}

/** The issue `rule` at the dotted `field` (numeric segments are list indexes). */
export function inputIssue(field: string, rule: string, message: string): InputIssue {
  const path = field === '' ? [] : field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  return { field, path, rule, message };
}

/** The input failure of one rule at `field` (the gateway's own checks that need data). */
export const inputRefusal = (field: string, rule: string, message: string): InputErrorMember =>
  new InputErrorMember(`${field}: ${message} (${rule})`, [inputIssue(field, rule, message)]);

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
