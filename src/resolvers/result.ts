/**
 * Mutation results: every mutation returns `<Mutation>Result`, a union of its success type
 * and the error members below. Expected failures become members; UNAUTHENTICATED and
 * INTERNAL stay GraphQL errors.
 */
import { type ClassifiedError, classifyError, type ErrorCode, toGraphQLError } from './errors.ts';

interface ErrorMemberBase {
  message: string;
  code: ErrorCode;
}
export interface InputErrorShape extends ErrorMemberBase {
  __typename: 'InputError';
  /** Path of the offending input field (`input.orderPrice`), when known. */
  field: string | null;
  rule: string;
  upstreamCode: number;
}
export interface ForbiddenErrorShape extends ErrorMemberBase {
  __typename: 'ForbiddenError';
}
export interface RateLimitedErrorShape extends ErrorMemberBase {
  __typename: 'RateLimitedError';
  retryAfterMs: number;
}
export interface UpstreamRejectedErrorShape extends ErrorMemberBase {
  __typename: 'UpstreamRejectedError';
  upstreamCode: number;
  upstreamMessage: string;
}
export interface UpstreamUnavailableErrorShape extends ErrorMemberBase {
  __typename: 'UpstreamUnavailableError';
}
export type ErrorMember =
  | InputErrorShape
  | ForbiddenErrorShape
  | RateLimitedErrorShape
  | UpstreamRejectedErrorShape
  | UpstreamUnavailableErrorShape;
export type ErrorTypename = ErrorMember['__typename'];

/** Which union member carries each code; `null`: raised as a GraphQL error instead. */
export const MEMBER_FOR_CODE: Readonly<Record<ErrorCode, ErrorTypename | null>> = {
  BAD_USER_INPUT: 'InputError',
  FORBIDDEN: 'ForbiddenError',
  RATE_LIMITED: 'RateLimitedError',
  NOT_FOUND: 'UpstreamRejectedError',
  UPSTREAM_REJECTED: 'UpstreamRejectedError',
  UPSTREAM_UNAVAILABLE: 'UpstreamUnavailableError',
  UNAUTHENTICATED: null,
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
  const typename = MEMBER_FOR_CODE[c.code];
  const base = { message: c.message, code: c.code };
  const upstreamCode =
    typeof c.extensions.upstreamCode === 'number' ? c.extensions.upstreamCode : 0;
  const upstreamMessage = String(c.extensions.upstreamMessage ?? c.message);
  switch (typename) {
    case 'InputError':
      // Only the upstream's input rejections; our own validation fails before the resolver.
      if (!upstreamCode) return null;
      return {
        __typename: typename,
        ...base,
        ...fieldAndRule(upstreamMessage, inputPath),
        upstreamCode,
      };
    case 'RateLimitedError':
      return { __typename: typename, ...base, retryAfterMs: Number(c.extensions.retryAfterMs) };
    case 'UpstreamRejectedError':
      return { __typename: typename, ...base, upstreamCode, upstreamMessage };
    case 'ForbiddenError':
    case 'UpstreamUnavailableError':
      return { __typename: typename, ...base };
    default:
      return null;
  }
}

/** The union member for an error, or throws the coded GraphQL error when there is none. */
export function toErrorMember(error: unknown, inputPath?: string): ErrorMember {
  const member = memberFrom(classifyError(error), inputPath);
  if (!member) throw toGraphQLError(error);
  return member;
}

/** Runs a mutation body: its success value, or the error member for what went wrong. */
export async function settle<T>(
  run: () => Promise<T>,
  inputPath = 'input',
): Promise<T | ErrorMember> {
  try {
    return await run();
  } catch (error) {
    return toErrorMember(error, inputPath);
  }
}

export const forbiddenMember = (what: string): ForbiddenErrorShape => ({
  __typename: 'ForbiddenError',
  code: 'FORBIDDEN',
  message: `${what} requires the broker_admin role`,
});
