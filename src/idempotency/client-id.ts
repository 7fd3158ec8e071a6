/**
 * Placements exactly once per (account, kind, client_order_id), across retries and replicas:
 * the core shared by placeOrder (orders.ts) and placeAlgoOrder (algo.ts). What differs between
 * the two (the send, the read-back by client_order_id, what makes a record "the same") is the
 * `ClientIdPlacement` each passes in.
 *
 *   first call        claims the record (in flight), sends, stores what it got → replayed: false
 *   same fields again the stored answer                                     → replayed: true
 *   other fields      IDEMPOTENCY_MISMATCH, nothing sent
 *   concurrent repeat waits for the running call (polling the record with backoff, at most
 *                     the placement's own bound) and replays its answer; if that call ended
 *                     ambiguously it answers UPSTREAM_UNAVAILABLE like the first; if still
 *                     running, IDEMPOTENCY_IN_PROGRESS with retryAfterMs
 *   after an ambiguous failure (the record says `unknown`, or a lease expired) the retry first
 *                     reads the placement back by its client_order_id: found with the same
 *                     fields → replayed: true (an earlier call placed it), nothing sent; not
 *                     found → sent again with the same client_order_id, and what this call
 *                     then places → replayed: false. A -1007 to that send (the earlier call's
 *                     placement landed meanwhile) is resolved by reading it back and replaying
 *                     it when its fields match
 *
 * With the store down (Redis unreachable) the call runs without a record: the same -1007
 * resolution still gives one placement, but concurrent repeats may each reach the upstream.
 */

import type { Logger } from '../observability/logger.ts';
import { DUPLICATE_CODE } from '../upstream/error-map.ts';
import { UnavailableError, UpstreamRejectedError } from '../upstream/errors.ts';
import { idempotencyInProgress, idempotencyMismatch } from './errors.ts';
import { clientIdRecordKey } from './keys.ts';
import { type IdempotencyMetrics, NO_METRICS } from './metrics.ts';
import type { IdempotencyRecords, Lease } from './records.ts';

/** One kind of placement keyed by client_order_id, for one account. */
export interface ClientIdPlacement<P, C, R> {
  /** The store's namespace and the metrics' `kind`. */
  kind: 'order' | 'algo';
  /** Catalog name of the send (in errors). */
  operation: string;
  accountId: string;
  clientOrderId: string;
  /** What makes two calls "the same" (never the signature). */
  fingerprint: string;
  send(params: P): Promise<C>;
  /** The placement the upstream holds under `clientOrderId`; throws when it has none. */
  readBack(clientOrderId: string): Promise<R>;
  /** Whether what was read back is the placement `params` describe. */
  same(params: P, record: R): boolean;
  /** The answer to replay, from what was read back. */
  answerOf(record: R): C;
}

export interface ClientIdPlaced<C> {
  created: C;
  /** True when this answer is an earlier call's placement, not a new one. */
  replayed: boolean;
}

export interface ClientIdOptions {
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

export class ClientIdIdempotency {
  readonly #o: Required<Omit<ClientIdOptions, 'logger'>> & { logger?: Logger };

  constructor(options: ClientIdOptions) {
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
  async place<P, C, R>(p: ClientIdPlacement<P, C, R>, params: P): Promise<ClientIdPlaced<C>> {
    const { kind, clientOrderId: id, fingerprint } = p;
    const key = clientIdRecordKey(kind, p.accountId, id);
    const { records, metrics } = this.#o;
    const until = this.#o.now() + this.#o.leaseMs;
    let waited = false;
    for (;;) {
      let claim: Awaited<ReturnType<IdempotencyRecords['claim']>>;
      try {
        claim = await records.claim(key, fingerprint, this.#o.leaseMs);
      } catch (error) {
        metrics.storeError(kind);
        this.#o.logger?.warn(
          { error: String(error), kind },
          'idempotency store failed: placing without a record (the upstream still refuses a duplicate client_order_id)',
        );
        return this.#send(p, params, null);
      }
      switch (claim.kind) {
        case 'owner':
          if (waited) metrics.inFlight(kind, 'taken_over');
          return this.#send(p, params, claim.lease);
        case 'done':
          metrics.replay(kind);
          if (waited) metrics.inFlight(kind, 'replayed');
          return { created: claim.outcome as C, replayed: true };
        case 'mismatch':
          metrics.mismatch(kind);
          throw idempotencyMismatch(`clientOrderId ${id}`, 'clientOrderId');
        case 'in-flight': {
          const next = await this.#waitWhileInFlight(key, Math.min(until, claim.deadline));
          waited = true;
          if (next === 'unknown') {
            metrics.inFlight(kind, 'unavailable');
            throw new UnavailableError(
              p.operation,
              'retry_later',
              `a concurrent placement of client_order_id ${id} ended without a clear answer; retry`,
            );
          }
          if (next === 'in-flight' && this.#o.now() >= until) {
            metrics.inFlight(kind, 'in_progress');
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

  async #send<P, C, R>(
    p: ClientIdPlacement<P, C, R>,
    params: P,
    lease: Lease | null,
  ): Promise<ClientIdPlaced<C>> {
    if (lease && lease.previous !== 'none') {
      // An earlier call may have placed it: only its placement is a replay, so look first.
      // Not found, or the read failed: the send decides (a -1007 is resolved below).
      const earlier = await p.readBack(p.clientOrderId).catch(() => null);
      if (earlier) return this.#replayFound(p, params, lease, earlier);
    }
    try {
      const created = await p.send(params);
      await this.#settle(p.kind, lease, 'complete', created);
      // This call's send placed it (answered, or found by the client's own read-back).
      return { created, replayed: false };
    } catch (error) {
      if (isDuplicate(error)) return this.#resolveDuplicate(p, params, lease, error);
      await this.#settle(p.kind, lease, isAmbiguous(error) ? 'unknown' : 'release');
      throw error;
    }
  }

  /** -1007: the client_order_id exists upstream. The same placement → replay it; another → mismatch. */
  async #resolveDuplicate<P, C, R>(
    p: ClientIdPlacement<P, C, R>,
    params: P,
    lease: Lease | null,
    duplicate: unknown,
  ): Promise<ClientIdPlaced<C>> {
    let record: R;
    try {
      record = await p.readBack(p.clientOrderId);
    } catch (error) {
      await this.#settle(p.kind, lease, 'unknown');
      throw isAmbiguous(error) ? error : duplicate;
    }
    return this.#replayFound(p, params, lease, record);
  }

  /** A placement an earlier call made: replayed when it is this one, else a mismatch. */
  async #replayFound<P, C, R>(
    p: ClientIdPlacement<P, C, R>,
    params: P,
    lease: Lease | null,
    record: R,
  ): Promise<ClientIdPlaced<C>> {
    if (!p.same(params, record)) {
      await this.#settle(p.kind, lease, 'release');
      this.#o.metrics.mismatch(p.kind);
      throw idempotencyMismatch(`clientOrderId ${p.clientOrderId}`, 'clientOrderId');
    }
    const created = p.answerOf(record);
    await this.#settle(p.kind, lease, 'complete', created);
    this.#o.metrics.replay(p.kind);
    return { created, replayed: true };
  }

  /** Moves the record on; a store failure here only loses the record (logged), never the answer. */
  async #settle(
    kind: ClientIdPlacement<unknown, unknown, unknown>['kind'],
    lease: Lease | null,
    how: 'complete' | 'unknown' | 'release',
    outcome?: unknown,
  ): Promise<void> {
    if (!lease) return;
    const { records } = this.#o;
    try {
      if (how === 'complete') await records.complete(lease, outcome);
      else if (how === 'unknown') await records.markUnknown(lease);
      else await records.release(lease);
    } catch (error) {
      this.#o.metrics.storeError(kind);
      this.#o.logger?.warn({ error: String(error), how, kind }, 'idempotency record not updated');
    }
  }
}
