/**
 * Matches a method and raw path against path templates with `{name}` segments: the params
 * of the matching route, 404 on an unknown path, 405 with `Allow` on a wrong method.
 */
import { INVALID_PARAMETER, NOT_FOUND } from '../contract/errors.ts';
import { ApiError } from './errors.ts';

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
