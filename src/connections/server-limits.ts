/**
 * The public HTTP server, as `npm start` and the tests' harness create it: Node's timeouts set
 * so that a client sending its headers or body slowly (slowloris) is cut off, and, with a
 * connection budget, TCP connections capped per client IP and in total.
 *
 * - `headersTimeout`: the whole header block within this time, else 408 and the socket closed;
 * - `requestTimeout`: the whole request, body included, within this time, else the same;
 * - `keepAliveTimeout`: an idle keep-alive connection is closed after this time;
 * - Node checks the first two every `connectionsCheckingInterval` (30 s by default, which
 *   would let a slow client stay that much longer): here a quarter of `headersTimeout`, at
 *   most 1 s.
 *
 * Over a cap a connection is destroyed as it is accepted, before a byte is read (Node's own
 * `maxConnections` behaviour): nothing is parsed or executed for it.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { ConnectionBudget } from './budget.ts';
import { peerIp } from './client-address.ts';

export interface ServerLimits {
  /** Time to receive the request headers (CONN_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** Time to receive the whole request (CONN_REQUEST_TIMEOUT_MS); at least `headersTimeoutMs`. */
  requestTimeoutMs: number;
  /** Idle time before a keep-alive connection is closed (CONN_KEEPALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
}

export interface PublicServerOptions extends ServerLimits {
  /** Caps on TCP connections (per IP and in total). @default none: timeouts only */
  budget?: ConnectionBudget;
}

/** An http.Server for `handler` with the timeouts and connection caps above. */
export function createPublicServer(handler: RequestListener, options: PublicServerOptions): Server {
  const server = createServer(
    {
      headersTimeout: options.headersTimeoutMs,
      requestTimeout: options.requestTimeoutMs,
      keepAliveTimeout: options.keepAliveTimeoutMs,
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, options.headersTimeoutMs / 4)),
    },
    handler,
  );
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  if (options.budget) capConnections(server, options.budget);
  return server;
}

function capConnections(server: Server, budget: ConnectionBudget): void {
  server.maxConnections = budget.max;
  server.on('drop', () => budget.refused('http', 'global'));
  server.on('connection', (socket) => {
    const lease = budget.acquire('http', peerIp(socket));
    if (typeof lease === 'string') {
      socket.destroy();
      return;
    }
    socket.once('close', () => lease.release());
  });
}
