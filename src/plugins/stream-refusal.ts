/**
 * What a refused SSE stream answers: one `RATE_LIMITED` error naming the cap
 * (`extensions.reason: TOO_MANY_STREAMS`, HTTP 429 with Retry-After), sent as plain JSON.
 */
import type { ExecutionResult, GraphQLError } from 'graphql';
import type { RefusalReason } from '../connections/metrics.ts';
import { RETRY_AFTER_S } from '../live/ws-limits.ts';
import { gqlError } from '../schema/errors.ts';

const WHERE: Record<RefusalReason, string> = {
  per_ip: 'this client IP',
  per_principal: 'this caller',
  global: 'this server',
};

/** The error a refused stream answers with (HTTP 429, Retry-After). */
export function tooManyStreams(reason: RefusalReason): GraphQLError {
  return gqlError(
    'RATE_LIMITED',
    `Too many open subscription streams for ${WHERE[reason]}; close one or retry after ${RETRY_AFTER_S} s`,
    {
      reason: 'TOO_MANY_STREAMS',
      retryAfterMs: RETRY_AFTER_S * 1_000,
      http: { status: 429, headers: { 'Retry-After': String(RETRY_AFTER_S) } },
    },
  );
}

/** The JSON body of a refusal: the error as yoga serializes it, without `extensions.http`. */
export function refusalBody(result: ExecutionResult): string | undefined {
  const error = result.errors?.find((e) => e.extensions?.reason === 'TOO_MANY_STREAMS');
  if (!error) return undefined;
  const { http: _http, ...extensions } = error.extensions;
  return JSON.stringify({ errors: [{ message: error.message, extensions }] });
}
