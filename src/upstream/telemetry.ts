/**
 * Telemetry hook: one event per call of a catalog operation — outcome, duration, cache use,
 * time spent waiting for budget, HTTP attempts — for the gateway's metrics. A throwing
 * listener never breaks a call.
 */
import { UpstreamError } from './errors.ts';
import type { Layer } from './pipeline.ts';

export interface UpstreamCallEvent {
  operation: string;
  outcome: 'ok' | 'rejected' | 'rate_limited' | 'unauthorized' | 'unavailable' | 'malformed';
  durationMs: number;
  cache: 'hit' | 'miss' | 'bypass';
  budgetWaitMs: number;
  attempts: number;
}

export function outcomeOf(error: unknown): UpstreamCallEvent['outcome'] {
  if (error instanceof UpstreamError) return error.kind;
  // Local refusals before any I/O (bad client_order_id, missing trading secret).
  if (error instanceof TypeError || error instanceof RangeError) return 'rejected';
  return 'unavailable';
}

export function withTelemetry(emit: ((event: UpstreamCallEvent) => void) | undefined): Layer {
  return (next) => async (call) => {
    if (!emit) return next(call);
    const started = performance.now();
    let outcome: UpstreamCallEvent['outcome'] = 'ok';
    try {
      return await next(call);
    } catch (error) {
      outcome = outcomeOf(error);
      throw error;
    } finally {
      try {
        emit({
          operation: call.op.name,
          outcome,
          durationMs: performance.now() - started,
          cache: call.stats.cache,
          budgetWaitMs: call.stats.budgetWaitMs,
          attempts: call.stats.attempts,
        });
      } catch {
        // Metrics must not change the result of a call.
      }
    }
  };
}
