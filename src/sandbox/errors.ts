/**
 * The upstream's error vocabulary (reference/upstream-facts.md): a code, the HTTP status the
 * code travels with, and a message naming the field and the rule. Routes throw `ApiError`;
 * the server turns it into `{"success": false, "code": …, "message": …}`.
 */

/** HTTP status of every documented code. */
export const CODE_STATUS = {
  [-1000]: 500,
  [-1001]: 401,
  [-1002]: 401,
  [-1003]: 429,
  [-1004]: 400,
  [-1005]: 400,
  [-1006]: 400,
  [-1007]: 409,
  [-1008]: 400,
  [-1009]: 400,
  [-1011]: 400,
  [-1012]: 400,
  [-1101]: 400,
  [-1102]: 400,
  [-1103]: 400,
  [-1104]: 400,
  [-1105]: 400,
} as const satisfies Record<number, number>;

export type ErrorCode = keyof typeof CODE_STATUS;

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
    this.status = status ?? CODE_STATUS[code];
  }
}

/** 400 -1005: a bad value; `field` is named first so every message says which field broke. */
export const invalid = (field: string, rule: string): ApiError =>
  new ApiError(-1005, `${field}: ${rule}`);

/** 400 -1004: a parameter the endpoint does not take. */
export const unknownParameter = (field: string, where = 'body'): ApiError =>
  new ApiError(-1004, `${field}: unknown parameter in the ${where}`);

export const notFound = (what: string): ApiError => new ApiError(-1006, what);

export const duplicate = (what: string): ApiError => new ApiError(-1007, what);

export const badSignature = (why: string): ApiError => new ApiError(-1001, why);

export const unauthorized = (why: string): ApiError => new ApiError(-1002, why);
