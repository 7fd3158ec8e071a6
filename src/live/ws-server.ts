/**
 * graphql-ws on the HTTP server's `/graphql` upgrades (yoga serves SSE itself). graphql-ws
 * runs operations through `yoga.getEnveloped` (ws-subscribe.ts), so the same envelop plugins
 * apply; the bearer token travels in `connectionParams.authorization` (any case: ws-auth.ts).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { authenticate } from '../plugins/bearer-auth.ts';
import { authorizationOf } from './ws-auth.ts';
import { armConnection } from './ws-cancel-on-disconnect.ts';
import { laneSendHooks, WsConnection } from './ws-connection.ts';
import { watchInexactVariables } from './ws-exact.ts';
import { withWsLane } from './ws-lane-stream.ts';
import {
  type ConnectionParams,
  type Enveloped,
  onSubscribeOf,
  type SubscribeDeps,
} from './ws-subscribe.ts';

export interface GraphqlWs {
  wss: WebSocketServer;
  dispose(): Promise<void> | void;
}

export function serveGraphqlWs(
  server: Server,
  deps: Omit<SubscribeDeps, 'takeInexact'>,
): GraphqlWs {
  const { limits } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
  // Before graphql-ws' listeners: sees each message's number texts before JSON.parse.
  const takeInexact = watchInexactVariables(wss);
  const endpoint = deps.yoga.graphqlEndpoint;
  server.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] !== endpoint) {
      // An upgrade socket has no error listener of node's: a client's reset would throw.
      socket.on('error', () => socket.destroy());
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (limits && !limits.admit(req, socket)) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      WsConnection.open(ws, socket as Socket);
      wss.emit('connection', ws, req);
    });
  });
  const disposable = useServer<ConnectionParams | undefined>(
    {
      onConnect: onConnectOf(deps),
      // Before each message graphql-ws sends: the direct lane's batch goes first.
      onNext: laneSendHooks.onNext,
      // The idle timeout runs from the last operation's start or end.
      onComplete: (ctx) => {
        laneSendHooks.onComplete(ctx);
        limits?.touch(ctx);
      },
      onError: (ctx) => {
        laneSendHooks.onError(ctx);
        limits?.touch(ctx);
      },
      execute: (args) => (args.rootValue as Enveloped).execute(args),
      subscribe: async (args) => {
        const result = await (args.rootValue as Enveloped).subscribe(args);
        // Shared, error-free results by the direct lane, the rest through the wrappers.
        const request = (args.contextValue as { request?: object }).request;
        return withWsLane(request, result) as typeof result;
      },
      onSubscribe: onSubscribeOf({ ...deps, takeInexact }),
    },
    wss,
  );
  return { wss, dispose: () => disposable.dispose() };
}

/**
 * A bad token, or two spellings of `authorization` that disagree, refuses the connection
 * (4403); no token is an anonymous caller. Over the caller's connection cap: 4429
 * (ws-limits.ts). Then cancel-on-disconnect, when connectionParams ask for it
 * (ws-cancel-on-disconnect.ts).
 */
function onConnectOf({
  directory,
  limits,
  cancelOnDisconnect,
}: Omit<SubscribeDeps, 'takeInexact'>) {
  return (ctx: Parameters<typeof armConnection>[1]) => {
    let principal: ReturnType<typeof authenticate>;
    try {
      principal = authenticate(directory, authorizationOf(ctx.connectionParams));
    } catch {
      return false;
    }
    if (limits && !limits.connected(ctx, principal)) return false;
    return cancelOnDisconnect ? armConnection(cancelOnDisconnect, ctx, principal, limits) : true;
  };
}
