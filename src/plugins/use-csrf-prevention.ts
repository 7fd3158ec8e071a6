/**
 * CSRF prevention: yoga's plugin, with the rule set for bearer-token auth.
 *
 * A forged cross-site request is a "simple" one (GET, or a form / text/plain POST, with only
 * CORS-safelisted headers), and what makes it harmful is a credential the browser attaches by
 * itself. This gateway has none: callers authenticate with `Authorization: Bearer`, which a
 * page cannot add without a preflight, and anonymous callers see public data only (CORS is
 * open, so a page could read that with a JSON POST anyway). So a request passes when it
 * carries a non-simple content type, an `Authorization` header (the caller's own; a browser's
 * cached Basic credentials fail caller auth with 401), or one of the usual preflight headers.
 * What is refused is an anonymous simple request: any GraphQL client's defaults work with a
 * token, and an anonymous GET adds `x-graphql-csrf: 1` (see docs/api.md#csrf). The refusal
 * answers 403 FORBIDDEN with a message saying what to send. It is a client error: one info
 * line (no stack) besides the access line, not yoga's error-level log of an uncoded error.
 */
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { Logger } from '../observability/logger.ts';
import { requestIdOf } from '../observability/request-context.ts';

export const CSRF_MESSAGE =
  'Refused as a possible cross-site request: a GET or a form/text-plain POST must carry an ' +
  'Authorization header, a Content-Type of application/json, or an x-graphql-csrf header.';

/** Headers whose presence proves a preflighted (or non-browser) request. */
export const PREFLIGHT_HEADERS = [
  'authorization',
  'x-graphql-csrf',
  'x-graphql-yoga-csrf',
  'graphql-require-preflight',
  'apollo-require-preflight',
  'x-apollo-operation-name',
];

export interface CsrfPreventionOptions {
  /** Receives one info line per refusal. @default none */
  logger?: Logger;
}

export function useCsrfPrevention({ logger }: CsrfPreventionOptions = {}): Plugin {
  // yoga's rule, its refusal replaced by the gateway's coded one.
  const check = useCSRFPrevention({ requestHeaders: PREFLIGHT_HEADERS }).onRequestParse;
  return {
    onRequestParse(payload) {
      try {
        check?.(payload as Parameters<NonNullable<typeof check>>[0]);
      } catch {
        const { request } = payload;
        logger?.info(
          { requestId: requestIdOf(request), method: request.method },
          'refused as a possible cross-site request (no preflight header)',
        );
        throw createGraphQLError(CSRF_MESSAGE, {
          extensions: { code: 'FORBIDDEN', http: { status: 403 } },
        });
      }
    },
  };
}
