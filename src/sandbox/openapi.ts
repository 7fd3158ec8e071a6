/**
 * The OpenAPI 3 description of the sandbox's REST API, served at `GET /sandbox/openapi.json`.
 * Built from the contract's rows (method, path, authentication kind, query names, body) plus
 * openapi-routes.ts (operation ids, schemas), keyed by route string, so an endpoint without
 * its schemas does not compile.
 */
import { ENDPOINTS, type Endpoint, type EndpointKey, splitKey } from '../contract/endpoints.ts';
import { ALGO_ORDER_SCHEMA } from './openapi-algo.ts';
import { rowSchemas } from './openapi-fields.ts';
import { type DescribedRoute, operation } from './openapi-operation.ts';
import { ROUTE_DOCS } from './openapi-routes.ts';
import { COMPONENT_SCHEMAS, CONTROL_DOCS, type RouteDoc, type Schema } from './openapi-schemas.ts';
import { securitySchemes } from './openapi-security.ts';

export type { DescribedRoute } from './openapi-operation.ts';

export const routeKey = (route: Pick<DescribedRoute, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

/** An endpoint of the contract as the description reads it. */
export function describedEndpoint(key: EndpointKey): DescribedRoute {
  const { auth, body, query } = ENDPOINTS[key] as Endpoint;
  return {
    ...splitKey(key),
    auth,
    ...(body ? { body: true } : {}),
    ...(query ? { query: Object.keys(query) } : {}),
  };
}

/** The document for these routes (svc endpoints and control endpoints). */
export function buildOpenApiDocument(
  endpoints: readonly { endpoint: EndpointKey }[],
  controlRoutes: readonly DescribedRoute[] = [],
): Record<string, unknown> {
  const paths: Record<string, Record<string, Schema>> = {};
  const add = (route: DescribedRoute, docs: Record<string, RouteDoc>, control: boolean) => {
    const key = routeKey(route);
    const doc = docs[key];
    if (!doc) throw new Error(`openapi: no description for ${key}`);
    // A contract route's body and query schemas come from its row's field rules.
    const row: Endpoint | undefined = control ? undefined : ENDPOINTS[key as EndpointKey];
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(
      route,
      row ? { ...doc, ...rowSchemas(row, doc) } : doc,
      control,
    );
  };
  for (const { endpoint } of endpoints) add(describedEndpoint(endpoint), ROUTE_DOCS, false);
  for (const route of controlRoutes) add(route, CONTROL_DOCS, true);
  return {
    openapi: '3.0.3',
    info: {
      title: 'svc REST API (sandbox)',
      version: '1',
      description:
        'The svc perpetual-futures REST API as the in-memory sandbox serves it. Every answer ' +
        'is an envelope: `{"success": true, "timestamp", "data"?}` or the `Error` schema. ' +
        'Signed endpoints need all four `svc-*` headers; order endpoints also the trading key ' +
        'and an order `signature` among their parameters.',
    },
    tags: [
      { name: 'svc', description: 'Trader endpoints' },
      { name: 'broker administrator', description: 'Endpoints for the broker administrator' },
      { name: 'sandbox control', description: 'Sandbox only: markets, faults, inspection' },
    ],
    paths,
    components: {
      schemas: { ...COMPONENT_SCHEMAS, AlgoOrder: ALGO_ORDER_SCHEMA },
      securitySchemes: securitySchemes(),
    },
  };
}
