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
import type { Logger } from '../logger.ts';
import { routeLabel } from '../metrics.ts';
import { acceptRequestId, REQUEST_ID_HEADER, setRequestId } from '../request-context.ts';
import { principalOf } from './use-caller-auth.ts';

export interface LoggingPluginOptions {
  logger: Logger;
  /** Routes logged at debug level only (probes). @default ['/health', '/ready', '/metrics'] */
  quietRoutes?: string[];
}

interface RequestLog {
  at: number;
  path?: string;
  id: string;
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
    instrumentation: {
      // Wraps every request, including those answered before any hook (yoga's /health).
      request({ request }, wrapped) {
        const id = acceptRequestId(request.headers.get(REQUEST_ID_HEADER));
        requests.set(request, { at: performance.now(), id });
        setRequestId(request, id);
        return wrapped();
      },
    },
    onRequest({ request, url }) {
      const entry = requests.get(request);
      if (entry) entry.path = url.pathname;
    },
    onParams({ request, params }) {
      const entry = requests.get(request);
      const name = params.operationName;
      if (entry && typeof name === 'string' && IDENTIFIER.test(name)) entry.operation = name;
    },
    onResponse({ request, response }) {
      const entry = requests.get(request);
      if (entry) response.headers.set(REQUEST_ID_HEADER, entry.id);
      // Requests answered before onRequest (yoga's /health) have no parsed path.
      const route = routeLabel(entry?.path ?? new URL(request.url, 'http://localhost').pathname);
      const fields = {
        requestId: entry?.id,
        method: request.method,
        route,
        status: response.status,
        durationMs: entry ? Math.round((performance.now() - entry.at) * 10) / 10 : undefined,
        operation: entry?.operation,
        caller: principalOf(request)?.label,
      };
      if (quiet.has(route)) logger.debug(fields, 'request');
      else if (response.status >= 500) logger.warn(fields, 'request');
      else logger.info(fields, 'request');
    },
  };
}
