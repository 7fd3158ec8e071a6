/**
 * The OpenAPI 3 description of the sandbox's REST API, served at `GET /sandbox/openapi.json`.
 * Built from the contract's rows (method, path, authentication kind, query names, body) plus
 * openapi-routes.ts (operation ids, schemas), keyed by route string, so an endpoint without
 * its schemas does not compile.
 */
import { TIMESTAMP_TOLERANCE_MS } from '../contract/constants.ts';
import type { AuthKind } from '../contract/endpoint-types.ts';
import { ENDPOINTS, type EndpointKey, splitKey } from '../contract/endpoints.ts';
import { ROUTE_DOCS } from './openapi-routes.ts';
import { COMPONENT_SCHEMAS, CONTROL_DOCS, type RouteDoc, type Schema } from './openapi-schemas.ts';

/** What the description needs of a route (control routes have no `auth`: they are public). */
export interface DescribedRoute {
  method: string;
  /** `/v1/order/{order_id}` */
  path: string;
  body?: boolean;
  query?: readonly string[];
  auth?: AuthKind;
}

export const routeKey = (route: Pick<DescribedRoute, 'method' | 'path'>): string =>
  `${route.method} ${route.path}`;

/** An endpoint of the contract as the description reads it. */
export function describedEndpoint(key: EndpointKey): DescribedRoute {
  const { auth, body, query } = ENDPOINTS[key] as (typeof ENDPOINTS)[EndpointKey] & {
    body?: boolean;
    query?: readonly string[];
  };
  return { ...splitKey(key), auth, ...(body ? { body } : {}), ...(query ? { query } : {}) };
}

const pathParams = (path: string): string[] =>
  [...path.matchAll(/\{([A-Za-z_]\w*)\}/g)].map((m) => m[1]!);

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** The four headers of a signed request, each a scheme; all four are required together. */
const SIGNED = ['svc-account-id', 'svc-key', 'svc-timestamp', 'svc-signature'] as const;
const SCHEME_NAME: Record<string, string> = {
  'svc-account-id': 'accountId',
  'svc-key': 'key',
  'svc-timestamp': 'timestamp',
  'svc-signature': 'requestSignature',
  'svc-trading-key': 'tradingKey',
};
const SCHEME_TEXT: Record<string, string> = {
  'svc-account-id': 'The account id (0x…) the key is bound to.',
  'svc-key': 'The ed25519 public key: `ed25519:<base58>`.',
  'svc-timestamp': `Milliseconds since the epoch, within ${TIMESTAMP_TOLERANCE_MS / 1000} s of server time.`,
  'svc-signature':
    'base64url ed25519 signature of `<svc-timestamp><METHOD><path and query><raw body>`.',
  'svc-trading-key':
    'Order endpoints: the secp256k1 trading public key (128 hex characters) whose order signature the parameters carry.',
};

function security(auth: AuthKind | undefined): Record<string, string[]>[] {
  if (auth === undefined || auth === 'public') return [];
  const headers: string[] = auth === 'trading' ? [...SIGNED, 'svc-trading-key'] : [...SIGNED];
  return [Object.fromEntries(headers.map((h) => [SCHEME_NAME[h]!, []]))];
}

const envelope = (data: Schema | undefined): Schema => ({
  type: 'object',
  required: ['success', 'timestamp', ...(data ? ['data'] : [])],
  properties: {
    success: { type: 'boolean', enum: [true] },
    timestamp: { type: 'integer', format: 'int64', description: 'server time (ms)' },
    ...(data ? { data } : {}),
  },
});

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('Error') } },
});

function operation(route: DescribedRoute, doc: RouteDoc, control: boolean): Schema {
  const parameters = [
    ...pathParams(route.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: doc.params?.[name] ?? { type: 'string' },
    })),
    ...Object.entries(doc.query?.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: doc.query?.required?.includes(name) ?? false,
      schema,
    })),
    ...(route.auth === 'trading'
      ? [
          {
            name: 'x-recv-window',
            in: 'header',
            required: false,
            description: 'Refuse the order once older than this many milliseconds',
            schema: { type: 'integer', minimum: 1 },
          },
        ]
      : []),
  ];
  const raw = route.path === '/sandbox/openapi.json';
  const auth = route.auth ?? 'public';
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    tags: [control ? 'sandbox control' : auth === 'broker_admin' ? 'broker administrator' : 'svc'],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: doc.body } },
          },
        }
      : {}),
    security: security(route.auth),
    responses: {
      '200': {
        description: raw ? 'The OpenAPI document' : 'Success',
        content: { 'application/json': { schema: raw ? { type: 'object' } : envelope(doc.data) } },
      },
      ...(raw
        ? {}
        : {
            '400': errorResponse(
              'A parameter breaks a rule (the message names the field), or no such record (-1006)',
            ),
            ...(auth === 'public'
              ? {}
              : { '401': errorResponse('Missing or bad signature, expired or unknown key') }),
            '404': errorResponse('No such endpoint (-1006)'),
            ...(control ? {} : { '429': errorResponse('Rate limited (-1003)') }),
            default: errorResponse('Any other failure'),
          }),
    },
  };
}

/** The document for these routes (svc endpoints and control endpoints). */
export function buildOpenApiDocument(
  endpoints: readonly { endpoint: EndpointKey }[],
  controlRoutes: readonly DescribedRoute[] = [],
): Record<string, unknown> {
  const paths: Record<string, Record<string, Schema>> = {};
  const add = (route: DescribedRoute, docs: Record<string, RouteDoc>, control: boolean) => {
    const doc = docs[routeKey(route)];
    if (!doc) throw new Error(`openapi: no description for ${routeKey(route)}`);
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route, doc, control);
  };
  for (const { endpoint } of endpoints) add(describedEndpoint(endpoint), ROUTE_DOCS, false);
  for (const route of controlRoutes) add(route, CONTROL_DOCS, true);
  const schemes = Object.fromEntries(
    [...SIGNED, 'svc-trading-key'].map((header) => [
      SCHEME_NAME[header]!,
      { type: 'apiKey', in: 'header', name: header, description: SCHEME_TEXT[header] },
    ]),
  );
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
    components: { schemas: COMPONENT_SCHEMAS, securitySchemes: schemes },
  };
}
