/**
 * Bounded label values for the request metrics (and the access log and spans, which use the
 * same route label): a fixed list of routes, error codes from a given vocabulary.
 */

const ROUTES = new Set(['/graphql', '/health', '/ready', '/metrics']);

/** The public route as a label: one of ROUTES, or `other`. */
export function routeLabel(path: string): string {
  return ROUTES.has(path) ? path : 'other';
}

/** `extensions.code` as a label: a code of `known`, NONE, or OTHER. */
export function errorCodeLabel(code: unknown, known: ReadonlySet<string>): string {
  if (code === undefined || code === null) return 'NONE';
  return typeof code === 'string' && known.has(code) ? code : 'OTHER';
}
