/**
 * Live updates wiring: the replica's stream hub (upstream WebSocket connections), the plugin
 * that puts it in every request context and serves SSE (use-live-sse.ts), and graphql-ws on
 * the HTTP server's `/graphql` upgrades (ws-server.ts).
 */
import type { Server } from 'node:http';
import type { Plugin, YogaServerInstance } from 'graphql-yoga';
import type { Cluster, Redis } from 'ioredis';
import type { Registry } from 'prom-client';
import type { WebSocketServer } from 'ws';
import type { PrincipalDirectory } from '../auth/principals.ts';
import { createCodMetrics } from '../cancel-on-disconnect/metrics.ts';
import { CancelOnDisconnect } from '../cancel-on-disconnect/switches.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../observability/logger.ts';
import type { OperationResolver } from '../plugins/use-persisted-operations.ts';
import type { GatewayContext, LiveContext } from '../schema/types.ts';
import { TradingScreens } from '../screen/trading-screens.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import type { Store } from '../upstream/stores/store.ts';
import { StreamHub, wsBaseOf } from '../upstream/stream/index.ts';
import { createEventLog } from '../upstream/stream/log/create-log.ts';
import { registerBookMetrics } from './book-metrics.ts';
import { createLiveMetrics } from './metrics.ts';
import { OrderWaits } from './order-waits.ts';
import { DEFAULT_RESUME_BOUNDS } from './resume-bounds.ts';
import { registerResyncMetrics } from './resync-metrics.ts';
import { registerScreenMetrics } from './screen-metrics.ts';
import { useLiveSse } from './use-live-sse.ts';
import { useSharedSubscriptionEvents } from './use-shared-subscription-events.ts';
import { registerWaitMetrics } from './wait-metrics.ts';
import type { WsLimits } from './ws-limits.ts';
import { serveGraphqlWs } from './ws-server.ts';

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
  /** The gateway's store: the accounts' event log goes to its Redis when it has one. @default memory */
  store?: { readonly redis?: Redis | Cluster };
  /** REDIS_KEY_PREFIX. @default 'svc' */
  keyPrefix?: string;
  /** Cancel-on-disconnect sessions, registered in `store`. @default none (refused) */
  cancelOnDisconnect?: { config: Config['cancelOnDisconnect']; store: Store };
}

export interface Live {
  hub: StreamHub;
  /** The replica's trading screens (`tradingScreen`). */
  screens: TradingScreens;
  brokerId: string | undefined;
  /** This replica's cancel-on-disconnect sessions (undefined: not offered). */
  cancelOnDisconnect: CancelOnDisconnect | undefined;
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

export function createLive(options: LiveOptions): Live {
  const { config, limits } = options;
  const brokerId = config.brokerId ?? options.defaultBrokerId;
  const hub = createHub(options);
  const cancelOnDisconnect = createCancelOnDisconnect(options);
  const screens = createScreens(options, hub);
  const waits = new OrderWaits(config.waits);
  if (options.registry) {
    registerResyncMetrics(options.registry, hub.resyncStats);
    registerBookMetrics(options.registry, hub.books);
    registerScreenMetrics(options.registry, screens);
    registerWaitMetrics(options.registry, waits);
  }
  const context: LiveContext = {
    hub,
    upstream: options.upstream,
    screens,
    brokerId: brokerId ?? '',
    queueMax: config.queueMax,
    active: new Set(),
    resume: { ...DEFAULT_RESUME_BOUNDS, maxReplay: config.resume.maxReplay },
    waits,
    ...(cancelOnDisconnect ? { cancelOnDisconnect } : {}),
    ...(options.registry ? { metrics: createLiveMetrics(options.registry) } : {}),
  };
  const servers: WebSocketServer[] = [];
  const disposers: (() => Promise<void> | void)[] = [];
  const endAll = () => endQueues(context.active);

  return {
    hub,
    screens,
    brokerId,
    cancelOnDisconnect,
    plugin: livePlugin(context, config.directLane),
    attach(server, yoga, directory, resolveOperation) {
      const deps = { yoga, directory, resolveOperation, limits, cancelOnDisconnect };
      const ws = serveGraphqlWs(server, deps);
      servers.push(ws.wss);
      disposers.push(ws.dispose);
    },
    drain() {
      endAll();
      for (const wss of servers) {
        for (const client of wss.clients) client.close(1001, 'server shutting down');
      }
    },
    async close() {
      endAll();
      await cancelOnDisconnect?.close();
      screens.close();
      hub.close();
      for (const dispose of disposers.splice(0)) await dispose();
      for (const wss of servers.splice(0)) {
        for (const client of wss.clients) client.terminate();
        wss.close();
      }
    },
  };
}

/** Completes every live subscriber's queue (a copy: ending one removes it from the set). */
function endQueues(active: Set<{ end(): void }>): void {
  for (const queue of [...active]) queue.end();
}

/** The replica's trading screens: one computation per (account, symbol, depth). */
function createScreens(options: LiveOptions, hub: StreamHub): TradingScreens {
  return new TradingScreens({
    hub,
    forAccount: (credentials) => options.upstream.forAccount(credentials),
    market: options.upstream,
    max: options.config.screens.max,
    maxPerAccount: options.config.screens.maxPerAccount,
    log: (msg, fields) => options.logger.warn(msg, fields),
  });
}

/** The replica's stream hub: one upstream connection per account (and one public). */
function createHub(options: LiveOptions): StreamHub {
  const { config, upstream, logger } = options;
  const hub: StreamHub = new StreamHub({
    wsBase: config.wsUrl ?? wsBaseOf(options.upstreamUrl),
    forAccount: (credentials) => upstream.forAccount(credentials),
    invalidate: (accountId, groups) => upstream.invalidate(accountId, groups),
    // Auth frames are signed in server time, like REST requests.
    now: () => upstream.serverNow(),
    graceMs: config.graceMs,
    resumeWindowMs: config.resume.windowMs,
    eventLog: createEventLog(options.store ?? {}, options.keyPrefix ?? 'svc', config.log),
    silenceMs: config.silenceMs,
    backoff: config.reconnect,
    log: (msg, fields) => logger.warn(msg, fields),
    // Rules have no topic: a (re)connection or a maintenance's end drops the cached table,
    // so the next order check reads them afresh.
    rulesMayHaveChanged: () => {
      const symbols = hub.marks.symbols().map((symbol) => `s:${symbol}`);
      void upstream.invalidateShared('symbolRules', ['-', ...symbols]);
    },
  });
  return hub;
}

/** Sessions renew the account's upstream switch with the replica's own (deadline-less) account views. */
function createCancelOnDisconnect(options: LiveOptions): CancelOnDisconnect | undefined {
  const cod = options.cancelOnDisconnect;
  if (!cod) return undefined;
  const manager: CancelOnDisconnect = new CancelOnDisconnect({
    config: cod.config,
    store: cod.store,
    forAccount: (credentials) => options.upstream.forAccount(credentials),
    log: (msg, fields) => options.logger.warn(msg, fields),
    ...(options.registry
      ? { metrics: createCodMetrics(options.registry, () => manager.sessionCount) }
      : {}),
  });
  return manager;
}

function livePlugin(context: LiveContext, directLane: boolean): Plugin<GatewayContext> {
  return {
    onPluginInit({ addPlugin }) {
      // One execution and (over SSE) one serialization per event and selection.
      const shared = useSharedSubscriptionEvents({ directLane });
      addPlugin(shared as unknown as Plugin<GatewayContext>);
      addPlugin(useLiveSse() as unknown as Plugin<GatewayContext>);
    },
    onContextBuilding({ context: built, extendContext }) {
      // SSE's reconnect header: where a resumed account subscription starts (live-resume.ts).
      const lastEventId = built.request?.headers.get('last-event-id') ?? undefined;
      extendContext(lastEventId ? { live: context, lastEventId } : { live: context });
    },
  };
}
