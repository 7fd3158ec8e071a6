/**
 * A client's IP, one rule for every limit keyed by it (connection caps, request budgets,
 * caller limits): the socket's peer address, or, behind `proxyHops` trusted proxies that each
 * append the address they saw to X-Forwarded-For, the entry that many places from the end
 * (the ones before it are the client's own words). The connection caps read node's request
 * (they run before yoga builds one); the plugins read yoga's request (`clientIp`).
 */
import type { IncomingMessage } from 'node:http';

/** The socket's peer address; a dual-stack listener's `::ffff:a.b.c.d` as `a.b.c.d`. */
export function peerIp(socket: { remoteAddress?: string | undefined } | null | undefined): string {
  return (socket?.remoteAddress ?? 'unknown').replace(/^::ffff:(?=\d+\.)/, '');
}

/** The address `proxyHops` entries from the end of X-Forwarded-For, if there is one. */
function forwardedIp(header: string | null | undefined, proxyHops: number): string | undefined {
  if (proxyHops <= 0 || !header) return undefined;
  const hops = header
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops[hops.length - proxyHops] || undefined;
}

/** The client's IP for node's `req`. */
export function requestClientIp(
  req: Pick<IncomingMessage, 'headers' | 'socket'> | undefined,
  proxyHops: number,
): string {
  const header = req?.headers['x-forwarded-for'];
  const joined = Array.isArray(header) ? header.join(',') : header;
  return forwardedIp(joined, proxyHops) ?? peerIp(req?.socket);
}

/** What `clientIp` reads: yoga's request, and node's request when yoga runs on node:http. */
export interface ClientAddressSource {
  request: Request;
  req?: { socket?: { remoteAddress?: string | undefined } | null } | undefined;
}

/** The client's IP for yoga's request. */
export function clientIp(source: ClientAddressSource, proxyHops: number): string {
  const header = proxyHops > 0 ? source.request.headers.get('x-forwarded-for') : null;
  return forwardedIp(header, proxyHops) ?? peerIp(source.req?.socket);
}
