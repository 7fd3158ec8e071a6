/**
 * One operation of the sandbox's OpenAPI document: its parameters (path, query, the
 * `x-recv-window` header of order endpoints), request body, security and responses.
 */
import type { AuthKind } from '../contract/endpoint-types.ts';
import { responses } from './openapi-responses.ts';
import type { RouteDoc, Schema } from './openapi-schemas.ts';
import { security } from './openapi-security.ts';

/** What the description needs of a route (control routes have no `auth`: they are public). */
export interface DescribedRoute {
  method: string;
  /** `/v1/order/{order_id}` */
  path: string;
  body?: boolean;
  query?: readonly string[];
  auth?: AuthKind;
}

const pathParams = (path: string): string[] =>
  [...path.matchAll(/\{([A-Za-z_]\w*)\}/g)].map((m) => m[1]!);

function parameters(route: DescribedRoute, doc: RouteDoc): Schema[] {
  return [
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
}

/** One operation of the document: a route with its description. */
export function operation(route: DescribedRoute, doc: RouteDoc, control: boolean): Schema {
  const params = parameters(route, doc);
  const auth = route.auth ?? 'public';
  return {
    operationId: doc.operationId,
    summary: doc.summary,
    tags: [control ? 'sandbox control' : auth === 'broker_admin' ? 'broker administrator' : 'svc'],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: doc.body } },
          },
        }
      : {}),
    security: security(route.auth),
    responses: responses(route, doc, control),
  };
}
