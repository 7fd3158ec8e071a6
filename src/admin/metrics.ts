/**
 * Prometheus metrics of one gateway: its own registry (never prom-client's global one), so
 * several gateways can live in one process (tests). Every label has a bounded set of values:
 * routes, operation types and error codes are mapped onto fixed lists, and nothing a caller
 * sends (operation names, tokens, variables) becomes a label.
 */
import { collectDefaultMetrics, Registry } from 'prom-client';
import { batchedHistogram } from './batched-histogram.ts';
import { errorCodeLabel, routeLabel } from './labels.ts';
import { DURATION_BUCKETS_S, summedCounter } from './summed-counter.ts';

export interface GatewayMetrics {
  readonly registry: Registry;
  /** One HTTP request answered. */
  httpRequest(path: string, status: number, seconds: number): void;
  /** One GraphQL operation executed (`type`: query, mutation, subscription). */
  operation(type: string): void;
  /** One error in a GraphQL response, by `extensions.code`. */
  graphqlError(code: unknown): void;
  /** The text served at /metrics. */
  render(): Promise<string>;
  readonly contentType: string;
}

type Registers = Registry[];

/** HTTP requests and GraphQL operations and errors. */
function requestMetrics(registers: Registers, errorCodes: ReadonlySet<string>) {
  const httpRequests = summedCounter({
    name: 'svc_http_requests_total',
    help: 'HTTP requests answered, by route and status code',
    labelNames: ['route', 'status'] as const,
    registers,
  });
  const httpDuration = batchedHistogram({
    name: 'svc_http_request_duration_seconds',
    help: 'HTTP request duration, by route',
    labelNames: ['route'] as const,
    buckets: DURATION_BUCKETS_S,
    registers,
  });
  // One label object per route (a handful), as the batched histogram wants.
  const routeLabels = new Map<string, { route: string }>();
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
      let labels = routeLabels.get(route);
      if (!labels) {
        labels = { route };
        routeLabels.set(route, labels);
      }
      httpDuration.observe(labels, seconds);
    },
    operation(type: string) {
      const known = type === 'query' || type === 'mutation' || type === 'subscription';
      const label = known ? type : 'unknown';
      operations(label, () => ({ type: label }));
    },
    graphqlError(code: unknown) {
      const label = errorCodeLabel(code, errorCodes);
      errors(label, () => ({ code: label }));
    },
  };
}

export interface MetricsOptions {
  /** Node's default process metrics in the registry. @default true */
  defaultMetrics?: boolean;
  /**
   * Error codes counted by name in `svc_graphql_errors_total`; others count as OTHER.
   * @default none
   */
  errorCodes?: ReadonlySet<string>;
}

/**
 * The registry and the shared HTTP/GraphQL request metrics; each area registers its own
 * metrics in `registry` (upstream calls, circuits, live fields, connections, idempotency).
 */
export function createMetrics(options: MetricsOptions = {}): GatewayMetrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry });
  return {
    registry,
    contentType: registry.contentType,
    ...requestMetrics([registry], options.errorCodes ?? new Set()),
    render: () => registry.metrics(),
  };
}
