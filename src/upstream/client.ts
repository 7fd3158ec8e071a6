/**
 * The upstream client: catalog methods over one request core, with the cross-cutting
 * layers composed around the sender:
 *
 *   telemetry → orders (client_order_id, read-back) → cache + single-flight
 *     → retry policy → circuit per route → upstream budget
 *     → sender (sign in server time, send, interpret)
 *
 * Every call runs under a deadline (deadline.ts): the GraphQL operation's, shared by all its
 * calls (`withDeadline`, from the request context), or else one of its own
 * (`UPSTREAM_DEADLINE_MS`). Answers are capped at `UPSTREAM_MAX_RESPONSE_BYTES`.
 *
 * The store is the caller's (it may be shared with other users, e.g. the persisted
 * operations registry): `close()` does not close it.
 */
import type { Tracer } from '@opentelemetry/api';
import type { Registry } from 'prom-client';
import { OrderSigner } from '../auth/order-signature.ts';
import { RequestSigner } from '../auth/request-signature.ts';
import type { UpstreamConfig } from '../config.ts';
import type { OrderRecord } from '../contract/wire.ts';
import type { Logger } from '../logger.ts';
import type { AccountApi, AccountCredentials, UpstreamApi } from './api.ts';
import { withCache } from './cache.ts';
import {
  CATALOG,
  type CacheGroup,
  type CallArgs,
  type Operation,
  type RequestFn,
} from './catalog.ts';
import { type CircuitSnapshot, Circuits } from './circuit.ts';
import { withCircuit } from './circuit-layer.ts';
import { registerCircuitMetrics } from './circuit-metrics.ts';
import { ServerClock } from './clock.ts';
import { Deadline } from './deadline.ts';
import { StoreHealth, type StoreHealthSnapshot } from './health.ts';
import { cacheKey, type Scope } from './keys.ts';
import { accountMethods, publicMethods } from './methods.ts';
import { observeExchange } from './observe-exchange.ts';
import { withOrders } from './orders.ts';
import { type AccountContext, type Call, compose } from './pipeline.ts';
import { withBudget } from './rate-limit.ts';
import { withRetry } from './retry.ts';
import { SingleFlight } from './single-flight.ts';
import { createMemoryStore } from './stores/memory.ts';
import type { Store } from './stores/store.ts';
import { type UpstreamCallEvent, withTelemetry } from './telemetry.ts';
import {
  createFetchExchange,
  createHttpExchange,
  createSender,
  type Exchange,
} from './transport.ts';

export type { UpstreamCallEvent } from './telemetry.ts';

export interface UpstreamClientOptions {
  /** Upstream base URL (mainnet, testnet or the sandbox), without a trailing slash. */
  baseUrl: string;
  config: Omit<UpstreamConfig, 'baseUrl' | 'network'>;
  /** Cache, budget and single-flight state; Redis to share it across replicas. */
  store: Store;
  /**
   * Sends upstream requests through this fetch instead of the default node:http transport
   * (keep-alive agent); tests inject a recording fetch.
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

export interface UpstreamHealth {
  /** The shared store (cache, budget). When unhealthy, calls run uncached on a local budget. */
  store: StoreHealthSnapshot & { kind: Store['kind'] };
  /** Learned `server time − host time`, ms; 0 until the first response. */
  clockOffsetMs: number;
  /** The circuit of every route called so far, by catalog operation (this process's). */
  circuits: Record<string, CircuitSnapshot>;
}

/** `UpstreamApi` plus what operators and readiness checks want to know. */
export interface UpstreamClient extends UpstreamApi {
  health(): UpstreamHealth;
  /**
   * Drops an account's cached reads of these cache groups, in the shared store (so on every
   * replica): the upstream's streams say the state moved. Never throws.
   */
  invalidate(accountId: string, groups: readonly CacheGroup[]): Promise<void>;
}

const GLOBAL: Scope = { kind: 'global' };
/** Deadline of a call made outside any GraphQL operation when none is configured. */
export const DEFAULT_DEADLINE_MS = 5_000;
/** The circuit when the configuration names none (hand-built configs). */
export const DEFAULT_CIRCUIT = { failures: 5, cooldownMs: 5_000 } as const;

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { config, store } = options;
  const now = options.now ?? Date.now;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { tracer, logger } = options;
  const deadlineMs = config.deadlineMs ?? DEFAULT_DEADLINE_MS;
  const cap =
    config.maxResponseBytes === undefined ? {} : { maxResponseBytes: config.maxResponseBytes };
  const exchange = observeExchange(
    options.exchange ??
      (options.fetch
        ? createFetchExchange(baseUrl, options.fetch, cap)
        : createHttpExchange(baseUrl, cap)),
    baseUrl,
    { tracer, logger },
  );
  const clock = new ServerClock(now);
  const health = new StoreHealth(now, {
    onChange: (healthy, lastError) =>
      healthy
        ? logger?.info({ store: store.kind }, 'store recovered: cache and budget shared again')
        : logger?.warn(
            { store: store.kind, error: lastError },
            'store failing: calls run uncached on a local budget',
          ),
  });
  const fallback = createMemoryStore({ now });
  const flights = new SingleFlight();
  const circuits = new Circuits({
    ...(config.circuit ?? DEFAULT_CIRCUIT),
    // A probe ends within its attempt's timeout: the hint while it is out.
    probeMs: config.timeoutMs,
  });
  if (options.registry) registerCircuitMetrics(circuits, options.registry);

  const call = (
    op: Operation,
    args: CallArgs,
    account: AccountContext | null,
    extra: Pick<Call, 'bypassCache' | 'deadline' | 'requestId'> = {},
  ): Promise<unknown> =>
    pipeline({
      op,
      args,
      account,
      scope: account?.scope ?? GLOBAL,
      stats: { cache: 'bypass', budgetWaitMs: 0, attempts: 0 },
      bypassCache: extra.bypassCache,
      deadline: extra.deadline ?? new Deadline(deadlineMs),
      requestId: extra.requestId,
    });

  const readBack = (placing: Call, clientOrderId: string) =>
    call(
      CATALOG.orderByClientOrderId,
      { params: { client_order_id: clientOrderId } },
      placing.account,
      {
        bypassCache: true,
        ...(placing.deadline ? { deadline: placing.deadline } : {}),
        ...(placing.requestId !== undefined ? { requestId: placing.requestId } : {}),
      },
    ) as Promise<OrderRecord>;

  const pipeline = compose(
    [
      withTelemetry({ emit: options.telemetry, tracer, logger }),
      withOrders({ policy: config.retry, readBack }),
      withCache({ store, health, config: config.cache, flights, now }),
      withRetry({ policy: config.retry }),
      withCircuit(circuits),
      withBudget({
        store,
        fallback,
        health,
        now,
        waitMs: config.budgetWaitMs,
        limitScale: config.limitScale ?? 1,
        replicas: config.replicas ?? 1,
      }),
    ],
    createSender({
      exchange,
      timeoutMs: config.timeoutMs,
      recvWindowMs: config.recvWindowMs,
      clock,
      now,
    }),
  );

  const requestFor = (
    account: AccountContext | null,
    deadline?: Deadline,
    requestId?: string,
  ): RequestFn => {
    const extra = {
      ...(deadline ? { deadline } : {}),
      ...(requestId !== undefined ? { requestId } : {}),
    };
    return <T>(op: Operation<T>, args: CallArgs = {}) =>
      call(op as Operation, args, account, extra) as Promise<T>;
  };

  // Signers parse keys: build them once per account, again only if its secrets change.
  const accounts = new Map<
    string,
    { credentials: AccountCredentials; context: AccountContext; api: AccountApi }
  >();
  const accountEntry = (credentials: AccountCredentials) => {
    const known = accounts.get(credentials.accountId);
    if (
      known &&
      known.credentials.secret === credentials.secret &&
      known.credentials.tradingSecret === credentials.tradingSecret
    ) {
      return known;
    }
    const context: AccountContext = {
      accountId: credentials.accountId,
      scope: { kind: 'account', accountId: credentials.accountId },
      signer: new RequestSigner({ accountId: credentials.accountId, secret: credentials.secret }),
      orderSigner: credentials.tradingSecret
        ? new OrderSigner(credentials.tradingSecret)
        : undefined,
    };
    const api: AccountApi = Object.assign(accountMethods(requestFor(context)), {
      accountId: credentials.accountId,
    });
    const entry = { credentials: { ...credentials }, context, api };
    accounts.set(credentials.accountId, entry);
    return entry;
  };
  const forAccount = (credentials: AccountCredentials): AccountApi => accountEntry(credentials).api;

  /**
   * Readiness: `GET /` on the upstream's origin. Any HTTP answer below 500 means it is
   * reachable; no documented operation is spent (sv_nonce would take the shared public
   * budget), nothing is signed, and the Date header teaches the clock offset early.
   */
  const ping = async (): Promise<boolean> => {
    const sentAt = now();
    try {
      const reply = await exchange.send({
        method: 'GET',
        path: '/',
        headers: {},
        body: undefined,
        timeoutMs: config.timeoutMs,
      });
      clock.observe({ dateHeader: reply.date }, sentAt, now());
      return reply.status < 500;
    } catch {
      return false;
    }
  };

  /**
   * The API with every call under one GraphQL operation's deadline and naming its HTTP
   * request (a view per request).
   */
  const withDeadline = (deadline: Deadline | undefined, requestId?: string): UpstreamApi =>
    Object.assign(publicMethods(requestFor(null, deadline, requestId)), {
      // A method: tsx (esbuild's keepNames) defines the name of a named arrow per creation.
      forAccount(credentials: AccountCredentials): AccountApi {
        return Object.assign(
          accountMethods(requestFor(accountEntry(credentials).context, deadline, requestId)),
          { accountId: credentials.accountId },
        );
      },
      withDeadline,
      ping,
      close,
    });

  const close = async () => {
    accounts.clear();
    exchange.close();
    await fallback.close();
  };

  return Object.assign(publicMethods(requestFor(null)), {
    forAccount,
    withDeadline,
    ping,
    close,
    invalidate: async (accountId: string, groups: readonly CacheGroup[]) => {
      const keys = groups.map((group) => cacheKey({ kind: 'account', accountId }, group));
      if (keys.length === 0) return;
      flights.invalidate(keys.map((key) => `${key}|`));
      await health.guard(
        () => store.del(keys),
        () => 0,
      );
    },
    health: (): UpstreamHealth => ({
      store: { kind: store.kind, ...health.snapshot() },
      clockOffsetMs: Math.round(clock.offsetMs),
      // Built when read: live updates read the clock offset here often.
      get circuits() {
        return circuits.snapshot();
      },
    }),
  });
}
