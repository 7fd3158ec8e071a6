/**
 * The admin listener: `GET /metrics` (Prometheus text) and `GET /ready` (readiness JSON;
 * routes in `handler.ts`) on their own port (`ADMIN_PORT`, default 9090) and host
 * (`ADMIN_HOST`, default 127.0.0.1), so neither is reachable through the public port a load
 * balancer exposes. Liveness (`/health`) stays on the public port, where load balancers probe.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
