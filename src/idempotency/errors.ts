/**
 * The two codes idempotency adds to the error vocabulary. `http.spec` makes the status apply
 * only for clients accepting `application/graphql-response+json` (the IETF Idempotency-Key
 * draft's 422 and 409); legacy `application/json` clients get 200 with the error in the body.
 */
import { GraphQLError } from 'graphql';

export const idempotencyMismatch = (what: string, fresh = 'key'): GraphQLError =>
  new GraphQLError(
    `${what} was already used with other parameters; send a new ${fresh} for a new request.`,
    { extensions: { code: 'IDEMPOTENCY_MISMATCH', http: { status: 422, spec: true } } },
  );

export const idempotencyInProgress = (what: string, retryAfterMs: number): GraphQLError => {
  const ms = Math.max(1, Math.ceil(retryAfterMs));
  return new GraphQLError(
    `A request with ${what} is still in progress; retry after ${ms} ms to get its result.`,
    {
      extensions: {
        code: 'IDEMPOTENCY_IN_PROGRESS',
        retryAfterMs: ms,
        http: {
          status: 409,
          spec: true,
          headers: { 'retry-after': String(Math.ceil(ms / 1_000)) },
        },
      },
    },
  );
};
