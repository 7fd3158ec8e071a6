/**
 * Metrics of upstream calls, fed by the client's telemetry: outcome, duration, cache lookups
 * and waits for the shared rate budget. The operation label is the catalog's name, bounded in
 * number; outcomes outside the known list count as `other`.
 */
import { Gauge, type Registry } from 'prom-client';
import { batchedHistogram } from '../admin/batched-histogram.ts';
import { DURATION_BUCKETS_S, summedCounter } from '../admin/summed-counter.ts';
import type { UpstreamCallEvent } from './telemetry.ts';

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

type Registers = Registry[];

type OperationLabels = { operation: string };

/**
 * The upstream operation as a label object (one per name, made once): the catalog's names,
 * bounded in number.
 */
function operationLabels(): (name: string) => OperationLabels {
  const seen = new Map<string, OperationLabels>();
  const other = { operation: 'other' };
  return (name) => {
    const known = seen.get(name);
    if (known) return known;
    if (!OPERATION_NAME.test(name) || seen.size >= MAX_UPSTREAM_OPERATIONS) return other;
    const labels = { operation: name };
    seen.set(name, labels);
    return labels;
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

/** Registers the upstream call metrics in `registry`; returns the client's telemetry sink. */
export function registerUpstreamCallMetrics(
  registry: Registry,
): (event: UpstreamCallEvent) => void {
  const registers = [registry];
  const calls = summedCounter({
    name: 'svc_upstream_calls_total',
    help: 'Upstream REST calls, by catalog operation and outcome',
    labelNames: ['operation', 'outcome'] as const,
    registers,
  });
  const duration = batchedHistogram({
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
  const budgetWaitSeconds = batchedHistogram({
    name: 'svc_upstream_budget_wait_seconds',
    help: 'Time spent waiting for the shared upstream rate budget (calls that waited)',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers,
  });
  const operationLabel = operationLabels();
  const noLabels = {};
  return (event) => {
    const labels = operationLabel(event.operation);
    const operation = labels.operation;
    const outcome = UPSTREAM_OUTCOMES.has(event.outcome) ? event.outcome : 'other';
    calls(`${operation} ${outcome}`, () => ({ operation, outcome }));
    duration.observe(labels, event.durationMs / 1000);
    cacheLookup(operation, event.cache);
    if (event.budgetWaitMs > 0) {
      budgetWaits(operation, () => labels);
      budgetWaitSeconds.observe(noLabels, event.budgetWaitMs / 1000);
    }
  };
}
