/**
 * Access log: one structured line per HTTP request — method, route, status, duration, the
 * operation name when it is a plain identifier, and the caller's keystore label. Headers,
 * query text and variables are never logged; the logger redacts whatever slips through.
 */
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../logger.ts';
import { routeLabel } from '../metrics.ts';
import { principalOf } from './use-caller-auth.ts';

export interface LoggingPluginOptions {
  logger: Logger;
  /** Routes logged at debug level only (probes). @default ['/health', '/ready', '/metrics'] */
  quietRoutes?: string[];
}

interface RequestLog {
  path: string;
  at: number;
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
    onRequest({ request, url }) {
      requests.set(request, { path: url.pathname, at: performance.now(), id: crypto.randomUUID() });
    },
    onParams({ request, params }) {
      const entry = requests.get(request);
      const name = params.operationName;
      if (entry && typeof name === 'string' && IDENTIFIER.test(name)) entry.operation = name;
    },
    onResponse({ request, response }) {
      const entry = requests.get(request);
      // Requests answered before this plugin saw them (yoga's /health) have no entry.
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
      if (quiet.has(route)) logger.debug('request', fields);
      else if (response.status >= 500) logger.warn('request', fields);
      else logger.info('request', fields);
    },
  };
}
