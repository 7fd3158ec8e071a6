/**
 * Control endpoints for the teams that develop against the sandbox: move a market's mid
 * price, switch fault modes on and off, list an account's orders. They live on the
 * sandbox's own port under `/sandbox/`, never on the gateway; they are unauthenticated (the
 * sandbox binds 127.0.0.1 by default), skip the rate limits and are never faulted, so
 * `DELETE /sandbox/faults` always ends an outage. Answers use the usual envelope.
 */
import { UNKNOWN_ERROR } from '../contract/errors.ts';
import { controlRoutes } from './control-routes.ts';
import type { ControlDeps } from './control-types.ts';
import { ApiError, invalid } from './errors.ts';
import { errorResponse, type Handler, JSON_HEADERS, successResponse } from './http.ts';
import { Router } from './path-router.ts';
import { Fields } from './validation.ts';

export type { ControlDeps } from './control-types.ts';

export const CONTROL_PREFIX = '/sandbox/';

/** The handler of every `/sandbox/…` request. */
export function createControl(deps: ControlDeps): Handler {
  const routes = controlRoutes(deps);
  // The router only matches (404, 405 with Allow); the control route then handles.
  const router = new Router(routes);
  return async (req) => {
    const now = deps.clock();
    try {
      const { route: control, params } = router.match(req.method, req.path);
      const query = Fields.query(new URLSearchParams(req.query), control.query ?? []);
      const text = req.body.toString('utf8');
      if (!control.body && text.trim() !== '') throw invalid('body', 'this endpoint takes no body');
      let body: unknown = {};
      if (control.body) {
        try {
          body = JSON.parse(text);
        } catch {
          throw invalid('body', 'is not valid JSON');
        }
      }
      const data = control.handle({ body, params, query, headers: req.headers });
      if (control.raw) {
        return { status: 200, headers: { ...JSON_HEADERS }, body: JSON.stringify(data) };
      }
      return successResponse(now, data);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(now, error);
      deps.log(
        `sandbox control: internal error on ${req.method} ${req.path}: ${(error as Error).stack}`,
      );
      return errorResponse(now, new ApiError(UNKNOWN_ERROR, 'unknown error'));
    }
  };
}
