/**
 * GraphiQL's options per request: the demo tokens go into the page only when the peer is on
 * loopback, by the socket's own address (never X-Forwarded-For, which any client can write),
 * and the request came through no proxy: a proxy on this machine is a loopback peer whose
 * clients are anywhere. A remote browser gets the same tabs without headers: they answer
 * UNAUTHENTICATED until it adds a token of its own.
 */
import type { IncomingMessage } from 'node:http';
import type { GraphiQLOptions } from 'graphql-yoga';
import { isLoopbackAddress } from '../connections/demo-host.ts';
import { type GraphiQLSetup, graphiqlOptions } from './graphiql.ts';

type ServerContext = { req?: Pick<IncomingMessage, 'socket'> } | undefined;

/** The peer address of the node request behind `serverContext`, if any. */
const peerOf = (serverContext: unknown) =>
  (serverContext as ServerContext)?.req?.socket?.remoteAddress;

/** Whether a proxy forwarded the request (it then names the client, wherever that is). */
const proxied = (request: Request) =>
  request.headers.has('forwarded') || request.headers.has('x-forwarded-for');

/** A loopback peer that no proxy forwarded: the only one that may receive the demo tokens. */
export const isLoopbackPeer = (request: Request, serverContext: unknown) =>
  isLoopbackAddress(peerOf(serverContext)) && !proxied(request);

/** yoga's `graphiql` option: a factory when there are tokens to guard, else the options. */
export function graphiqlForPeer(
  setup: GraphiQLSetup,
): GraphiQLOptions | ((request: Request, serverContext?: unknown) => GraphiQLOptions) {
  const anonymous = graphiqlOptions({});
  if (!setup.demoTokens) return anonymous;
  const withTokens = graphiqlOptions(setup);
  return (request, serverContext) =>
    isLoopbackPeer(request, serverContext) ? withTokens : anonymous;
}
