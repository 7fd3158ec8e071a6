/**
 * The urql client: queries and mutations over HTTP (`fetchExchange`), subscriptions over
 * graphql-ws on the same `/graphql` (src/live/ws-server.ts), the bearer token in the header
 * and in `connectionParams`. No document cache: live state comes from the subscriptions and
 * each panel re-reads its snapshot after a reconnection (link.ts).
 */
import { Client, fetchExchange, subscriptionExchange } from '@urql/preact';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws/client';
import type { Link } from './link.ts';

/** The gateway refuses a bad token with 4403: retrying would not help. */
const REFUSED = 4403;

function wsUrl(graphqlPath: string): string {
  const url = new URL(graphqlPath, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

export function createLiveSocket(graphqlPath: string, token: string, link: Link): WsClient {
  return createWsClient({
    url: wsUrl(graphqlPath),
    connectionParams: { authorization: `Bearer ${token}` },
    // Reconnect for as long as the page is open, backing off to 5 s (jittered).
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: (event) => (event as CloseEvent | undefined)?.code !== REFUSED,
    retryWait: (retries) =>
      new Promise((resolve) =>
        setTimeout(resolve, Math.min(5000, 250 * 2 ** retries) * (0.5 + Math.random() / 2)),
      ),
    keepAlive: 10_000,
    on: { connected: () => link.connected(), closed: () => link.closed() },
  });
}

export function createScreenClient(graphqlPath: string, token: string, socket: WsClient): Client {
  return new Client({
    url: graphqlPath,
    fetchOptions: () => ({ headers: { authorization: `Bearer ${token}` } }),
    preferGetMethod: false,
    exchanges: [
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink) => ({
            unsubscribe: socket.subscribe({ ...request, query: request.query ?? '' }, sink),
          }),
        }),
      }),
    ],
  });
}
