/**
 * The upstream's error vocabulary (reference/upstream-facts.md): a code, the HTTP status the
 * code travels with (`contract/errors.ts`), and a message naming the field and the rule.
 * Routes throw `ApiError`; the server turns it into `{"success": false, "code": …, "message": …}`.
 */
import {
  DUPLICATE,
  INVALID_PARAMETER,
  INVALID_SIGNATURE,
  NOT_FOUND,
  UNAUTHORIZED,
  UNKNOWN_PARAMETER,
  UPSTREAM_ERRORS,
  type UpstreamErrorCode,
} from '../contract/errors.ts';

export type ErrorCode = UpstreamErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Overrides the code's status (404 unknown path, 405 wrong method). */
    status?: number,
    /** Extra response headers (Retry-After on 429, Allow on 405). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status ?? UPSTREAM_ERRORS[code].status;
  }
}

/** 400 -1005: a bad value; `field` is named first so every message says which field broke. */
export const invalid = (field: string, rule: string): ApiError =>
  new ApiError(INVALID_PARAMETER, `${field}: ${rule}`);

/** 400 -1004: a parameter the endpoint does not take. */
export const unknownParameter = (field: string, where = 'body'): ApiError =>
  new ApiError(UNKNOWN_PARAMETER, `${field}: unknown parameter in the ${where}`);

export const notFound = (what: string): ApiError => new ApiError(NOT_FOUND, what);

export const duplicate = (what: string): ApiError => new ApiError(DUPLICATE, what);

export const badSignature = (why: string): ApiError => new ApiError(INVALID_SIGNATURE, why);

export const unauthorized = (why: string): ApiError => new ApiError(UNAUTHORIZED, why);
