/**
 * The admin listener: `GET /metrics` (Prometheus text) and `GET /ready` (readiness JSON) on
 * their own port (`ADMIN_PORT`, default 9090) and host (`ADMIN_HOST`, default 127.0.0.1), so
 * neither is reachable through the public port a load balancer exposes. Liveness (`/health`)
 * stays on the public port, where load balancers probe.
 *
 * A plain node:http listener: two fixed GET routes matched on the exact pathname (a query
 * string or a longer path never matches), 405 with `Allow: GET` for other methods, 404 for
 * anything else. A router or a second yoga instance would add nothing to that.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

export interface AdminServer {
  server: Server;
  /** `http://host:port` as bound (the real port when 0 was asked). */
  origin: string;
  close(): Promise<void>;
}

/** Listens on `host:port` (0: an ephemeral port). Rejects when the port cannot be bound. */
export async function listenAdmin(
  handler: RequestListener,
  { host, port }: { host: string; port: number },
): Promise<AdminServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    origin: `http://${shown}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
