/**
 * Idempotency counters on the gateway's registry. Labels are fixed lists: `kind` is `order`
 * (an order's client_order_id), `algo` (an algo order's) or `key` (Idempotency-Key); keys and
 * operations never become labels.
 */
import { Counter, type Registry } from 'prom-client';

export type IdempotencyKind = 'order' | 'algo' | 'key';
/** How a wait for another request's run ended. */
export type WaitOutcome = 'replayed' | 'unavailable' | 'in_progress' | 'taken_over';

export interface IdempotencyMetrics {
  replay(kind: IdempotencyKind): void;
  mismatch(kind: IdempotencyKind): void;
  /** A repeat found the key in flight and waited (orders) or was told to retry (keys). */
  inFlight(kind: IdempotencyKind, outcome: WaitOutcome): void;
  /** The store failed: the request ran without a record. */
  storeError(kind: IdempotencyKind): void;
}

export const NO_METRICS: IdempotencyMetrics = {
  replay() {},
  mismatch() {},
  inFlight() {},
  storeError() {},
};

export function createIdempotencyMetrics(registry: Registry): IdempotencyMetrics {
  const registers = [registry];
  const replays = new Counter({
    name: 'svc_idempotency_replays_total',
    help: 'Repeated mutations answered with the stored result, by key kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const mismatches = new Counter({
    name: 'svc_idempotency_mismatches_total',
    help: 'Keys reused with other parameters (IDEMPOTENCY_MISMATCH), by key kind',
    labelNames: ['kind'] as const,
    registers,
  });
  const waits = new Counter({
    name: 'svc_idempotency_in_flight_total',
    help: 'Repeats that met their key in flight, by key kind and how the wait ended',
    labelNames: ['kind', 'outcome'] as const,
    registers,
  });
  const storeErrors = new Counter({
    name: 'svc_idempotency_store_errors_total',
    help: 'Mutations run without an idempotency record because the store failed',
    labelNames: ['kind'] as const,
    registers,
  });
  return {
    replay: (kind) => replays.inc({ kind }),
    mismatch: (kind) => mismatches.inc({ kind }),
    inFlight: (kind, outcome) => waits.inc({ kind, outcome }),
    storeError: (kind) => storeErrors.inc({ kind }),
  };
}
