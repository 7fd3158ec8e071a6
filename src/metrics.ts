/**
 * Prometheus metrics of one gateway: its own registry (never prom-client's global one), so
 * several gateways can live in one process (tests). Every label has a bounded set of values:
 * routes, operation types, error codes and upstream operations are mapped onto fixed lists,
 * and nothing a caller sends (operation names, tokens, variables) becomes a label.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { UpstreamCallEvent } from './upstream/client.ts';

/** Codes counted by name in `svc_graphql_errors_total`; anything else counts as OTHER. */
export const KNOWN_ERROR_CODES = new Set([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'UPSTREAM_REJECTED',
  'UPSTREAM_UNAVAILABLE',
  'INTERNAL',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'CSRF_REJECTED',
  'REQUEST_ENTITY_TOO_LARGE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_ONLY',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'PERSISTED_QUERY_HASH_MISMATCH',
  'PERSISTED_QUERY_ID_REQUIRED',
  'PERSISTED_QUERY_UNAVAILABLE',
  'OPERATION_RESOLUTION_FAILURE',
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

export function createMetrics(options: { defaultMetrics?: boolean } = {}): GatewayMetrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'svc_http_requests_total',
    help: 'HTTP requests answered, by route and status code',
    labelNames: ['route', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'HTTP request duration, by route',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const operations = new Counter({
    name: 'svc_graphql_operations_total',
    help: 'GraphQL operations executed, by operation type',
    labelNames: ['type'] as const,
    registers,
  });
  const errors = new Counter({
    name: 'svc_graphql_errors_total',
    help: 'Errors in GraphQL responses, by extensions.code',
    labelNames: ['code'] as const,
    registers,
  });
  const upstreamCalls = new Counter({
    name: 'svc_upstream_calls_total',
    help: 'Upstream REST calls, by catalog operation and outcome',
    labelNames: ['operation', 'outcome'] as const,
    registers,
  });
  const upstreamDuration = new Histogram({
    name: 'svc_upstream_call_duration_seconds',
    help: 'Upstream call duration including retries and budget waits, by operation',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const cacheLookups = new Counter({
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
  const budgetWaits = new Counter({
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

  const seenOperations = new Set<string>();
  const operationLabel = (name: string): string => {
    if (!OPERATION_NAME.test(name)) return 'other';
    if (seenOperations.has(name)) return name;
    if (seenOperations.size >= MAX_UPSTREAM_OPERATIONS) return 'other';
    seenOperations.add(name);
    return name;
  };

  return {
    registry,
    contentType: registry.contentType,
    httpRequest(path, status, seconds) {
      const route = routeLabel(path);
      httpRequests.inc({ route, status: String(Math.trunc(status)) });
      httpDuration.observe({ route }, seconds);
    },
    operation(type) {
      const known = type === 'query' || type === 'mutation' || type === 'subscription';
      operations.inc({ type: known ? type : 'unknown' });
    },
    graphqlError(code) {
      errors.inc({ code: errorCodeLabel(code) });
    },
    upstreamCall(event) {
      const operation = operationLabel(event.operation);
      const outcome = UPSTREAM_OUTCOMES.has(event.outcome) ? event.outcome : 'other';
      upstreamCalls.inc({ operation, outcome });
      upstreamDuration.observe({ operation }, event.durationMs / 1000);
      const result = event.cache === 'hit' || event.cache === 'miss' ? event.cache : 'bypass';
      cacheLookups.inc({ operation, result });
      if (result === 'hit') hits += 1;
      if (result === 'miss') misses += 1;
      if (event.budgetWaitMs > 0) {
        budgetWaits.inc({ operation });
        budgetWaitSeconds.observe(event.budgetWaitMs / 1000);
      }
    },
    render: () => registry.metrics(),
  };
}
