/**
 * Access log and request id. Each HTTP request gets an id — the caller's `x-request-id`
 * when short and plain, else a new UUID — that is returned as `x-request-id`, sent upstream
 * with every REST call of the request, and added to every log line written while it runs
 * (request-context.ts: the id is handed on explicitly, through the context and the upstream
 * view).
 *
 * One structured line per request: method, route, status, duration, the operation name
 * when it is a plain identifier, and the caller's keystore label. Headers, query text and
 * variables are never logged; the logger redacts whatever slips through.
 */
import type { Plugin } from 'graphql-yoga';
import { routeLabel } from '../admin/labels.ts';
import type { Logger } from '../observability/logger.ts';
import {
  acceptRequestId,
  REQUEST_ID_HEADER,
  requestIdOf,
  setRequestId,
} from '../observability/request-context.ts';
import { principalOf } from './use-caller-auth.ts';
import { refusedByBudget } from './use-request-budget.ts';

export interface LoggingPluginOptions {
  logger: Logger;
  /** Routes logged at debug level only (probes). @default ['/health', '/ready', '/metrics'] */
  quietRoutes?: string[];
}

interface RequestLog {
  at: number;
  path: string;
  operation?: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export function useLogging({
  logger,
  quietRoutes = ['/health', '/ready', '/metrics'],
}: LoggingPluginOptions): Plugin {
  const requests = new WeakMap<Request, RequestLog>();
  const quiet = new Set(quietRoutes);
  return {
    // Synchronous onRequest, not yoga's `instrumentation.request` wrapper: nothing needs the id
    // before the first hook, and the wrapper costs closures and promise plumbing per request.
    onRequest({ request, url }) {
      requests.set(request, { at: performance.now(), path: url.pathname });
      setRequestId(request, acceptRequestId(request.headers.get(REQUEST_ID_HEADER)));
    },
    onParams({ request, params }) {
      const entry = requests.get(request);
      const name = params.operationName;
      if (entry && typeof name === 'string' && IDENTIFIER.test(name)) entry.operation = name;
    },
    onResponse({ request, response }) {
      const entry = requests.get(request);
      // Requests answered before this plugin's onRequest (yoga's /health) get their id here.
      const id = requestIdOf(request) ?? acceptRequestId(request.headers.get(REQUEST_ID_HEADER));
      response.headers.set(REQUEST_ID_HEADER, id);
      const route = routeLabel(entry?.path ?? new URL(request.url, 'http://localhost').pathname);
      const fields = {
        requestId: id,
        method: request.method,
        route,
        status: response.status,
        durationMs: entry ? Math.round((performance.now() - entry.at) * 10) / 10 : undefined,
        operation: entry?.operation,
        caller: principalOf(request)?.label,
      };
      // A flood refused by a request budget is one metric (svc_request_budget_refusals_total), not a line each.
      if (quiet.has(route) || refusedByBudget(request)) logger.debug(fields, 'request');
      else if (response.status >= 500) logger.warn(fields, 'request');
      else logger.info(fields, 'request');
    },
  };
}
