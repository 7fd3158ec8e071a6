/** The gateway's connection budget, sized from its configuration and the open-file limit. */
import type { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import { ConnectionBudget } from './budget.ts';
import { openFileLimit } from './fd-limit.ts';

/** Assumed open-file limit where the process's own cannot be read (not Linux). */
const ASSUMED_FD_LIMIT = 4_096;

/**
 * The gateway's budget from its configuration: `CONN_MAX`, or the process's open-file limit
 * minus `CONN_FD_RESERVE` (descriptors for the admin listener, upstream and Redis sockets,
 * logs). Behind trusted proxies (`proxyHops` > 0) every TCP peer is a proxy, so TCP
 * connections are not counted per IP (graphql-ws and SSE still are, by forwarded IP).
 */
export function createConnectionBudget(
  config: Config['connections'],
  options: { proxyHops: number; registry?: Registry; fdLimit?: number | undefined },
): ConnectionBudget {
  const fds = options.fdLimit ?? openFileLimit() ?? ASSUMED_FD_LIMIT;
  return new ConnectionBudget({
    max: config.max ?? Math.max(1, fds - config.fdReserve),
    httpPerIp: options.proxyHops > 0 ? 0 : config.perIp,
    ws: config.ws,
    sse: config.sse,
    ...(options.registry ? { registry: options.registry } : {}),
  });
}
