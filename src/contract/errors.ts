/**
 * The upstream's error codes (`reference/upstream-facts.md`): the HTTP status each travels
 * with, its meaning, and a name of ours (the facts give none) for logs and docs. The sandbox answers with these statuses; the gateway maps
 * the codes to error kinds (`upstream/error-map.ts`).
 */
export const UPSTREAM_ERRORS = {
  [-1000]: { status: 500, name: 'UNKNOWN_ERROR', meaning: 'unknown error' },
  [-1001]: { status: 401, name: 'INVALID_SIGNATURE', meaning: 'invalid signature / key format' },
  [-1002]: {
    status: 401,
    name: 'UNAUTHORIZED',
    meaning: 'invalid, insufficient, expired or revoked key',
  },
  [-1003]: { status: 429, name: 'TOO_MANY_REQUESTS', meaning: 'too many requests' },
  [-1004]: { status: 400, name: 'UNKNOWN_PARAMETER', meaning: 'unknown parameter' },
  [-1005]: { status: 400, name: 'INVALID_PARAMETER', meaning: 'invalid parameter' },
  [-1006]: { status: 400, name: 'NOT_FOUND', meaning: 'resource not found' },
  [-1007]: { status: 409, name: 'DUPLICATE_REQUEST', meaning: 'duplicate request' },
  [-1008]: { status: 400, name: 'QUANTITY_TOO_HIGH', meaning: 'quantity too high' },
  [-1009]: { status: 400, name: 'CANNOT_WITHDRAW', meaning: 'cannot withdraw' },
  [-1011]: { status: 400, name: 'RETRY_LATER', meaning: 'internal network error' },
  [-1012]: { status: 400, name: 'INTERNAL_REJECT', meaning: 'rejected by an internal module' },
  [-1101]: {
    status: 400,
    name: 'RISK_TOO_HIGH',
    meaning: 'risk too high / insufficient margin',
  },
  [-1102]: {
    status: 400,
    name: 'BELOW_MIN_NOTIONAL',
    meaning: 'order value below minimum notional',
  },
  [-1103]: {
    status: 400,
    name: 'PRICE_FILTER',
    meaning: 'price outside the allowed range or off the tick',
  },
  [-1104]: {
    status: 400,
    name: 'QUANTITY_FILTER',
    meaning: 'quantity outside the allowed range or off the step',
  },
  [-1105]: {
    status: 400,
    name: 'PRICE_TOO_FAR',
    meaning: 'price too far from the mid price',
  },
} as const satisfies Record<number, { status: number; name: string; meaning: string }>;

export type UpstreamErrorCode = keyof typeof UPSTREAM_ERRORS;

/** The codes the gateway and the sandbox name in code, not only in the table. */
export const UNKNOWN_ERROR = -1000;
export const INVALID_SIGNATURE = -1001;
export const UNAUTHORIZED = -1002;
export const TOO_MANY_REQUESTS = -1003;
export const UNKNOWN_PARAMETER = -1004;
export const INVALID_PARAMETER = -1005;
export const NOT_FOUND = -1006;
export const DUPLICATE = -1007;
/** Sent with HTTP 400, yet a transient failure: the gateway retries it like a 5xx. */
export const RETRY_LATER = -1011;
