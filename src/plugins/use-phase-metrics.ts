/**
 * Parse, validate and execute durations as Prometheus histograms
 * (`graphql_envelop_phase_{parse,validate,execute}_bucket…`), from
 * `@graphql-yoga/plugin-prometheus`, on the gateway's own registry. Only these three: the
 * request, error and HTTP metrics stay ours (`use-metrics.ts`, bounded labels). The only label
 * is the operation type; the operation name is a caller's free text, so it is off.
 */
import { usePrometheus } from '@graphql-yoga/plugin-prometheus';
import type { Plugin } from 'graphql-yoga';
import type { Registry } from 'prom-client';

/** Seconds: parse and validate take well under a millisecond, execute up to the upstream timeout. */
export const PHASE_BUCKETS_S: [number, ...number[]] = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

export function usePhaseMetrics(registry: Registry): Plugin {
  return usePrometheus({
    registry,
    // The admin listener (src/admin.ts) serves /metrics from the same registry.
    endpoint: false,
    metrics: {
      graphql_envelop_phase_parse: PHASE_BUCKETS_S,
      graphql_envelop_phase_validate: PHASE_BUCKETS_S,
      graphql_envelop_phase_execute: PHASE_BUCKETS_S,
      graphql_envelop_request: false,
      graphql_envelop_request_duration: false,
      graphql_envelop_request_time_summary: false,
      graphql_envelop_phase_context: false,
      graphql_envelop_phase_subscribe: false,
      graphql_envelop_error_result: false,
      graphql_envelop_deprecated_field: false,
      graphql_envelop_schema_change: false,
      graphql_envelop_execute_resolver: false,
      graphql_yoga_http_duration: false,
    },
    labels: { operationName: false, operationType: true },
  });
}
