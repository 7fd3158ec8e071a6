/**
 * placeOrder exactly once per (account, client_order_id), across retries and replicas.
 *
 *   first call        claims the record (in flight), sends, stores the order it got → replayed: false
 *   same fields again the stored order                                              → replayed: true
 *   other fields      IDEMPOTENCY_MISMATCH, nothing sent
 *   concurrent repeat waits for the running call (polling the record with backoff, at most
 *                     the placement's own bound) and replays its order; if that call ended
 *                     ambiguously it answers UPSTREAM_UNAVAILABLE like the first; if still
 *                     running, IDEMPOTENCY_IN_PROGRESS with retryAfterMs
 *   after an ambiguous failure (the record says `unknown`, or a lease expired) the retry first
 *                     reads the order back by its client_order_id: found with the same fields
 *                     → replayed: true (an earlier call placed it), nothing sent; not found →
 *                     sent again with the same client_order_id, and the order this call then
 *                     places (answered, or found by its own read-back) → replayed: false. A
 *                     -1007 to that send (the earlier call's order landed meanwhile) is
 *                     resolved by reading the order back and replaying it when its fields match
 *
 * With the store down (Redis unreachable) the call runs without a record: the same -1007
 * resolution still gives one order, but concurrent repeats may each reach the upstream.
 * Without a clientOrderId there is no key: the upstream client generates one per call.
 */

import type { CreateOrderParams, OrderCreated, OrderRecord } from '../contract/wire.ts';
import type { Logger } from '../observability/logger.ts';
import { DUPLICATE_CODE } from '../upstream/error-map.ts';
import { UnavailableError, UpstreamRejectedError } from '../upstream/errors.ts';
import { createdFromRecord } from '../upstream/order-params.ts';
import { idempotencyInProgress, idempotencyMismatch } from './errors.ts';
import { orderFingerprint } from './fingerprint.ts';
import { orderRecordKey } from './keys.ts';
import { type IdempotencyMetrics, NO_METRICS } from './metrics.ts';
import { sameOrder } from './order-match.ts';
import type { IdempotencyRecords, Lease } from './records.ts';

/** The account methods a placement needs. */
export interface OrderAccount {
  readonly accountId: string;
  createOrder(params: CreateOrderParams): Promise<OrderCreated>;
  orderByClientOrderId(clientOrderId: string): Promise<OrderRecord>;
}

export interface Placed {
  created: OrderCreated;
  /** True when this answer is an earlier call's order, not a new placement. */
  replayed: boolean;
}

export interface OrderIdempotencyOptions {
  records: IdempotencyRecords;
  /** Longest one placement runs (sends, read-backs, backoffs): the in-flight lease. */
  leaseMs: number;
  metrics?: IdempotencyMetrics;
  logger?: Logger;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const isDuplicate = (error: unknown): boolean =>
  error instanceof UpstreamRejectedError &&
  (error.upstreamCode === DUPLICATE_CODE || error.httpStatus === 409);
export const isAmbiguous = (error: unknown): boolean =>
  error instanceof Error &&
  ((error as { kind?: string }).kind === 'unavailable' ||
    (error as { kind?: string }).kind === 'malformed');

export class OrderIdempotency {
  readonly #o: Required<Omit<OrderIdempotencyOptions, 'logger'>> & { logger?: Logger };

  constructor(options: OrderIdempotencyOptions) {
    this.#o = {
      metrics: NO_METRICS,
      now: Date.now,
      sleep: realSleep,
      ...options,
    };
  }

  get leaseMs(): number {
    return this.#o.leaseMs;
  }

  /** Places `params` once; see the file comment for every case. */
  async place(account: OrderAccount, params: CreateOrderParams): Promise<Placed> {
    const id = params.client_order_id;
    if (!id) return { created: await account.createOrder(params), replayed: false };
    const key = orderRecordKey(account.accountId, id);
    const fingerprint = orderFingerprint(params);
    const { records, metrics } = this.#o;
    const until = this.#o.now() + this.#o.leaseMs;
    let waited = false;
    for (;;) {
      let claim: Awaited<ReturnType<IdempotencyRecords['claim']>>;
      try {
        claim = await records.claim(key, fingerprint, this.#o.leaseMs);
      } catch (error) {
        metrics.storeError('order');
        this.#o.logger?.warn(
          { error: String(error) },
          'idempotency store failed: placing without a record (the upstream still refuses a duplicate client_order_id)',
        );
        return this.#send(account, params, null);
      }
      switch (claim.kind) {
        case 'owner':
          if (waited) metrics.inFlight('order', 'taken_over');
          return this.#send(account, params, claim.lease);
        case 'done':
          metrics.replay('order');
          if (waited) metrics.inFlight('order', 'replayed');
          return { created: claim.outcome as OrderCreated, replayed: true };
        case 'mismatch':
          metrics.mismatch('order');
          throw idempotencyMismatch(`clientOrderId ${id}`, 'clientOrderId');
        case 'in-flight': {
          const next = await this.#waitWhileInFlight(key, Math.min(until, claim.deadline));
          waited = true;
          if (next === 'unknown') {
            metrics.inFlight('order', 'unavailable');
            throw new UnavailableError(
              'createOrder',
              'retry_later',
              `a concurrent placement of client_order_id ${id} ended without a clear answer; retry`,
            );
          }
          if (next === 'in-flight' && this.#o.now() >= until) {
            metrics.inFlight('order', 'in_progress');
            throw idempotencyInProgress(`clientOrderId ${id}`, claim.deadline - this.#o.now());
          }
          // done, released or expired: claim again (replays, or takes over).
        }
      }
    }
  }

  /** Polls the record with backoff until it leaves in-flight or `until` passes. */
  async #waitWhileInFlight(key: string, until: number): Promise<'in-flight' | 'unknown' | 'other'> {
    for (let delay = 10; ; delay = Math.min(delay * 2, 200)) {
      await this.#o.sleep(Math.max(1, Math.min(delay, until - this.#o.now())));
      const record = await this.#o.records.read(key).catch(() => null);
      if (record?.state === 'unknown') return 'unknown';
      if (record?.state !== 'in-flight') return 'other';
      if (this.#o.now() >= until || record.deadline <= this.#o.now()) return 'in-flight';
    }
  }

  async #send(account: OrderAccount, params: CreateOrderParams, lease: Lease | null) {
    if (lease && lease.previous !== 'none') {
      // An earlier call may have placed it: only its order is a replay, so look before sending.
      // Not found, or the read failed: the send decides (a -1007 is resolved below).
      const earlier = await account
        .orderByClientOrderId(String(params.client_order_id))
        .catch(() => null);
      if (earlier) return this.#replayFound(params, lease, earlier);
    }
    try {
      const created = await account.createOrder(params);
      await this.#settle(lease, 'complete', created);
      // This call's send placed it (answered, or found by the client's own read-back).
      return { created, replayed: false };
    } catch (error) {
      if (isDuplicate(error)) return this.#resolveDuplicate(account, params, lease, error);
      await this.#settle(lease, isAmbiguous(error) ? 'unknown' : 'release');
      throw error;
    }
  }

  /** -1007: the client_order_id exists upstream. The same order → replay it; another → mismatch. */
  async #resolveDuplicate(
    account: OrderAccount,
    params: CreateOrderParams,
    lease: Lease | null,
    duplicate: unknown,
  ): Promise<Placed> {
    let record: OrderRecord;
    try {
      record = await account.orderByClientOrderId(String(params.client_order_id));
    } catch (error) {
      await this.#settle(lease, 'unknown');
      throw isAmbiguous(error) ? error : duplicate;
    }
    return this.#replayFound(params, lease, record);
  }

  /** An order an earlier call placed: replayed when it is this one, else a mismatch. */
  async #replayFound(
    params: CreateOrderParams,
    lease: Lease | null,
    record: OrderRecord,
  ): Promise<Placed> {
    if (!sameOrder(params, record)) {
      await this.#settle(lease, 'release');
      this.#o.metrics.mismatch('order');
      throw idempotencyMismatch(`clientOrderId ${params.client_order_id}`, 'clientOrderId');
    }
    const created = createdFromRecord(record);
    await this.#settle(lease, 'complete', created);
    this.#o.metrics.replay('order');
    return { created, replayed: true };
  }

  /** Moves the record on; a store failure here only loses the record (logged), never the answer. */
  async #settle(
    lease: Lease | null,
    how: 'complete' | 'unknown' | 'release',
    outcome?: OrderCreated,
  ): Promise<void> {
    if (!lease) return;
    const { records } = this.#o;
    try {
      if (how === 'complete') await records.complete(lease, outcome);
      else if (how === 'unknown') await records.markUnknown(lease);
      else await records.release(lease);
    } catch (error) {
      this.#o.metrics.storeError('order');
      this.#o.logger?.warn({ error: String(error), how }, 'idempotency record not updated');
    }
  }
}
