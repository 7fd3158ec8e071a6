/**
 * Parse, validate and execute durations as Prometheus histograms
 * (`graphql_envelop_phase_{parse,validate,execute}_bucket…`), from
 * `@graphql-yoga/plugin-prometheus`, on the gateway's own registry. Only these three: the
 * request, error and HTTP metrics stay ours (`use-metrics.ts`, bounded labels). The only label
 * is the operation type; the operation name is a caller's free text, so it is off.
 */
import { createHistogram, usePrometheus } from '@graphql-yoga/plugin-prometheus';
import type { Plugin } from 'graphql-yoga';
import type { Registry } from 'prom-client';

/** Seconds: parse and validate take well under a millisecond, execute up to the upstream timeout. */
export const PHASE_BUCKETS_S: [number, ...number[]] = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

/**
 * One label object per operation type, made once: the plugin's default label function copies
 * and filters a fresh object on every observation (about a third of its cost per request).
 */
const TYPE_LABELS: Record<string, { operationType: string }> = {
  query: { operationType: 'query' },
  mutation: { operationType: 'mutation' },
  subscription: { operationType: 'subscription' },
};

const phaseHistogram = <Phase extends 'parse' | 'validate' | 'execute'>(
  registry: Registry,
  phase: Phase,
  name: string,
  help: string,
) =>
  createHistogram({
    registry,
    phases: [phase],
    histogram: { name, help, labelNames: ['operationType'] as const, buckets: PHASE_BUCKETS_S },
    fillLabelsFn: (params) =>
      TYPE_LABELS[params.operationType ?? ''] ?? { operationType: String(params.operationType) },
  });

export function usePhaseMetrics(registry: Registry): Plugin {
  return usePrometheus({
    registry,
    // The admin listener (src/admin/listener.ts) serves /metrics from the same registry.
    endpoint: false,
    metrics: {
      graphql_envelop_phase_parse: phaseHistogram(
        registry,
        'parse',
        'graphql_envelop_phase_parse',
        'Time spent on running GraphQL "parse" function',
      ),
      graphql_envelop_phase_validate: phaseHistogram(
        registry,
        'validate',
        'graphql_envelop_phase_validate',
        'Time spent on running GraphQL "validate" function',
      ),
      graphql_envelop_phase_execute: phaseHistogram(
        registry,
        'execute',
        'graphql_envelop_phase_execute',
        'Time spent on running the GraphQL "execute" function',
      ),
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
