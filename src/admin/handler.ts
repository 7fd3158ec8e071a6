/**
 * The admin listener's routes, `GET /metrics` and `GET /ready`. A plain node:http handler:
 * two fixed GET routes matched on the exact pathname (a query string or a longer path never
 * matches), 405 with `Allow: GET` for other methods, 404 for anything else. A router or a
 * second yoga instance would add nothing to that.
 */
import type { RequestListener } from 'node:http';
import type { GatewayMetrics } from './metrics.ts';
import type { ReadinessReport } from './readiness.ts';

export interface AdminOptions {
  metrics: GatewayMetrics;
  /** The readiness probe (`createReadiness`). */
  ready: () => Promise<ReadinessReport>;
}

export function createAdminHandler({ metrics, ready }: AdminOptions): RequestListener {
  const routes: Record<string, () => Promise<{ status: number; type: string; body: string }>> = {
    '/metrics': async () => ({
      status: 200,
      type: metrics.contentType,
      body: await metrics.render(),
    }),
    '/ready': async () => {
      const report = await ready();
      return {
        status: report.httpStatus,
        type: 'application/json; charset=utf-8',
        body: JSON.stringify(report.body),
      };
    },
  };
  return (req, res) => {
    const path = new URL(req.url ?? '/', 'http://admin').pathname;
    const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (req.method !== 'GET') {
      res.writeHead(405, { allow: 'GET' }).end();
      return;
    }
    route().then(
      ({ status, type, body }) => {
        res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
      },
      () => {
        if (!res.headersSent) res.writeHead(500).end();
      },
    );
  };
}
