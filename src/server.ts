/**
 * The gateway factory: stores, upstream client (its telemetry feeding the metrics), callers
 * (keystore or demo principals), the embedded sandbox when no upstream URL is configured, and
 * the yoga app with one plugin per HTTP concern. `start-command.ts` listens (and drains);
 * tests call this with an injected config, keystore or upstream URL and bind port 0.
 */
import type { RequestListener, Server } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { KNOWN_ERROR_CODES } from './admin/error-codes.ts';
import { createAdminHandler } from './admin/handler.ts';
import { createMetrics, type GatewayMetrics } from './admin/metrics.ts';
import { createReadiness } from './admin/readiness.ts';
import type { Principal } from './auth/principal.ts';
import { type Keystore, PrincipalDirectory } from './auth/principals.ts';
import type { Config } from './config.ts';
import type { ConnectionBudget } from './connections/budget.ts';
import { createConnectionBudget } from './connections/create-budget.ts';
import { demoScreenPlugin } from './demo/use-demo.ts';
import { type DemoTokens, resolveUpstream, type UpstreamSide } from './embedded.ts';
import { createLive, type Live } from './live/create-live.ts';
import { WsLimits } from './live/ws-limits.ts';
import { createLogger, type Logger } from './observability/logger.ts';
import type { Tracing } from './observability/tracing.ts';
import { startTracingFromEnv } from './observability/tracing-env.ts';
import { toYogaLogger } from './observability/yoga-logger.ts';
import { type GatewayParts, gatewayPlugins } from './plugins/gateway-plugins.ts';
import { createGraphiQLRenderer } from './plugins/graphiql.ts';
import { graphiqlForPeer } from './plugins/graphiql-peer.ts';
import { maskError } from './plugins/mask-error.ts';
import { createGatewayPersistedOperations } from './plugins/use-persisted-operations.ts';
import type { Sandbox } from './sandbox/index.ts';
import { schema as gatewaySchema } from './schema/index.ts';
import type { GatewayContext } from './schema/types.ts';
import { registerUpstreamCallMetrics } from './upstream/call-metrics.ts';
import { createUpstreamClient, type UpstreamClient } from './upstream/client.ts';
import type { UpstreamClientOptions } from './upstream/client-core.ts';
import { createStore, type Store } from './upstream/stores/index.ts';

export interface GatewayOptions extends Pick<UpstreamClientOptions, 'fetch' | 'exchange'> {
  /** Parsed configuration (`loadConfig()`). */
  config: Config;
  /** Keystore contents; when set, `config.keystoreFile` is not read. @default read from config.keystoreFile */
  keystore?: Keystore;
  /** Where `env:NAME` keystore secrets are looked up. @default {} */
  env?: Record<string, string | undefined>;
  /** A running upstream (e.g. a test's sandbox); overrides config.upstream.baseUrl. @default config.upstream.baseUrl */
  upstreamUrl?: string;
  /** @default a JSON-lines logger on stdout at config.logLevel */
  logger?: Logger;
  /** Replaces the gateway's schema (tests of the HTTP layer). @default the svc schema */
  schema?: GraphQLSchema;
  /** Node's default process metrics in /metrics. @default true */
  processMetrics?: boolean;
  /** /ready's check timeout and result cache (tests). @default 2000 and 1000 ms */
  readiness?: { timeoutMs?: number; cacheMs?: number };
  /** Spans (tests pass an in-memory exporter's); false: none. @default from the OTEL_* variables (off) */
  tracing?: Tracing | false;
}

export interface Gateway {
  yoga: YogaServerInstance<Record<string, unknown>, GatewayContext>;
  /** Node `http` request listener: `http.createServer(gateway.handler)`. */
  handler: RequestListener;
  /** Request listener of the admin port (/metrics, /ready): `listenAdmin(gateway.admin, config.admin)`. */
  admin: RequestListener;
  upstream: UpstreamClient;
  /** Base URL of the upstream in use (the embedded sandbox's in embedded mode). */
  upstreamUrl: string;
  store: Store;
  /** The in-process sandbox (embedded mode only). */
  sandbox?: Sandbox;
  /** Tokens of the generated demo principals (embedded mode without a keystore). */
  demoTokens?: DemoTokens;
  principals: Principal[];
  metrics: GatewayMetrics;
  logger: Logger;
  /** Live updates: the replica's upstream streams. */
  live: Live;
  /**
   * Open connections, per IP and principal, under their caps: pass it to
   * `createPublicServer` (src/connections/server-limits.ts) for the TCP caps.
   */
  connections: ConnectionBudget;
  /** Serves graphql-ws (subscriptions over WebSocket) on this HTTP server's `/graphql`. */
  attachWebSockets(server: Server): void;
  /** Stops reporting ready (/ready → 503) so load balancers drain this instance. */
  drain(): void;
  /** Closes the upstream client, the store and the embedded sandbox. Idempotent. */
  close(): Promise<void>;
}

/** What the gateway is made of, before its yoga app. */
interface Core {
  config: Config;
  logger: Logger;
  metrics: GatewayMetrics;
  tracing: Tracing | undefined;
  store: Store;
}

function createGatewayUpstream(
  options: GatewayOptions,
  { store, logger, metrics, tracing }: Core,
  upstreamUrl: string,
): UpstreamClient {
  const { baseUrl: _baseUrl, network: _network, ...upstreamConfig } = options.config.upstream;
  return createUpstreamClient({
    baseUrl: upstreamUrl,
    config: upstreamConfig,
    store,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.exchange ? { exchange: options.exchange } : {}),
    telemetry: registerUpstreamCallMetrics(metrics.registry),
    logger,
    registry: metrics.registry,
    ...(tracing ? { tracer: tracing.tracer } : {}),
  });
}

function createGatewayLive(
  { config, logger, metrics, store }: Core,
  upstream: UpstreamClient,
  side: UpstreamSide,
  connections: ConnectionBudget,
): Live {
  return createLive({
    config: config.streams,
    store,
    keyPrefix: config.redis.keyPrefix,
    upstream,
    upstreamUrl: side.upstreamUrl,
    ...(side.sandbox ? { defaultBrokerId: side.sandbox.brokerId } : {}),
    logger,
    registry: metrics.registry,
    limits: new WsLimits({
      budget: connections,
      proxyHops: config.callerLimits.proxyHops,
      idleTimeoutMs: config.connections.ws.idleTimeoutMs,
    }),
    cancelOnDisconnect: { config: config.cancelOnDisconnect, store },
  });
}

function createGatewayYoga(
  options: GatewayOptions,
  { sandbox, demoTokens }: Pick<UpstreamSide, 'sandbox' | 'demoTokens'>,
  parts: Omit<GatewayParts, 'demo'>,
): Gateway['yoga'] {
  const { config, logger } = parts;
  // The reference trading screen: embedded sandbox only, never in production (src/demo).
  const embedded = sandbox !== undefined;
  const demo = demoScreenPlugin(
    { embedded, production: config.production },
    { demoTokens, logger },
  );
  return createYoga<Record<string, unknown>, GatewayContext>({
    schema: options.schema ?? gatewaySchema,
    graphqlEndpoint: '/graphql',
    healthCheckEndpoint: '/health',
    landingPage: false,
    // GRAPHIQL / GRAPHQL_INTROSPECTION: both off by default when NODE_ENV=production.
    // Demo tokens in the page for loopback peers only (graphiql-peer.ts).
    graphiql: config.graphiql && graphiqlForPeer(demoTokens ? { demoTokens } : {}),
    renderGraphiQL: createGraphiQLRenderer(),
    maskedErrors: { maskError },
    // MAX_BODY_BYTES: useRequestBodyLimit (yoga's re-streams every body to count it).
    maxRequestBodySize: false,
    logging: toYogaLogger(logger),
    plugins: gatewayPlugins({ ...parts, demo }),
  });
}

/** /ready: the store and the upstream answer, and the gateway is not draining. */
function gatewayReadiness(
  options: GatewayOptions,
  store: Store,
  upstream: UpstreamClient,
  isDraining: () => boolean,
) {
  return createReadiness({
    ...options.readiness,
    checks: {
      [options.config.redis.url ? 'redis' : 'store']: () => store.ping(),
      upstream: () => upstream.ping(),
    },
    // Without Redis a replica still serves (uncached, its share of the budget): degraded.
    degradable: ['redis'],
    isDraining,
  });
}

/** The tracing given (or none: `false`), else one started from the OTEL_* variables. */
function gatewayTracing(options: GatewayOptions, logger: Logger) {
  const ownTracing =
    options.tracing === undefined ? startTracingFromEnv(process.env, logger) : undefined;
  if (ownTracing) logger.info({ exporters: ownTracing.exporters }, 'tracing on');
  return { ownTracing, tracing: ownTracing ?? (options.tracing || undefined) };
}

/** Draining, then closing in order: live streams, upstream client, store, sandbox, tracing. */
function lifecycle(parts: {
  live: Live;
  upstream: UpstreamClient;
  store: Store;
  sandbox: Sandbox | undefined;
  ownTracing: Tracing | undefined;
}) {
  let draining = false;
  let closing: Promise<void> | undefined;
  return {
    isDraining: () => draining,
    drain: () => {
      draining = true;
      parts.live.drain();
    },
    close: () => {
      draining = true;
      closing ??= (async () => {
        await parts.live.close();
        await parts.upstream.close();
        await parts.store.close();
        // The sandbox may already be stopped (tests stop it to simulate an outage).
        await parts.sandbox?.close().catch(() => undefined);
        await parts.ownTracing?.shutdown();
      })();
      return closing;
    },
  };
}

/** The registry and request metrics; each area registers its own metrics in the registry. */
function gatewayMetrics(options: GatewayOptions): GatewayMetrics {
  return createMetrics({
    defaultMetrics: options.processMetrics ?? true,
    errorCodes: KNOWN_ERROR_CODES,
  });
}

export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const { config } = options;
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const metrics = gatewayMetrics(options);
  const { ownTracing, tracing } = gatewayTracing(options, logger);
  const store = createStore(config.redis, {
    maxKeys: config.memoryStore.maxKeys,
    registry: metrics.registry,
  });
  const core: Core = { config, logger, metrics, tracing, store };
  const side = await resolveUpstream(
    { ...options, upstreamUrl: options.upstreamUrl ?? config.upstream.baseUrl },
    logger,
  ).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  const { upstreamUrl, sandbox, demoTokens } = side;
  const upstream = createGatewayUpstream(options, core, upstreamUrl);
  const directory = new PrincipalDirectory(side.entries);
  const connections = createConnectionBudget(config.connections, {
    proxyHops: config.callerLimits.proxyHops,
    registry: metrics.registry,
  });
  const live = createGatewayLive(core, upstream, side, connections);
  const persisted = createGatewayPersistedOperations({
    config,
    store,
    logger,
    embedded: sandbox !== undefined,
  });
  const yoga = createGatewayYoga(options, side, {
    ...core,
    ...{ live: live.plugin, persisted: persisted.plugin },
    directory,
    upstream,
    connections,
  });
  const life = lifecycle({ live, upstream, store, sandbox, ownTracing });
  const ready = gatewayReadiness(options, store, upstream, life.isDraining);
  return {
    yoga,
    handler: yoga as unknown as RequestListener,
    admin: createAdminHandler({ metrics, ready }),
    upstream,
    upstreamUrl,
    store,
    ...(sandbox ? { sandbox } : {}),
    ...(demoTokens ? { demoTokens } : {}),
    principals: directory.principals,
    metrics,
    logger,
    live,
    connections,
    attachWebSockets: (server) => live.attach(server, yoga, directory, persisted.resolveOperation),
    drain: life.drain,
    close: life.close,
  };
}
