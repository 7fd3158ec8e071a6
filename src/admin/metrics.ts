/**
 * Prometheus metrics of one gateway: its own registry (never prom-client's global one), so
 * several gateways can live in one process (tests). Every label has a bounded set of values:
 * routes, operation types, error codes and upstream operations are mapped onto fixed lists,
 * and nothing a caller sends (operation names, tokens, variables) becomes a label.
 */
import {
  Counter,
  type CounterConfiguration,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  type LabelValues,
  Registry,
} from 'prom-client';
import { PERSISTED_ERROR_CODES } from '../persisted/errors.ts';
import { ERROR_CODES } from '../schema/errors.ts';
import type { UpstreamCallEvent } from '../upstream/client.ts';

/** Seconds: from a cache hit (a few ms) to a slow upstream call near its timeout. */
const DURATION_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Codes counted by name in `svc_graphql_errors_total`: the resolvers' vocabulary plus the
 * request-level codes of GraphQL, yoga and our plugins; anything else counts as OTHER.
 */
export const KNOWN_ERROR_CODES: ReadonlySet<string> = new Set([
  ...ERROR_CODES,
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'OPERATION_RESOLUTION_FAILURE',
  'REQUEST_ENTITY_TOO_LARGE',
  ...PERSISTED_ERROR_CODES,
]);
const ROUTES = new Set(['/graphql', '/health', '/ready', '/metrics']);
const UPSTREAM_OUTCOMES = new Set([
  'ok',
  'rejected',
  'rate_limited',
  'unauthorized',
  'unavailable',
  'malformed',
]);
const OPERATION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** More distinct upstream operations than the catalog could ever hold means a bug: fold them. */
const MAX_UPSTREAM_OPERATIONS = 200;

export interface GatewayMetrics {
  readonly registry: Registry;
  /** One HTTP request answered. */
  httpRequest(path: string, status: number, seconds: number): void;
  /** One GraphQL operation executed (`type`: query, mutation, subscription). */
  operation(type: string): void;
  /** One error in a GraphQL response, by `extensions.code`. */
  graphqlError(code: unknown): void;
  /** Telemetry sink for the upstream client. */
  upstreamCall(event: UpstreamCallEvent): void;
  /** The text served at /metrics. */
  render(): Promise<string>;
  readonly contentType: string;
}

export function routeLabel(path: string): string {
  return ROUTES.has(path) ? path : 'other';
}

export function errorCodeLabel(code: unknown): string {
  if (code === undefined || code === null) return 'NONE';
  return typeof code === 'string' && KNOWN_ERROR_CODES.has(code) ? code : 'OTHER';
}

/**
 * A counter whose increments are summed in a plain Map (one entry per label combination, keyed
 * by a string the caller builds) and handed to prom-client when it collects (at /metrics):
 * prom-client hashes and validates the label object of every `inc`, which costs more per
 * request than everything else here. Returns `inc(id, labels)`; `labels` is read only the
 * first time an `id` is seen.
 */
function summedCounter<T extends string>(
  config: Omit<CounterConfiguration<T>, 'collect'>,
): (id: string, labels: () => LabelValues<T>) => void {
  const pending = new Map<string, { labels: LabelValues<T>; count: number }>();
  const counter: Counter<T> = new Counter<T>({
    ...config,
    collect() {
      for (const entry of pending.values()) {
        if (entry.count === 0) continue;
        counter.inc(entry.labels, entry.count);
        entry.count = 0;
      }
    },
  });
  return (id, labels) => {
    const entry = pending.get(id);
    if (entry) entry.count += 1;
    else pending.set(id, { labels: labels(), count: 1 });
  };
}

type Registers = Registry[];

/** HTTP requests and GraphQL operations and errors. */
function requestMetrics(registers: Registers) {
  const httpRequests = summedCounter({
    name: 'svc_http_requests_total',
    help: 'HTTP requests answered, by route and status code',
    labelNames: ['route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'HTTP request duration, by route',
    labelNames: ['route'] as const,
    buckets: DURATION_BUCKETS_S,
    registers,
  });
  const operations = summedCounter({
    name: 'svc_graphql_operations_total',
    help: 'GraphQL operations executed, by operation type',
    labelNames: ['type'] as const,
    registers,
  });
  const errors = summedCounter({
    name: 'svc_graphql_errors_total',
    help: 'Errors in GraphQL responses, by extensions.code',
    labelNames: ['code'] as const,
    registers,
  });
  return {
    httpRequest(path: string, status: number, seconds: number) {
      const route = routeLabel(path);
      const code = String(Math.trunc(status));
      httpRequests(`${route} ${code}`, () => ({ route, status: code }));
      httpDuration.observe({ route }, seconds);
    },
    operation(type: string) {
      const known = type === 'query' || type === 'mutation' || type === 'subscription';
      const label = known ? type : 'unknown';
      operations(label, () => ({ type: label }));
    },
    graphqlError(code: unknown) {
      const label = errorCodeLabel(code);
      errors(label, () => ({ code: label }));
    },
  };
}

/** The upstream operation as a label: the catalog's names, bounded in number. */
function operationLabels(): (name: string) => string {
  const seen = new Set<string>();
  return (name) => {
    if (!OPERATION_NAME.test(name)) return 'other';
    if (seen.has(name)) return name;
    if (seen.size >= MAX_UPSTREAM_OPERATIONS) return 'other';
    seen.add(name);
    return name;
  };
}

/** Cache lookups, and the hit ratio since start. */
function cacheMetrics(registers: Registers) {
  const lookups = summedCounter({
    name: 'svc_upstream_cache_lookups_total',
    help: 'Upstream cache lookups, by operation and result (hit, miss, bypass)',
    labelNames: ['operation', 'result'] as const,
    registers,
  });
  let hits = 0;
  let misses = 0;
  new Gauge({
    name: 'svc_upstream_cache_hit_ratio',
    help: 'Cache hits / (hits + misses) since start; 0 before the first cacheable call',
    registers,
    collect() {
      this.set(hits + misses === 0 ? 0 : hits / (hits + misses));
    },
  });
  return (operation: string, cache: UpstreamCallEvent['cache']) => {
    const result = cache === 'hit' || cache === 'miss' ? cache : 'bypass';
    lookups(`${operation} ${result}`, () => ({ operation, result }));
    if (result === 'hit') hits += 1;
    if (result === 'miss') misses += 1;
  };
}

/** Upstream calls: outcome, duration, cache lookups and budget waits. */
function upstreamMetrics(registers: Registers): (event: UpstreamCallEvent) => void {
  const calls = summedCounter({
    name: 'svc_upstream_calls_total',
    help: 'Upstream REST calls, by catalog operation and outcome',
    labelNames: ['operation', 'outcome'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'svc_upstream_call_duration_seconds',
    help: 'Upstream call duration including retries and budget waits, by operation',
    labelNames: ['operation'] as const,
    buckets: DURATION_BUCKETS_S,
    registers,
  });
  const cacheLookup = cacheMetrics(registers);
  const budgetWaits = summedCounter({
    name: 'svc_upstream_budget_waits_total',
    help: 'Upstream calls that waited for the shared rate budget, by operation',
    labelNames: ['operation'] as const,
    registers,
  });
  const budgetWaitSeconds = new Histogram({
    name: 'svc_upstream_budget_wait_seconds',
    help: 'Time spent waiting for the shared upstream rate budget (calls that waited)',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers,
  });
  const operationLabel = operationLabels();
  return (event) => {
    const operation = operationLabel(event.operation);
    const outcome = UPSTREAM_OUTCOMES.has(event.outcome) ? event.outcome : 'other';
    calls(`${operation} ${outcome}`, () => ({ operation, outcome }));
    duration.observe({ operation }, event.durationMs / 1000);
    cacheLookup(operation, event.cache);
    if (event.budgetWaitMs > 0) {
      budgetWaits(operation, () => ({ operation }));
      budgetWaitSeconds.observe(event.budgetWaitMs / 1000);
    }
  };
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): GatewayMetrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  return {
    registry,
    contentType: registry.contentType,
    ...requestMetrics([registry]),
    upstreamCall: upstreamMetrics([registry]),
    render: () => registry.metrics(),
  };
}
