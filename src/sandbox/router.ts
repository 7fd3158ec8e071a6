/**
 * Routes as data: method, path pattern, authentication kind, body and query it takes, its
 * rate limit and a handler. The pipeline (pipeline.ts) does everything the route declares
 * before calling the handler, so handlers only validate fields and change state.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from './errors.ts';
import type { LimitRule } from './limits.ts';
import type { Account, SandboxState } from './state.ts';
import type { TradingEngine } from './trading.ts';
import type { Fields } from './validation.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** public: no headers; private: signed; order: signed + trading key + order signature; admin: broker administrator. */
export type AuthKind = 'public' | 'private' | 'order' | 'admin';

export interface RouteContext {
  state: SandboxState;
  engine: TradingEngine;
  /** The authenticated account (undefined on public routes only). */
  account: Account | undefined;
  /** `svc-trading-key` of an order request, already checked against the account. */
  tradingKey: string | undefined;
  /** Parsed JSON body; `{}` when the body is empty. */
  body: unknown;
  /** The query, already checked against `route.query`. */
  query: Fields;
  /** Query values as received (order parameters of DELETE endpoints). */
  queryParams: Record<string, string>;
  params: Record<string, string>;
  headers: IncomingHttpHeaders;
  now: number;
}

export interface Route {
  method: Method;
  /** `/v1/client/order/:client_order_id` */
  path: string;
  auth: AuthKind;
  /** Takes a JSON body. Routes without one reject a non-empty body. */
  body?: boolean;
  /** Query parameter names taken; any other is 400 -1004. */
  query?: readonly string[];
  /** Where an order endpoint's parameters and their `signature` are ('handler': it verifies them). */
  orderParams?: 'body' | 'query' | 'handler';
  /** Overrides the limit of `SPEC_LIMITS` (spec/constants.ts); default 10 per second per account. */
  limit?: LimitRule;
  /** How many items a body holds, when the limit spends one per item elsewhere (batch). */
  items?(body: unknown): number;
  handle(ctx: RouteContext): unknown;
}

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

export class Router {
  constructor(private readonly routes: readonly Route[]) {}

  /** The route for a method and raw path; 404 on an unknown path, 405 on a wrong method. */
  match(method: string, path: string): RouteMatch {
    const segments = path.split('/');
    const allowed: string[] = [];
    for (const route of this.routes) {
      const params = matchPath(route.path, segments);
      if (params === undefined) continue;
      if (route.method === method) return { route, params };
      allowed.push(route.method);
    }
    if (allowed.length > 0) {
      return fail(
        new ApiError(-1006, `method ${method} not allowed on ${path}`, 405, {
          Allow: allowed.join(', '),
        }),
      );
    }
    return fail(new ApiError(-1006, `no such endpoint: ${method} ${path}`, 404));
  }
}

function fail(error: ApiError): never {
  throw error;
}

function matchPath(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = pattern.split('/');
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i]!;
    if (part.startsWith(':')) {
      if (segment === '') return undefined;
      try {
        params[part.slice(1)] = decodeURIComponent(segment);
      } catch {
        throw new ApiError(-1005, `${part.slice(1)}: not a valid URL-encoded path segment`);
      }
    } else if (part !== segment) return undefined;
  }
  return params;
}
