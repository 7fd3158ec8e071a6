/**
 * CSRF prevention (the Apollo Server rule): a browser can send a GraphQL request to another
 * site without a CORS preflight only as a "simple" request — GET, or POST with a form or
 * text/plain body and no custom headers. Such requests are refused unless they carry one of
 * `requestHeaders`; JSON POSTs (what GraphiQL and every GraphQL client send) always pass.
 */
import { createGraphQLError, type Plugin } from 'graphql-yoga';

export interface CsrfPreventionOptions {
  /**
   * A non-empty value in any of these headers marks a request as preflighted.
   * @default ['x-graphql-csrf', 'graphql-require-preflight', 'apollo-require-preflight', 'x-apollo-operation-name', 'x-graphql-yoga-csrf']
   */
  requestHeaders?: string[];
}

const SIMPLE_CONTENT_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'text/plain',
]);
const DEFAULT_HEADERS = [
  'x-graphql-csrf',
  'graphql-require-preflight',
  'apollo-require-preflight',
  'x-apollo-operation-name',
  'x-graphql-yoga-csrf',
];

export function isPreflighted(request: Request, requestHeaders = DEFAULT_HEADERS): boolean {
  const mime = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mime && !SIMPLE_CONTENT_TYPES.has(mime)) return true;
  return requestHeaders.some((name) => (request.headers.get(name) ?? '').trim() !== '');
}

export function useCsrfPrevention(options: CsrfPreventionOptions = {}): Plugin {
  const headers = options.requestHeaders ?? DEFAULT_HEADERS;
  return {
    onRequestParse({ request }) {
      if (isPreflighted(request, headers)) return;
      throw createGraphQLError(
        `This request may be a cross-site request forgery: send it with Content-Type: application/json or a non-empty ${headers[0]} header.`,
        { extensions: { code: 'BAD_REQUEST', http: { status: 403 } } },
      );
    },
  };
}
