/**
 * The client IP that keys an anonymous caller's limits: the socket's peer address, or, behind
 * CALLER_PROXY_HOPS trusted proxies that each append the address they saw to X-Forwarded-For,
 * the entry that many places from the end (the ones before it are the client's own words).
 */

/** What the address is read from: yoga's request, and node's request when yoga runs on node:http. */
export interface ClientAddressSource {
  request: Request;
  req?: { socket?: { remoteAddress?: string | undefined } | null } | undefined;
}

export function clientIp(source: ClientAddressSource, proxyHops: number): string {
  if (proxyHops > 0) {
    const hops = (source.request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    const hop = hops[hops.length - proxyHops];
    if (hop) return hop;
  }
  // A dual-stack listener reports IPv4 peers as ::ffff:a.b.c.d: one client, one key.
  return (source.req?.socket?.remoteAddress ?? 'unknown').replace(/^::ffff:(?=\d+\.)/, '');
}
