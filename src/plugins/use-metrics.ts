/**
 * Metrics: records every HTTP request and every error in a response by `extensions.code`
 * (executed operations and phase durations: use-phase-metrics.ts). The admin listener
 * (`src/admin/listener.ts`) serves them at /metrics.
 */
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GatewayMetrics } from '../admin/metrics.ts';

export interface MetricsPluginOptions {
  metrics: GatewayMetrics;
}

interface Started {
  path: string;
  at: number;
}

export function useMetrics({ metrics }: MetricsPluginOptions): Plugin {
  const started = new WeakMap<Request, Started>();
  return {
    // Synchronous: a hook that returns a promise puts every request on yoga's slower path.
    onRequest({ request, url }) {
      started.set(request, { path: url.pathname, at: performance.now() });
    },
    onResponse({ request, response }) {
      const start = started.get(request);
      const path = start?.path ?? new URL(request.url, 'http://localhost').pathname;
      const seconds = start ? (performance.now() - start.at) / 1000 : 0;
      metrics.httpRequest(path, response.status, seconds);
    },
    onResultProcess({ result }) {
      if (isAsyncIterable(result)) return;
      for (const single of Array.isArray(result) ? result : [result]) {
        for (const error of single.errors ?? []) metrics.graphqlError(error.extensions?.code);
      }
    },
  };
}
