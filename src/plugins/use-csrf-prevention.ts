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
 * answers 403 FORBIDDEN (mask-error.ts gives yoga's uncoded error its code and message).
 */
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import type { Plugin } from 'graphql-yoga';

/** Headers whose presence proves a preflighted (or non-browser) request. */
export const PREFLIGHT_HEADERS = [
  'authorization',
  'x-graphql-csrf',
  'x-graphql-yoga-csrf',
  'graphql-require-preflight',
  'apollo-require-preflight',
  'x-apollo-operation-name',
];

export function useCsrfPrevention(): Plugin {
  return useCSRFPrevention({ requestHeaders: PREFLIGHT_HEADERS }) as Plugin;
}
