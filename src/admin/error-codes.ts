/**
 * The error codes `svc_graphql_errors_total` counts by name: the resolvers' vocabulary plus the
 * request-level codes of GraphQL, yoga and our plugins. The gateway hands this set to
 * `createMetrics`, so the metrics module itself knows no area's codes.
 */
import { PERSISTED_ERROR_CODES } from '../persisted/errors.ts';
import { ERROR_CODES } from '../schema/errors.ts';

export const KNOWN_ERROR_CODES: ReadonlySet<string> = new Set([
  ...ERROR_CODES,
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'OPERATION_RESOLUTION_FAILURE',
  'REQUEST_ENTITY_TOO_LARGE',
  ...PERSISTED_ERROR_CODES,
]);
