/**
 * The upstream client's error hierarchy. Messages never carry secrets, headers or raw
 * bodies: only the operation name, the upstream code and the upstream's own message.
 */

export type UpstreamErrorKind =
  | 'rejected'
  | 'rate_limited'
  | 'unauthorized'
  | 'unavailable'
  | 'malformed';

export abstract class UpstreamError extends Error {
  abstract readonly kind: UpstreamErrorKind;
  /** Catalog name of the operation that failed, e.g. `accountInfo`. */
  readonly operation: string;

  constructor(operation: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.operation = operation;
  }
}

/** The upstream answered with an error code (4xx business rule, -1xxx). */
export class UpstreamRejectedError extends UpstreamError {
  readonly kind = 'rejected' as const;
  constructor(
    operation: string,
    readonly upstreamCode: number,
    readonly upstreamMessage: string,
    readonly httpStatus: number,
  ) {
    super(operation, `${operation} rejected by upstream (${upstreamCode}): ${upstreamMessage}`);
  }
}

/**
 * Our shared budget is spent, or the upstream answered 429 (-1003). `reserve`: a retry was
 * not taken because it would have eaten into the half of the budget kept for callers
 * (retry.ts); the retry layer answers the failure it retried instead, so no caller sees it.
 */
export class RateLimitedError extends UpstreamError {
  readonly kind = 'rate_limited' as const;
  constructor(
    operation: string,
    readonly retryAfterMs: number,
    readonly source: 'budget' | 'upstream' | 'reserve',
  ) {
    super(operation, `${operation} rate limited; retry after ${retryAfterMs} ms`);
  }
}

/** The upstream refused our credentials (401: -1001 signature, -1002 key/permission/expiry). */
export class UnauthorizedError extends UpstreamError {
  readonly kind = 'unauthorized' as const;
  constructor(
    operation: string,
    readonly upstreamCode: number,
    readonly upstreamMessage: string,
  ) {
    super(operation, `${operation} unauthorized by upstream (${upstreamCode}): ${upstreamMessage}`);
  }
}

/**
 * Timeout, connection failure, 5xx or -1000/-1011: the upstream could not answer now
 * (`aborted`: the caller went away first, see deadline.ts; `circuit_open`: the route's
 * circuit failed the call fast without sending it, see circuit.ts).
 */
export class UnavailableError extends UpstreamError {
  readonly kind = 'unavailable' as const;
  constructor(
    operation: string,
    readonly reason:
      | 'timeout'
      | 'connection'
      | 'server_error'
      | 'retry_later'
      | 'aborted'
      | 'circuit_open',
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(operation, `${operation} upstream unavailable (${reason}): ${detail}`, options);
  }
}

/** The upstream answered something that is not the documented envelope. */
export class MalformedResponseError extends UpstreamError {
  readonly kind = 'malformed' as const;
  constructor(
    operation: string,
    readonly httpStatus: number,
    detail: string,
  ) {
    super(operation, `${operation} malformed upstream response (HTTP ${httpStatus}): ${detail}`);
  }
}
