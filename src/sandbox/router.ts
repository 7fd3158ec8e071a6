/**
 * Routes as data: a sandbox route is `{ endpoint, handle }`, its method, path, auth kind,
 * body, query and limit read from the contract's row (`contract/endpoints.ts`). The pipeline
 * (pipeline.ts) does everything the row declares before calling the handler, so handlers only
 * validate fields and change state.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { HttpMethod } from '../contract/endpoint-types.ts';
import { ENDPOINTS, type Endpoint, type EndpointKey, splitKey } from '../contract/endpoints.ts';
import { INVALID_PARAMETER, NOT_FOUND } from '../contract/errors.ts';
import { ApiError } from './errors.ts';
import type { Account, SandboxState } from './state.ts';
import type { TradingEngine } from './trading.ts';
import type { Fields } from './validation.ts';

export interface RouteContext {
  state: SandboxState;
  engine: TradingEngine;
  /** The authenticated account (undefined on public routes only). */
  account: Account | undefined;
  /** `svc-trading-key` of an order request, already checked against the account. */
  tradingKey: string | undefined;
  /** Parsed JSON body; `{}` when the body is empty. */
  body: unknown;
  /** The query, already checked against the row's `query`. */
  query: Fields;
  /** Query values as received (order parameters of DELETE endpoints). */
  queryParams: Record<string, string>;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  now: number;
}

/** A sandbox endpoint: its row of the contract and its handler. */
export interface Route {
  /** The contract's route string (`contract/endpoints.ts`): `'POST /v1/order'`. */
  endpoint: EndpointKey;
  /** How many items a body holds, when the limit spends one per item elsewhere (batch). */
  items?(body: unknown): number;
  handle(ctx: RouteContext): unknown;
}

/** A route with its route string split and its contract row, as the pipeline reads it. */
export interface BoundRoute extends Route {
  method: HttpMethod;
  /** `/v1/client/order/{client_order_id}` */
  path: string;
  row: Endpoint;
}

export const bindRoute = (route: Route): BoundRoute => ({
  ...route,
  ...splitKey(route.endpoint),
  row: ENDPOINTS[route.endpoint],
});

/** What the router matches on: a method and a path template with `{name}` segments. */
export interface Matchable {
  method: string;
  path: string;
}

export interface RouteMatch<R extends Matchable> {
  route: R;
  params: Record<string, string>;
}

export class Router<R extends Matchable> {
  private readonly routes: readonly { route: R; parts: string[] }[];

  constructor(routes: readonly R[]) {
    this.routes = routes.map((route) => ({ route, parts: route.path.split('/') }));
  }

  /** The route for a method and raw path; 404 on an unknown path, 405 on a wrong method. */
  match(method: string, path: string): RouteMatch<R> {
    const segments = path.split('/');
    const allowed: string[] = [];
    for (const { route, parts } of this.routes) {
      const params = matchPath(parts, segments);
      if (params === undefined) continue;
      if (route.method === method) return { route, params };
      allowed.push(route.method);
    }
    if (allowed.length > 0) {
      return fail(
        new ApiError(NOT_FOUND, `method ${method} not allowed on ${path}`, 405, {
          Allow: allowed.join(', '),
        }),
      );
    }
    return fail(new ApiError(NOT_FOUND, `no such endpoint: ${method} ${path}`, 404));
  }
}

function fail(error: ApiError): never {
  throw error;
}

function matchPath(parts: string[], segments: string[]): Record<string, string> | undefined {
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i]!;
    if (part.startsWith('{')) {
      if (segment === '') return undefined;
      const name = part.slice(1, -1);
      try {
        params[name] = decodeURIComponent(segment);
      } catch {
        throw new ApiError(INVALID_PARAMETER, `${name}: not a valid URL-encoded path segment`);
      }
    } else if (part !== segment) return undefined;
  }
  return params;
}
