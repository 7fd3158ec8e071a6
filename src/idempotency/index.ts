/**
 * Exactly-once mutations (DESIGN.md decision 13): the records, the placeOrder and
 * placeAlgoOrder guards, the wallet nonces sent and the Idempotency-Key plugin's settings,
 * built once per gateway on its store.
 */
import type { Registry } from 'prom-client';
import type { UpstreamConfig } from '../config.ts';
import type { Logger } from '../observability/logger.ts';
import type { Store } from '../upstream/stores/store.ts';
import { AlgoIdempotency } from './algo.ts';
import { type BatchAccount, type PlacedBatch, placeBatchOnce } from './batch.ts';
import { createIdempotencyMetrics, type IdempotencyMetrics, NO_METRICS } from './metrics.ts';
import { NonceLedger } from './nonces.ts';
import { OrderIdempotency } from './orders.ts';
import { IdempotencyRecords, RECORD_TTL_MS } from './records.ts';

export interface Idempotency {
  readonly records: IdempotencyRecords;
  readonly orders: OrderIdempotency;
  /** placeAlgoOrder by the caller's clientOrderId, as placeOrder. */
  readonly algoOrders: AlgoIdempotency;
  placeBatch(
    account: BatchAccount,
    items: Parameters<typeof placeBatchOnce>[2],
  ): Promise<PlacedBatch>;
  readonly metrics: IdempotencyMetrics;
  /** Wallet nonces already sent (withdrawals, settlements): each goes upstream once. */
  readonly nonces: NonceLedger;
  /** Longest one mutation may hold its key in flight. */
  readonly leaseMs: number;
}

/** Scheduling slack on top of the upstream arithmetic. */
const MARGIN_MS = 1_000;

/**
 * The longest a placement runs: each send may time out and be followed by a read-back (a whole
 * read: every attempt timing out), repeated `retry.max` times; plus a budget wait — and never
 * past the operation's deadline (`deadlineMs`, src/upstream/deadline.ts), which bounds it all.
 */
export function placementBoundMs(
  upstream: Pick<UpstreamConfig, 'timeoutMs' | 'retry' | 'budgetWaitMs' | 'deadlineMs'>,
): number {
  const { timeoutMs, retry, budgetWaitMs, deadlineMs } = upstream;
  const attempts = retry.max + 1;
  const read = attempts * (timeoutMs + retry.capMs);
  const arithmetic = attempts * (timeoutMs + retry.capMs + read) + budgetWaitMs;
  return Math.min(arithmetic, deadlineMs ?? arithmetic) + MARGIN_MS;
}

export interface IdempotencyOptions {
  store: Store;
  upstream: Pick<UpstreamConfig, 'timeoutMs' | 'retry' | 'budgetWaitMs' | 'deadlineMs'>;
  registry?: Registry;
  logger?: Logger;
  /** @default RECORD_TTL_MS (24 h) */
  ttlMs?: number;
  now?: () => number;
}

export function createIdempotency(options: IdempotencyOptions): Idempotency {
  const { store, logger, now } = options;
  const records = new IdempotencyRecords({
    store,
    ttlMs: options.ttlMs ?? RECORD_TTL_MS,
    ...(now ? { now } : {}),
  });
  const metrics = options.registry ? createIdempotencyMetrics(options.registry) : NO_METRICS;
  const leaseMs = placementBoundMs(options.upstream);
  const shared = {
    records,
    leaseMs,
    metrics,
    ...(logger ? { logger } : {}),
    ...(now ? { now } : {}),
  };
  return {
    records,
    orders: new OrderIdempotency(shared),
    algoOrders: new AlgoIdempotency(shared),
    placeBatch: (account, items) => placeBatchOnce(shared, account, items),
    metrics,
    nonces: new NonceLedger(store, options.ttlMs ?? RECORD_TTL_MS),
    leaseMs,
  };
}
