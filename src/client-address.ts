/**
 * The client IP of a raw node request or socket, for the connection caps (which run before
 * yoga builds a request): the socket's peer address, or with `proxyHops` trusted proxies in
 * front the address the outermost of them saw, read from X-Forwarded-For that many entries
 * from the end. The same rule as the caller limits' `clientIp` (use-caller-limits.ts).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** The socket's peer address; a dual-stack listener's `::ffff:a.b.c.d` as `a.b.c.d`. */
export function peerIp(socket: Pick<Socket, 'remoteAddress'> | undefined): string {
  return (socket?.remoteAddress ?? 'unknown').replace(/^::ffff:(?=\d+\.)/, '');
}

/** The client's IP for `req`: X-Forwarded-For only through `proxyHops` trusted proxies. */
export function requestClientIp(
  req: Pick<IncomingMessage, 'headers' | 'socket'> | undefined,
  proxyHops: number,
): string {
  if (proxyHops > 0 && req) {
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const hop = hops[hops.length - proxyHops];
    if (hop) return hop;
  }
  return peerIp(req?.socket);
}
