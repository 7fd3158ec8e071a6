/**
 * A POST whose Content-Type no request parser takes (`application/xml`, none at all): yoga
 * answers 415 with an empty body, which tells a client nothing. This answers 415 with a
 * GraphQL error naming the types the gateway reads. Put it after every plugin that may
 * register a request parser; other methods are left to yoga (405 with `Allow`).
 */
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/** What yoga's request parsers read (GET takes the query string). */
export const SUPPORTED_CONTENT_TYPES = [
  'application/json',
  'application/graphql+json',
  'application/graphql',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
] as const;

export const UNSUPPORTED_MEDIA_TYPE_MESSAGE =
  `Unsupported Content-Type: send the operation as application/json ` +
  `(also read: ${SUPPORTED_CONTENT_TYPES.slice(1).join(', ')}).`;

export function useMediaType(): Plugin {
  return {
    onRequestParse({ request, requestParser }) {
      if (requestParser || request.method !== 'POST') return;
      throw createGraphQLError(UNSUPPORTED_MEDIA_TYPE_MESSAGE, {
        extensions: { code: 'BAD_USER_INPUT', rule: 'contentType', http: { status: 415 } },
      });
    },
  };
}
