/**
 * The gateway's yoga plugins, one per HTTP concern, in the order they run (each comment says
 * why it sits where it does).
 */

import { useDisableIntrospection } from '@graphql-yoga/plugin-disable-introspection';
import type { YogaServerOptions } from 'graphql-yoga';
import type { GatewayMetrics } from '../admin/metrics.ts';
import type { PrincipalDirectory } from '../auth/principals.ts';
import { createCallerLimiter } from '../caller-limits/limiter.ts';
import { createRequestBudget } from '../caller-limits/request-budget.ts';
import type { Config } from '../config.ts';
import type { ConnectionBudget } from '../connections/budget.ts';
import { createIdempotency } from '../idempotency/index.ts';
import type { Logger } from '../observability/logger.ts';
import type { Tracing } from '../observability/tracing.ts';
import type { GatewayContext } from '../schema/types.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import type { Store } from '../upstream/stores/store.ts';
import { useCallerAuth } from './use-caller-auth.ts';
import { useCallerLimits } from './use-caller-limits.ts';
import { useCsrfPrevention } from './use-csrf-prevention.ts';
import { useGraphiQLAssets } from './use-graphiql-assets.ts';
import { useIdempotency } from './use-idempotency.ts';
import { useJsonCompression } from './use-json-compression.ts';
import { useLimits } from './use-limits.ts';
import { useLogging } from './use-logging.ts';
import { useMediaType } from './use-media-type.ts';
import { useMetrics } from './use-metrics.ts';
import { usePhaseMetrics } from './use-phase-metrics.ts';
import { useRequestBodyLimit } from './use-request-body-limit.ts';
import { useRequestBudget } from './use-request-budget.ts';
import { useRequestParams } from './use-request-params.ts';
import { useStreamCaps } from './use-stream-caps.ts';
import { useTracing } from './use-tracing.ts';

type Plugins = NonNullable<YogaServerOptions<Record<string, unknown>, GatewayContext>['plugins']>;

/** What the plugins are built from. */
export interface GatewayParts {
  config: Config;
  store: Store;
  logger: Logger;
  metrics: GatewayMetrics;
  tracing: Tracing | undefined;
  directory: PrincipalDirectory;
  upstream: UpstreamClient;
  connections: ConnectionBudget;
  /** Live updates' plugin (SSE). */
  live: Plugins[number];
  /** Persisted operations' HTTP plugin. */
  persisted: Plugins[number];
  /** `/demo`, the reference trading screen: embedded-sandbox mode only (src/demo). */
  demo?: Plugins[number] | undefined;
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

/** Per-caller limits in upstream calls (src/caller-limits), shared through Redis when there is one. */
function callerLimiter({ config, store }: GatewayParts) {
  return createCallerLimiter({
    config: config.callerLimits,
    keyPrefix: config.redis.keyPrefix,
    replicas: config.upstream.replicas ?? 1,
    limitScale: config.upstream.limitScale ?? 1,
    waitMs: config.upstream.budgetWaitMs,
    ...(store.redis ? { redis: store.redis } : {}),
  });
}

export function gatewayPlugins(parts: GatewayParts): Plugins {
  const { config, store, logger, metrics, tracing, directory, upstream, connections } = parts;
  const { proxyHops } = config.callerLimits;
  return [
    ...(tracing ? [useTracing({ tracer: tracing.tracer })] : []),
    useLogging({ logger }),
    ...(config.graphiql ? [useGraphiQLAssets()] : []),
    useJsonCompression(),
    // Static pages and files, like GraphiQL's: before the request budgets count them.
    ...(parts.demo ? [parts.demo] : []),
    useMetrics({ metrics }),
    usePhaseMetrics(metrics.registry, metrics.operation),
    // Request budgets (CALLER_ANON_REQUESTS, CALLER_FREE_REQUESTS): in onRequest, before
    // any body is read or parsed; after logging and metrics, which still see the 429s.
    useRequestBudget({
      directory,
      proxyHops,
      refusalDelayMs: config.callerLimits.requests.refusalDelayMs,
      registry: metrics.registry,
      ...requestBudgets(config, store),
    }),
    ...(config.introspection ? [] : [useDisableIntrospection()]),
    useCsrfPrevention({ logger }),
    // Malformed parameters → 400, inexact decimals refused: before the body limit wraps it.
    useRequestParams(),
    useCallerAuth({ directory, upstream, deadlineMs: config.upstream.deadlineMs }),
    parts.live,
    // SSE streams per client IP and principal: before anything is charged or executed.
    useStreamCaps({ budget: connections, proxyHops }),
    // Persisted operations (PERSISTED_OPERATIONS): after caller auth (developers may send
    // text in `require` mode), before the limits (which then check the stored documents too).
    parts.persisted,
    ...useLimits({
      maxDepth: config.limits.maxDepth,
      maxAliases: config.limits.maxAliases,
      maxTokens: config.limits.maxTokens,
      maxCost: config.limits.maxCost,
      hideFieldSuggestions: !config.introspection,
    }),
    // Per-caller limits in upstream calls: after the limits, on the validated document.
    useCallerLimits({ proxyHops, limiter: callerLimiter(parts) }),
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
  ];
}
