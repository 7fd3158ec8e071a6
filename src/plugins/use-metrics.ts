/**
 * Metrics: serves `GET /metrics` (Prometheus text) and records every HTTP request, every
 * executed operation by type, and every error in a response by `extensions.code`.
 */
import { getOperationAST } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GatewayMetrics } from '../metrics.ts';

export interface MetricsPluginOptions {
  metrics: GatewayMetrics;
  /** @default '/metrics' */
  endpoint?: string;
}

interface Started {
  path: string;
  at: number;
}

export function useMetrics({ metrics, endpoint = '/metrics' }: MetricsPluginOptions): Plugin {
  const started = new WeakMap<Request, Started>();
  return {
    // Synchronous unless it serves /metrics: a hook that returns a promise puts every request
    // on yoga's slower asynchronous path.
    onRequest({ request, url, endResponse, fetchAPI }) {
      const path = url.pathname;
      started.set(request, { path, at: performance.now() });
      if (path !== endpoint) return;
      if (request.method !== 'GET') {
        endResponse(new fetchAPI.Response(null, { status: 405, headers: { allow: 'GET' } }));
        return;
      }
      return metrics.render().then((body) => {
        endResponse(
          new fetchAPI.Response(body, { headers: { 'content-type': metrics.contentType } }),
        );
      });
    },
    onResponse({ request, response }) {
      const start = started.get(request);
      const path = start?.path ?? new URL(request.url, 'http://localhost').pathname;
      const seconds = start ? (performance.now() - start.at) / 1000 : 0;
      metrics.httpRequest(path, response.status, seconds);
    },
    onExecute({ args }) {
      const operation = getOperationAST(args.document, args.operationName ?? undefined);
      metrics.operation(operation?.operation ?? 'unknown');
    },
    onResultProcess({ result }) {
      if (isAsyncIterable(result)) return;
      for (const single of Array.isArray(result) ? result : [result]) {
        for (const error of single.errors ?? []) metrics.graphqlError(error.extensions?.code);
      }
    },
  };
}
