/**
 * Request errors of the persisted-operations protocol. Messages and codes are the ones Apollo's
 * persisted-queries links look for (`PersistedQueryNotFound` / `PERSISTED_QUERY_NOT_FOUND`
 * triggers the retry with the full text, `…NotSupported` turns hashing off).
 *
 * `http.spec: true` makes the status apply only to clients accepting
 * `application/graphql-response+json` (Apollo Client 4, urql, graphql-http); clients accepting
 * only legacy `application/json` get 200 with the error in the body, as Apollo Server answers,
 * so their APQ fallback still reads it. None of these may be cached.
 */
import { createGraphQLError } from 'graphql-yoga';

// Lowercase: yoga merges these into the response's headers, where `Cache-Control` would repeat.
const noStore = { 'cache-control': 'no-store' };

/** Every `extensions.code` this protocol answers with (the metrics count them by name). */
export const PERSISTED_ERROR_CODES = [
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_ONLY',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'PERSISTED_QUERY_HASH_MISMATCH',
  'PERSISTED_QUERY_ID_REQUIRED',
  'PERSISTED_QUERY_UNAVAILABLE',
] as const;

export const persistedQueryNotFound = () =>
  createGraphQLError('PersistedQueryNotFound', {
    extensions: {
      code: 'PERSISTED_QUERY_NOT_FOUND',
      http: { status: 404, spec: true, headers: noStore },
    },
  });

export const persistedQueryOnly = () =>
  createGraphQLError(
    'PersistedQueryOnly: this gateway runs registered operations only; send extensions.persistedQuery.sha256Hash without query text.',
    { extensions: { code: 'PERSISTED_QUERY_ONLY', http: { status: 403, headers: noStore } } },
  );

export const persistedQueryNotSupported = () =>
  createGraphQLError('PersistedQueryNotSupported', {
    extensions: {
      code: 'PERSISTED_QUERY_NOT_SUPPORTED',
      http: { status: 400, spec: true, headers: noStore },
    },
  });

export const persistedQueryHashMismatch = () =>
  createGraphQLError('provided sha does not match query', {
    extensions: {
      code: 'PERSISTED_QUERY_HASH_MISMATCH',
      http: { status: 400, headers: noStore },
    },
  });

export const persistedQueryIdRequired = () =>
  createGraphQLError(
    'Send a query, or a persisted operation hash in extensions.persistedQuery.sha256Hash.',
    {
      extensions: { code: 'PERSISTED_QUERY_ID_REQUIRED', http: { status: 400, headers: noStore } },
    },
  );

/** The registry's store (Redis) failed; the built-in operations are still served. */
export const persistedQueryUnavailable = () =>
  createGraphQLError('Persisted operations are unavailable; try again shortly.', {
    extensions: {
      code: 'PERSISTED_QUERY_UNAVAILABLE',
      http: { status: 503, headers: { ...noStore, 'retry-after': '1' } },
    },
  });
