/**
 * Live updates wiring: the replica's stream hub (upstream WebSocket connections), the plugin
 * that puts it in every request context, and graphql-ws on the HTTP server's `/graphql`
 * upgrades (yoga serves SSE itself). graphql-ws runs operations through `yoga.getEnveloped`,
 * so the same envelop plugins (caller auth, limits, masking, logging, metrics) apply; the
 * bearer token travels in `connectionParams.authorization` (any case: live-ws-auth.ts).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { ExecutionArgs } from 'graphql';
import { GraphQLError } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { Plugin, YogaServerInstance } from 'graphql-yoga';
import type { Registry } from 'prom-client';
import { WebSocketServer } from 'ws';
import type { PrincipalDirectory } from './auth/principals.ts';
import type { Config } from './config.ts';
import { createLiveMetrics } from './live-metrics.ts';
import { registerResyncMetrics } from './live-resync-metrics.ts';
import { authorizationOf } from './live-ws-auth.ts';
import { WsConnection } from './live-ws-connection.ts';
import { watchInexactVariables } from './live-ws-exact.ts';
import type { WsLimits } from './live-ws-limits.ts';
import { laneOperation, withWsLane } from './live-ws-stream.ts';
import type { Logger } from './logger.ts';
import { authenticate } from './plugins/use-caller-auth.ts';
import { useLiveSse } from './plugins/use-live-sse.ts';
import type { OperationResolver, ResolvedOperation } from './plugins/use-persisted-operations.ts';
import { useSharedSubscriptionEvents } from './plugins/use-shared-subscription-events.ts';
import type { GatewayContext, LiveContext } from './schema/types.ts';
import type { UpstreamClient } from './upstream/client.ts';
import { StreamHub, wsBaseOf } from './upstream/stream/index.ts';

export interface LiveOptions {
  config: Config['streams'];
  upstream: UpstreamClient;
  /** REST base URL of the upstream in use. */
  upstreamUrl: string;
  /** The embedded sandbox's broker, when SVC_BROKER_ID is not set. */
  defaultBrokerId?: string;
  logger: Logger;
  /** The gateway's metrics registry (subscriber gauges, deliveries). @default no metrics */
  registry?: Registry;
  /** Connection caps and the idle timeout of graphql-ws connections. @default none */
  limits?: WsLimits;
}

export interface Live {
  hub: StreamHub;
  brokerId: string | undefined;
  /** Puts `live` into every request context. */
  plugin: Plugin<GatewayContext>;
  /**
   * Serves graphql-ws on `server`'s `/graphql` upgrades; other upgrade paths are refused.
   * `resolveOperation` applies persisted operations (hash lookup, `require` mode) as HTTP does.
   */
  attach(
    server: Server,
    yoga: YogaServerInstance<Record<string, unknown>, GatewayContext>,
    directory: PrincipalDirectory,
    resolveOperation?: OperationResolver,
  ): void;
  /** Shutdown: completes every subscription and closes graphql-ws clients (1001) so they move to another replica. */
  drain(): void;
  close(): Promise<void>;
}

type ConnectionParams = Record<string, unknown> & { authorization?: unknown };

export function createLive(options: LiveOptions): Live {
  const { config, upstream, logger, limits } = options;
  const brokerId = config.brokerId ?? options.defaultBrokerId;
  const hub = new StreamHub({
    wsBase: config.wsUrl ?? wsBaseOf(options.upstreamUrl),
    forAccount: (credentials) => upstream.forAccount(credentials),
    invalidate: (accountId, groups) => upstream.invalidate(accountId, groups),
    // Auth frames are signed in server time, like REST requests.
    now: () => Date.now() + upstream.health().clockOffsetMs,
    graceMs: config.graceMs,
    silenceMs: config.silenceMs,
    backoff: config.reconnect,
    log: (msg, fields) => logger.warn(msg, fields),
  });
  if (options.registry) registerResyncMetrics(options.registry, hub.resyncStats);
  const context: LiveContext = {
    hub,
    brokerId: brokerId ?? '',
    queueMax: config.queueMax,
    active: new Set(),
    ...(options.registry ? { metrics: createLiveMetrics(options.registry) } : {}),
  };
  const servers: WebSocketServer[] = [];
  const disposers: (() => Promise<void> | void)[] = [];

  return {
    hub,
    brokerId,
    plugin: {
      onPluginInit({ addPlugin }) {
        // One execution and (over SSE) one serialization per event and selection.
        addPlugin(useSharedSubscriptionEvents() as unknown as Plugin<GatewayContext>);
        addPlugin(useLiveSse() as unknown as Plugin<GatewayContext>);
      },
      onContextBuilding({ extendContext }) {
        extendContext({ live: context });
      },
    },
    attach(server, yoga, directory, resolveOperation) {
      const wss = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 });
      servers.push(wss);
      // Before graphql-ws' listeners: sees each message's number texts before JSON.parse.
      const takeInexact = watchInexactVariables(wss);
      const endpoint = yoga.graphqlEndpoint;
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
          // A bad token, or two spellings of `authorization` that disagree, refuses the
          // connection (4403); no token is an anonymous caller.
          // Over the caller's connection cap: 4429 (live-ws-limits.ts).
          onConnect: (ctx) => {
            try {
              const principal = authenticate(directory, authorizationOf(ctx.connectionParams));
              return limits ? limits.connected(ctx, principal) : true;
            } catch {
              return false;
            }
          },
          // The idle timeout runs from the last operation's start or end.
          onComplete: (ctx) => limits?.touch(ctx),
          onError: (ctx) => {
            limits?.touch(ctx);
          },
          execute: (args) => (args.rootValue as Enveloped).execute(args),
          subscribe: async (args) => {
            const result = await (args.rootValue as Enveloped).subscribe(args);
            // Shared, error-free results by the direct lane, the rest through the wrappers.
            const request = (args.contextValue as { request?: object }).request;
            return withWsLane(request, result) as typeof result;
          },
          onSubscribe: async (ctx, id, payload) => {
            limits?.touch(ctx);
            const inexact = takeInexact(ctx.extra.socket, id);
            if (inexact) return [wsError(inexact)];
            const authorization = authorizationOf(ctx.connectionParams);
            // The text, or the registered document of extensions.persistedQuery.sha256Hash /
            // documentId (send `query: ""` with a hash: graphql-ws requires the field).
            let operation: ResolvedOperation;
            try {
              operation = resolveOperation
                ? await resolveOperation(payload, {
                    developer: authenticate(directory, authorization)?.developer === true,
                  })
                : { query: payload.query };
            } catch (error) {
              return [wsError(error)];
            }
            const params = { ...payload, query: operation.query };
            // The caller-auth plugin reads the principal from this request's header.
            const request = new Request(`http://gateway${endpoint}`, {
              method: 'POST',
              headers: authorization ? { authorization } : {},
            });
            laneOperation(request, id, ctx.extra.socket);
            const enveloped = yoga.getEnveloped({
              request,
              params,
              req: ctx.extra.request,
              socket: ctx.extra.socket,
            });
            // Parse and validation errors (limits included: some plugins throw rather than
            // report) go back to this operation only, never close the client's connection.
            let document: ExecutionArgs['document'];
            try {
              document = enveloped.parse(operation.query);
              const errors = enveloped.validate(enveloped.schema, document);
              if (errors.length > 0) return errors;
            } catch (error) {
              return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
            }
            // APQ: the text validated (limits included); remember it under its hash.
            await operation.register?.();
            return {
              schema: enveloped.schema,
              document,
              operationName: payload.operationName ?? null,
              variableValues: payload.variables ?? null,
              contextValue: await enveloped.contextFactory(),
              rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
            };
          },
        },
        wss,
      );
      disposers.push(() => disposable.dispose());
    },
    drain() {
      for (const queue of [...context.active]) queue.end();
      for (const wss of servers) {
        for (const client of wss.clients) client.close(1001, 'server shutting down');
      }
    },
    async close() {
      for (const queue of [...context.active]) queue.end();
      hub.close();
      for (const dispose of disposers.splice(0)) await dispose();
      for (const wss of servers.splice(0)) {
        for (const client of wss.clients) client.terminate();
        wss.close();
      }
    },
  };
}

/** An operation's error for graphql-ws: the HTTP status and headers meant for yoga dropped. */
function wsError(error: unknown): GraphQLError {
  if (!(error instanceof GraphQLError)) return new GraphQLError(String(error));
  const { http: _http, ...extensions } = error.extensions;
  return new GraphQLError(error.message, { extensions });
}

interface Enveloped {
  execute: (args: ExecutionArgs) => ReturnType<typeof import('graphql').execute>;
  subscribe: (args: ExecutionArgs) => ReturnType<typeof import('graphql').subscribe>;
}
