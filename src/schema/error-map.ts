/**
 * The one table that maps the upstream client's errors onto the gateway's vocabulary
 * (errors.ts), and the wrappers that apply it: `orThrowCoded` for queries (a coded GraphQL
 * error), `mutation` for mutations (the member of their `<Mutation>Result` union).
 */

import { GraphQLError } from 'graphql';
import { CircuitOpenError } from '../upstream/circuit.ts';
import { DeadlineExceededError } from '../upstream/deadline.ts';
import type {
  MalformedResponseError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  UpstreamError,
  UpstreamErrorKind,
  UpstreamRejectedError,
} from '../upstream/errors.ts';
import { ResponseTooLargeError } from '../upstream/response-body.ts';
import {
  ERROR_CODES,
  type ErrorCode,
  ErrorMember,
  type ErrorTypename,
  ForbiddenErrorMember,
  gqlError,
  InputErrorMember,
  type InputIssue,
  inputIssue,
  RateLimitedErrorMember,
  UpstreamRejectedErrorMember,
  UpstreamUnavailableErrorMember,
} from './errors.ts';
import { upstreamRuleToken } from './upstream-rules.ts';

/** An error classified into the vocabulary; `extensions` go next to `code`. */
export interface ClassifiedError {
  code: ErrorCode;
  message: string;
  extensions: Record<string, unknown>;
}

/** Upstream rejection codes that mean something more specific than UPSTREAM_REJECTED. */
export const REJECTED_CODES: Readonly<Record<number, ErrorCode>> = {
  [-1004]: 'BAD_USER_INPUT', // unknown parameter
  [-1005]: 'BAD_USER_INPUT', // invalid parameter
  [-1006]: 'NOT_FOUND', // resource not found
};

type KnownUpstreamError =
  | UpstreamRejectedError
  | RateLimitedError
  | UnauthorizedError
  | UnavailableError
  | MalformedResponseError;
type ErrorOfKind<K extends UpstreamErrorKind> = Extract<KnownUpstreamError, { kind: K }>;
type KindTable = { [K in UpstreamErrorKind]: (error: ErrorOfKind<K>) => ClassifiedError };

/** The mapping table: upstream error kind (and code) → GraphQL error code. */
export const UPSTREAM_ERROR_TABLE: KindTable = {
  rejected: (e) => ({
    code: REJECTED_CODES[e.upstreamCode] ?? 'UPSTREAM_REJECTED',
    message: `Upstream rejected the request (${e.upstreamCode}): ${e.upstreamMessage}`,
    extensions: { upstreamCode: e.upstreamCode, upstreamMessage: e.upstreamMessage },
  }),
  rate_limited: (e) => ({
    code: 'RATE_LIMITED',
    message: `Rate limited; retry after ${e.retryAfterMs} ms`,
    extensions: { retryAfterMs: e.retryAfterMs },
  }),
  // The caller is known to the gateway, but the upstream refuses its account's keys
  // (-1001 signature, -1002 permission/expired/revoked): nothing a retry can fix.
  unauthorized: (e) => ({
    code: 'FORBIDDEN',
    message: `Upstream refused this account's credentials (${e.upstreamCode})`,
    extensions: { upstreamCode: e.upstreamCode, upstreamMessage: e.upstreamMessage },
  }),
  // A deadline hit says what timed out (budget wait, attempt n, read-back) and, for an order
  // that may have been placed, its client_order_id: the message carries no secret.
  // An open circuit (src/upstream/circuit.ts) says when a call may get through again.
  unavailable: (e) =>
    e instanceof DeadlineExceededError
      ? {
          code: 'UPSTREAM_UNAVAILABLE',
          message: `Upstream ${e.description}`,
          extensions: { deadlineMs: e.deadlineMs },
        }
      : e instanceof CircuitOpenError
        ? {
            code: 'UPSTREAM_UNAVAILABLE',
            message: `The upstream service is unavailable; retry after ${e.retryAfterMs} ms`,
            extensions: { retryAfterMs: e.retryAfterMs },
          }
        : {
            code: 'UPSTREAM_UNAVAILABLE',
            message: 'The upstream service is unavailable; retry later',
            extensions: {},
          },
  malformed: (e) =>
    e instanceof ResponseTooLargeError
      ? {
          code: 'UPSTREAM_UNAVAILABLE',
          message: `The upstream service answered with a response larger than ${e.maxBytes} bytes`,
          extensions: { maxResponseBytes: e.maxBytes },
        }
      : {
          code: 'UPSTREAM_UNAVAILABLE',
          message: 'The upstream service answered with an unexpected response',
          extensions: {},
        },
};

function isUpstreamError(error: unknown): error is UpstreamError {
  return (
    error instanceof Error &&
    typeof (error as Partial<UpstreamError>).kind === 'string' &&
    (error as Partial<UpstreamError>).kind! in UPSTREAM_ERROR_TABLE
  );
}

/** Classifies any thrown value. Unknown errors become INTERNAL without their message. */
export function classifyError(error: unknown): ClassifiedError {
  if (error instanceof GraphQLError) {
    const code = error.extensions.code;
    const known = (ERROR_CODES as readonly unknown[]).includes(code);
    const { code: _code, ...extensions } = error.extensions;
    return known
      ? { code: code as ErrorCode, message: error.message, extensions }
      : { code: 'INTERNAL', message: 'Internal error', extensions: {} };
  }
  if (isUpstreamError(error)) {
    const map = UPSTREAM_ERROR_TABLE[error.kind] as (e: UpstreamError) => ClassifiedError;
    return map(error);
  }
  return { code: 'INTERNAL', message: 'Internal error', extensions: {} };
}

/**
 * The coded GraphQL error for a known failure. An unknown one (a bug) is returned as it is:
 * the server masks it as `Unexpected error.` with code INTERNAL and logs the original.
 */
export function toGraphQLError(error: unknown): Error {
  if (error instanceof GraphQLError && typeof error.extensions.code === 'string') return error;
  const { code, message, extensions } = classifyError(error);
  if (code === 'INTERNAL') return error instanceof Error ? error : new Error(String(error));
  return gqlError(code, message, extensions);
}

/** Runs a query resolver body; any failure becomes a coded GraphQL error. */
export async function orThrowCoded<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toGraphQLError(error);
  }
}

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

/**
 * Upstream messages of the form `order_price: must be positive` name the field first; the rest
 * becomes a rule token (upstream-rules.ts), the text staying in the issue's message.
 */
function upstreamIssue(message: string, inputPath: string | undefined): InputIssue {
  const match = /^([a-z][a-z0-9_.[\]]*): (.+)$/i.exec(message);
  if (!match) return inputIssue('', upstreamRuleToken(message), message);
  const field = snakeToCamel(match[1]!);
  const at = inputPath ? `${inputPath}.${field}` : field;
  return inputIssue(at, upstreamRuleToken(match[2]!), match[2]!);
}

function memberFrom(c: ClassifiedError, inputPath: string | undefined): ErrorMember | null {
  const upstreamCode =
    typeof c.extensions.upstreamCode === 'number' ? c.extensions.upstreamCode : 0;
  const upstreamMessage = String(c.extensions.upstreamMessage ?? c.message);
  switch (MEMBER_FOR_CODE[c.code]) {
    case 'InputError':
      // The gateway's own input failures are thrown as members already (toErrorMember).
      if (!upstreamCode) return null;
      return new InputErrorMember(
        c.message,
        [upstreamIssue(upstreamMessage, inputPath)],
        upstreamCode,
      );
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
 * error (UNAUTHENTICATED, INTERNAL, the idempotency refusals).
 */
export async function mutation<T>(run: () => Promise<T>, inputPath = 'input'): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toErrorMember(error, inputPath);
  }
}
