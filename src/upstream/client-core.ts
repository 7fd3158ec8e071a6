/**
 * The client's request core: the exchange (the wire), the shared state of its layers (server
 * clock, store health, fallback budget, single-flight, circuits) and the layers composed around
 * the sender, as `call(op, args, account)`.
 *
 *   telemetry → orders (client_order_id, read-back) → cache + single-flight
 *     → retry policy → circuit per route → upstream budget
 *     → sender (sign in server time, send, interpret)
 */
import type { Tracer } from '@opentelemetry/api';
import type { Registry } from 'prom-client';
import type { UpstreamConfig } from '../config.ts';
import type { OrderRecord } from '../contract/wire.ts';
import type { Logger } from '../observability/logger.ts';
import { withCache } from './cache.ts';
import { CATALOG, type CallArgs, type Operation } from './catalog.ts';
import { Circuits } from './circuit.ts';
import { withCircuit } from './circuit-layer.ts';
import { registerCircuitMetrics } from './circuit-metrics.ts';
import { ServerClock } from './clock.ts';
import { Deadline } from './deadline.ts';
import { createFetchExchange, type Exchange } from './exchange.ts';
import { StoreHealth } from './health.ts';
import { createHttpExchange } from './http-exchange.ts';
import type { Scope } from './keys.ts';
import { observeExchange } from './observe-exchange.ts';
import { withOrders } from './orders.ts';
import { type AccountContext, type Call, compose, type Layer } from './pipeline.ts';
import { withBudget } from './rate-limit.ts';
import { withRetry } from './retry.ts';
import { SingleFlight } from './single-flight.ts';
import { createMemoryStore } from './stores/memory.ts';
import type { Store } from './stores/store.ts';
import { type UpstreamCallEvent, withTelemetry } from './telemetry.ts';
import { createSender } from './transport.ts';

export interface UpstreamClientOptions {
  /** Upstream base URL (mainnet, testnet or the sandbox), without a trailing slash. */
  baseUrl: string;
  config: Omit<UpstreamConfig, 'baseUrl' | 'network'>;
  /** Cache, budget and single-flight state; Redis to share it across replicas. */
  store: Store;
  /**
   * Sends upstream requests through this fetch instead of the default undici transport
   * (keep-alive pool); tests inject a recording fetch.
   */
  fetch?: typeof fetch;
  /** Sends upstream requests through this exchange (benchmarks of the layers alone). */
  exchange?: Exchange;
  /** Host clock; tests skew it. Requests are signed in server time learned from responses. @default Date.now */
  now?: () => number;
  /** Called once per call of a catalog operation. */
  telemetry?: (event: UpstreamCallEvent) => void;
  /** Spans per call and HTTP attempt, `traceparent` upstream. @default none (no span work) */
  tracer?: Tracer;
  /** Retries, 429s, failed calls and store fallbacks are logged here. @default none */
  logger?: Logger;
  /** Where the circuits' metrics are registered (`svc_upstream_circuit_*`). @default none */
  registry?: Registry;
}

/** Deadline of a call made outside any GraphQL operation when none is configured. */
export const DEFAULT_DEADLINE_MS = 5_000;
/** The circuit when the configuration names none (hand-built configs). */
export const DEFAULT_CIRCUIT = { failures: 5, cooldownMs: 5_000 } as const;

const GLOBAL: Scope = { kind: 'global' };

/** What a call may carry besides its operation, arguments and account. */
export type CallExtra = Pick<Call, 'bypassCache' | 'deadline' | 'requestId'>;

export interface ClientCore {
  readonly exchange: Exchange;
  readonly clock: ServerClock;
  readonly health: StoreHealth;
  readonly fallback: Store;
  readonly flights: SingleFlight;
  readonly circuits: Circuits;
  readonly now: () => number;
  /** One catalog call through every layer, under `extra.deadline` or a deadline of its own. */
  call(
    op: Operation,
    args: CallArgs,
    account: AccountContext | null,
    extra?: CallExtra,
  ): Promise<unknown>;
}

function createExchange(options: UpstreamClientOptions, baseUrl: string): Exchange {
  const { maxResponseBytes } = options.config;
  const cap = maxResponseBytes === undefined ? {} : { maxResponseBytes };
  const wire =
    options.exchange ??
    (options.fetch
      ? createFetchExchange(baseUrl, options.fetch, cap)
      : createHttpExchange(baseUrl, cap));
  return observeExchange(wire, baseUrl, { tracer: options.tracer, logger: options.logger });
}

function createStoreHealth(store: Store, now: () => number, logger: Logger | undefined) {
  return new StoreHealth(now, {
    onChange: (healthy, lastError) =>
      healthy
        ? logger?.info({ store: store.kind }, 'store recovered: cache and budget shared again')
        : logger?.warn(
            { store: store.kind, error: lastError },
            'store failing: calls run uncached on a local budget',
          ),
  });
}

/** An order read fresh by its client_order_id, under the placing call's deadline. */
function readBackOf(core: Pick<ClientCore, 'call'>) {
  return (placing: Call, clientOrderId: string) =>
    core.call(
      CATALOG.orderByClientOrderId,
      { params: { client_order_id: clientOrderId } },
      placing.account,
      {
        bypassCache: true,
        ...(placing.deadline ? { deadline: placing.deadline } : {}),
        ...(placing.requestId !== undefined ? { requestId: placing.requestId } : {}),
      },
    ) as Promise<OrderRecord>;
}

function layersOf(options: UpstreamClientOptions, core: ClientCore): Layer[] {
  const { config, store, tracer, logger } = options;
  const { health, now } = core;
  return [
    withTelemetry({ emit: options.telemetry, tracer, logger }),
    withOrders({ policy: config.retry, readBack: readBackOf(core) }),
    withCache({ store, health, config: config.cache, flights: core.flights, now }),
    withRetry({ policy: config.retry }),
    withCircuit(core.circuits),
    withBudget({
      store,
      fallback: core.fallback,
      health,
      now,
      waitMs: config.budgetWaitMs,
      limitScale: config.limitScale ?? 1,
      replicas: config.replicas ?? 1,
    }),
  ];
}

export function createClientCore(options: UpstreamClientOptions, baseUrl: string): ClientCore {
  const { config } = options;
  const now = options.now ?? Date.now;
  const deadlineMs = config.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const exchange = createExchange(options, baseUrl);
  const clock = new ServerClock(now);
  const circuits = new Circuits({
    ...(config.circuit ?? DEFAULT_CIRCUIT),
    // A probe ends within its attempt's timeout: the hint while it is out.
    probeMs: config.timeoutMs,
  });
  if (options.registry) registerCircuitMetrics(circuits, options.registry);
  const core: ClientCore = {
    exchange,
    clock,
    health: createStoreHealth(options.store, now, options.logger),
    fallback: createMemoryStore({ now }),
    flights: new SingleFlight(),
    circuits,
    now,
    call: (op, args, account, extra = {}) =>
      pipeline({
        op,
        args,
        account,
        scope: account?.scope ?? GLOBAL,
        stats: { cache: 'bypass', budgetWaitMs: 0, attempts: 0 },
        bypassCache: extra.bypassCache,
        deadline: extra.deadline ?? new Deadline(deadlineMs),
        requestId: extra.requestId,
      }),
  };
  const { timeoutMs, recvWindowMs } = config;
  const pipeline = compose(
    layersOf(options, core),
    createSender({ exchange, timeoutMs, recvWindowMs, clock, now }),
  );
  return core;
}
