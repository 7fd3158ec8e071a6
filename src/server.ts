/**
 * The gateway factory: stores, upstream client (its telemetry feeding the metrics), callers
 * (keystore or demo principals), the embedded sandbox when no upstream URL is configured, and
 * the yoga app with one plugin per HTTP concern. `start-command.ts` listens (and drains);
 * tests call this with an injected config, keystore or upstream URL and bind port 0.
 */
import type { RequestListener, Server } from 'node:http';
import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { GraphQLSchema } from 'graphql';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { createAdminHandler } from './admin.ts';
import type { Principal } from './auth/principal.ts';
import {
  type Keystore,
  type KeystorePrincipal,
  PrincipalDirectory,
  readKeystoreFile,
  resolveKeystore,
} from './auth/principals.ts';
import { createCallerLimiter } from './caller-limits/limiter.ts';
import { createRequestBudget } from './caller-limits/request-budget.ts';
import type { Config } from './config.ts';
import { type ConnectionBudget, createConnectionBudget } from './connection-budget.ts';
import { type DemoTokens, startEmbeddedSandbox } from './embedded.ts';
import { createIdempotency } from './idempotency/index.ts';
import { createLive, type Live } from './live/create-live.ts';
import { WsLimits } from './live/ws-limits.ts';
import { createLogger, type Logger, toYogaLogger } from './logger.ts';
import { createMetrics, type GatewayMetrics } from './metrics.ts';
import { createGraphiQLRenderer } from './plugins/graphiql.ts';
import { graphiqlForPeer } from './plugins/graphiql-peer.ts';
import { maskError } from './plugins/mask-error.ts';
import { useCallerAuth } from './plugins/use-caller-auth.ts';
import { useCallerLimits } from './plugins/use-caller-limits.ts';
import { useCsrfPrevention } from './plugins/use-csrf-prevention.ts';
import { useGraphiQLAssets } from './plugins/use-graphiql-assets.ts';
import { useIdempotency } from './plugins/use-idempotency.ts';
import { useLimits, useRequestBodyLimit } from './plugins/use-limits.ts';
import { useLogging } from './plugins/use-logging.ts';
import { useMediaType } from './plugins/use-media-type.ts';
import { useMetrics } from './plugins/use-metrics.ts';
import { createGatewayPersistedOperations } from './plugins/use-persisted-operations.ts';
import { usePhaseMetrics } from './plugins/use-phase-metrics.ts';
import { useRequestBudget } from './plugins/use-request-budget.ts';
import { useRequestParams } from './plugins/use-request-params.ts';
import { useStreamCaps } from './plugins/use-stream-caps.ts';
import { useTracing } from './plugins/use-tracing.ts';
import { createReadiness } from './readiness.ts';
import type { Sandbox } from './sandbox/index.ts';
import { schema as gatewaySchema } from './schema/index.ts';
import type { GatewayContext } from './schema/types.ts';
import { startTracingFromEnv, type Tracing } from './tracing.ts';
import { createUpstreamClient, type UpstreamClient } from './upstream/client.ts';
import { createStore, type Store } from './upstream/stores/index.ts';

export interface GatewayOptions {
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
  /** fetch used for upstream calls. @default node:http on a keep-alive agent (no fetch) */
  fetch?: typeof fetch;
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
   * `createPublicServer` (src/server-limits.ts) for the TCP caps.
   */
  connections: ConnectionBudget;
  /** Serves graphql-ws (subscriptions over WebSocket) on this HTTP server's `/graphql`. */
  attachWebSockets(server: Server): void;
  /** Stops reporting ready (/ready → 503) so load balancers drain this instance. */
  drain(): void;
  /** Closes the upstream client, the store and the embedded sandbox. Idempotent. */
  close(): Promise<void>;
}

/** The request budgets of `use-request-budget.ts`, shared through Redis when there is one; 0 turns one off. */
function requestBudgets(config: Config, store: Store) {
  const { windowMs, anonymous, free } = config.callerLimits.requests;
  const budget = (name: string, points: number) =>
    createRequestBudget({
      points,
      windowMs,
      keyPrefix: `${config.redis.keyPrefix}:budget:${name}`,
      replicas: config.upstream.replicas ?? 1,
      ...(store.redis ? { redis: store.redis } : {}),
    });
  return {
    ...(anonymous > 0 ? { anonymous: budget('anon', anonymous) } : {}),
    ...(free > 0 ? { free: budget('free', free) } : {}),
  };
}

async function loadPrincipals(options: GatewayOptions): Promise<KeystorePrincipal[] | undefined> {
  const file = options.config.keystoreFile;
  const keystore = options.keystore ?? (file ? await readKeystoreFile(file) : undefined);
  return keystore ? resolveKeystore(keystore, options.env ?? {}) : undefined;
}

export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  const { config } = options;
  const logger = options.logger ?? createLogger({ level: config.logLevel });
  const metrics = createMetrics({ defaultMetrics: options.processMetrics ?? true });
  const ownTracing =
    options.tracing === undefined ? startTracingFromEnv(process.env, logger) : undefined;
  const tracing = ownTracing ?? (options.tracing || undefined);
  if (ownTracing) logger.info({ exporters: ownTracing.exporters }, 'tracing on');
  const configured = await loadPrincipals(options);
  const externalUrl = options.upstreamUrl ?? config.upstream.baseUrl;
  const store = createStore(config.redis, {
    maxKeys: config.memoryStore.maxKeys,
    registry: metrics.registry,
  });
  const embedded = externalUrl
    ? undefined
    : await startEmbeddedSandbox({
        seedFile: config.sandboxSeedFile,
        port: config.sandboxPort,
        entries: configured,
        logger,
      }).catch(async (error: unknown) => {
        await store.close();
        throw error;
      });
  const sandbox = embedded?.sandbox;
  const demoTokens = embedded?.demoTokens;
  const entries = embedded?.entries ?? configured;
  const upstreamUrl = externalUrl ?? (sandbox as Sandbox).url;
  if (!entries?.length) logger.warn('no principals: every bearer token will be refused');
  for (const { principal } of entries ?? []) {
    logger.addSecret(principal.credentials.secret);
    logger.addSecret(principal.credentials.tradingSecret);
  }
  logger.addSecret(demoTokens?.trader);
  logger.addSecret(demoTokens?.brokerAdmin);

  const { baseUrl: _baseUrl, network: _network, ...upstreamConfig } = config.upstream;
  const upstream = createUpstreamClient({
    baseUrl: upstreamUrl,
    config: upstreamConfig,
    store,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    telemetry: (event) => metrics.upstreamCall(event),
    logger,
    registry: metrics.registry,
    ...(tracing ? { tracer: tracing.tracer } : {}),
  });
  const directory = new PrincipalDirectory(entries ?? []);
  const proxyHops = config.callerLimits.proxyHops;
  const connections = createConnectionBudget(config.connections, {
    proxyHops,
    registry: metrics.registry,
  });
  const live = createLive({
    config: config.streams,
    upstream,
    upstreamUrl,
    ...(sandbox ? { defaultBrokerId: sandbox.brokerId } : {}),
    logger,
    registry: metrics.registry,
    limits: new WsLimits({
      budget: connections,
      proxyHops,
      idleTimeoutMs: config.connections.ws.idleTimeoutMs,
    }),
  });
  const persisted = createGatewayPersistedOperations({
    config,
    store,
    logger,
    embedded: sandbox !== undefined,
  });
  let draining = false;
  const ready = createReadiness({
    ...options.readiness,
    checks: {
      [config.redis.url ? 'redis' : 'store']: () => store.ping(),
      upstream: () => upstream.ping(),
    },
    // Without Redis a replica still serves (uncached, its share of the budget): degraded.
    degradable: ['redis'],
    isDraining: () => draining,
  });

  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema: options.schema ?? gatewaySchema,
    graphqlEndpoint: '/graphql',
    healthCheckEndpoint: '/health',
    landingPage: false,
    // GRAPHIQL / GRAPHQL_INTROSPECTION: both off by default when NODE_ENV=production.
    // Demo tokens in the page for loopback peers only (graphiql-peer.ts).
    graphiql: config.graphiql && graphiqlForPeer(demoTokens ? { demoTokens } : {}),
    renderGraphiQL: createGraphiQLRenderer(),
    maskedErrors: { maskError },
    // MAX_BODY_BYTES: useRequestBodyLimit below (yoga's re-streams every body to count it).
    maxRequestBodySize: false,
    logging: toYogaLogger(logger),
    plugins: [
      ...(tracing ? [useTracing({ tracer: tracing.tracer })] : []),
      useLogging({ logger }),
      ...(config.graphiql ? [useGraphiQLAssets()] : []),
      useMetrics({ metrics }),
      usePhaseMetrics(metrics.registry),
      // Request budgets (CALLER_ANON_REQUESTS, CALLER_FREE_REQUESTS): in onRequest, before
      // any body is read or parsed; after logging and metrics, which still see the 429s.
      useRequestBudget({
        directory,
        proxyHops: config.callerLimits.proxyHops,
        refusalDelayMs: config.callerLimits.requests.refusalDelayMs,
        registry: metrics.registry,
        ...requestBudgets(config, store),
      }),
      ...(config.introspection ? [] : [useDisableIntrospection()]),
      useCsrfPrevention({ logger }),
      // Malformed parameters → 400, inexact decimals refused: before the body limit wraps it.
      useRequestParams(),
      useCallerAuth({ directory, upstream, deadlineMs: config.upstream.deadlineMs }),
      live.plugin,
      // SSE streams per client IP and principal: before anything is charged or executed.
      useStreamCaps({ budget: connections, proxyHops }),
      // Persisted operations (PERSISTED_OPERATIONS): after caller auth (developers may send
      // text in `require` mode), before the limits (which then check the stored documents too).
      persisted.plugin,
      ...useLimits({
        maxDepth: config.limits.maxDepth,
        maxAliases: config.limits.maxAliases,
        maxTokens: config.limits.maxTokens,
        maxCost: config.limits.maxCost,
        hideFieldSuggestions: !config.introspection,
      }),
      // Per-caller limits in upstream calls: after the limits, on the validated document.
      useCallerLimits({
        proxyHops: config.callerLimits.proxyHops,
        limiter: createCallerLimiter({
          config: config.callerLimits,
          keyPrefix: config.redis.keyPrefix,
          replicas: config.upstream.replicas ?? 1,
          limitScale: config.upstream.limitScale ?? 1,
          waitMs: config.upstream.budgetWaitMs,
          ...(store.redis ? { redis: store.redis } : {}),
        }),
      }),
      // Idempotency-Key replays and the clientOrderId guard (context): after every limit.
      useIdempotency({
        idempotency: createIdempotency({
          store,
          upstream: config.upstream,
          registry: metrics.registry,
          logger,
        }),
        logger,
      }),
      // Last: after every request parser, so it wraps whichever one a request selects.
      useRequestBodyLimit(config.limits.maxBodyBytes),
      // A POST no parser took: 415 with an error naming the content types read.
      useMediaType(),
    ],
  });

  let closing: Promise<void> | undefined;
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
    drain: () => {
      draining = true;
      live.drain();
    },
    close() {
      draining = true;
      closing ??= (async () => {
        await live.close();
        await upstream.close();
        await store.close();
        // The sandbox may already be stopped (tests stop it to simulate an outage).
        await sandbox?.close().catch(() => undefined);
        await ownTracing?.shutdown();
      })();
      return closing;
    },
  };
}
