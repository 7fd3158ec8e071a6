/**
 * Mutation results: every mutation returns `<Mutation>Result`, a union of its success type
 * and the error members below (built by @pothos/plugin-errors, see schema/errors.ts).
 * Expected failures become members; UNAUTHENTICATED and INTERNAL stay GraphQL errors.
 */
import { type ClassifiedError, classifyError, type ErrorCode, toGraphQLError } from './errors.ts';

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

/** Which union member carries each code; `null`: raised as a GraphQL error instead. */
export const MEMBER_FOR_CODE: Readonly<Record<ErrorCode, ErrorTypename | null>> = {
  BAD_USER_INPUT: 'InputError',
  FORBIDDEN: 'ForbiddenError',
  RATE_LIMITED: 'RateLimitedError',
  NOT_FOUND: 'UpstreamRejectedError',
  UPSTREAM_REJECTED: 'UpstreamRejectedError',
  UPSTREAM_UNAVAILABLE: 'UpstreamUnavailableError',
  UNAUTHENTICATED: null,
  // Idempotency refusals are request errors (extensions.code), as for the Idempotency-Key.
  IDEMPOTENCY_MISMATCH: null,
  IDEMPOTENCY_IN_PROGRESS: null,
  INTERNAL: null,
};

const snakeToCamel = (name: string): string =>
  name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Upstream messages of the form `order_price: must be positive` name the field first. */
function fieldAndRule(message: string, inputPath: string | undefined) {
  const match = /^([a-z][a-z0-9_.[\]]*): (.+)$/i.exec(message);
  if (!match) return { field: null, rule: message };
  const field = snakeToCamel(match[1]!);
  return { field: inputPath ? `${inputPath}.${field}` : field, rule: match[2]! };
}

function memberFrom(c: ClassifiedError, inputPath: string | undefined): ErrorMember | null {
  const upstreamCode =
    typeof c.extensions.upstreamCode === 'number' ? c.extensions.upstreamCode : 0;
  const upstreamMessage = String(c.extensions.upstreamMessage ?? c.message);
  switch (MEMBER_FOR_CODE[c.code]) {
    case 'InputError': {
      // Only the upstream's input rejections; our own validation fails before the resolver.
      if (!upstreamCode) return null;
      const { field, rule } = fieldAndRule(upstreamMessage, inputPath);
      return new InputErrorMember(c.message, field, rule, upstreamCode);
    }
    case 'RateLimitedError':
      return new RateLimitedErrorMember(c.message, Number(c.extensions.retryAfterMs));
    case 'UpstreamRejectedError':
      return new UpstreamRejectedErrorMember(c.message, c.code, upstreamCode, upstreamMessage);
    case 'ForbiddenError':
      return new ForbiddenErrorMember(c.message);
    case 'UpstreamUnavailableError':
      return new UpstreamUnavailableErrorMember(c.message);
    default:
      return null;
  }
}

/** The union member for an error, or throws the coded GraphQL error when there is none. */
export function toErrorMember(error: unknown, inputPath?: string): ErrorMember {
  if (error instanceof ErrorMember) return error;
  const member = memberFrom(classifyError(error), inputPath);
  if (!member) throw toGraphQLError(error);
  return member;
}

/**
 * Runs a mutation body. A failure is thrown as its union member, which the errors plugin
 * returns as that member of the field's `<Mutation>Result`; anything else stays a GraphQL
 * error (UNAUTHENTICATED, INTERNAL, our own BAD_USER_INPUT).
 */
export async function mutation<T>(run: () => Promise<T>, inputPath = 'input'): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toErrorMember(error, inputPath);
  }
}

export const forbiddenMember = (what: string): ForbiddenErrorMember =>
  new ForbiddenErrorMember(`${what} requires the broker_admin role`);
