/**
 * Idempotency records in the shared store (Redis when configured, so every replica sees the
 * same ones; memory otherwise). One string per key, JSON, 24 h time to live:
 *
 *   in-flight  { fingerprint, owner, deadline }  one request is running it; others wait or
 *                                                are told to retry; after `deadline` (its
 *                                                replica died) the next one takes it over
 *   unknown    { fingerprint }                   the run ended ambiguously (the upstream may
 *                                                have acted): the next run must find out first
 *   done       { fingerprint, outcome }          replayed to every repeat with the fingerprint
 *
 * Every change is atomic: created with SET NX, then changed only by compare-and-set against
 * the exact value its owner wrote, so a run whose lease was taken over cannot overwrite the
 * new owner's record. Hand-written: no maintained library keeps such records on ioredis with
 * a memory twin (the store abstraction is what both the cache and the limiter share).
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../upstream/stores/store.ts';

/** How long a record is kept: the window within which a repeat is recognised. */
export const RECORD_TTL_MS = 24 * 60 * 60 * 1_000;

export type RecordState =
  | { state: 'in-flight'; fingerprint: string; owner: string; deadline: number }
  | { state: 'unknown'; fingerprint: string }
  | { state: 'done'; fingerprint: string; outcome: unknown };

/** What `claim` found. */
export type Claim =
  /** This call runs it (and must `complete`, `release` or `markUnknown`). */
  | { kind: 'owner'; lease: Lease }
  | { kind: 'done'; outcome: unknown }
  /** The key was used with other parameters. */
  | { kind: 'mismatch' }
  /** Another request is running it until about `deadline`. */
  | { kind: 'in-flight'; deadline: number };

export interface Lease {
  readonly key: string;
  readonly fingerprint: string;
  /** The record's exact value as this owner wrote it (the compare-and-set token). */
  readonly raw: string;
  /** What the key held before: `unknown` or an expired in-flight means "find out first". */
  readonly previous: 'none' | 'unknown' | 'expired';
}

interface Stored {
  v: 1;
  s: 'f' | 'u' | 'd';
  fp: string;
  o?: string;
  dl?: number;
  out?: unknown;
}

function parse(raw: string): RecordState | null {
  try {
    const r = JSON.parse(raw) as Stored;
    if (r.v !== 1 || typeof r.fp !== 'string') return null;
    if (r.s === 'f') {
      return { state: 'in-flight', fingerprint: r.fp, owner: String(r.o), deadline: Number(r.dl) };
    }
    if (r.s === 'u') return { state: 'unknown', fingerprint: r.fp };
    if (r.s === 'd') return { state: 'done', fingerprint: r.fp, outcome: r.out };
    return null;
  } catch {
    return null;
  }
}

export interface IdempotencyRecordsOptions {
  store: Store;
  /** @default RECORD_TTL_MS */
  ttlMs?: number;
  now?: () => number;
}

export class IdempotencyRecords {
  readonly #store: Store;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: IdempotencyRecordsOptions) {
    this.#store = options.store;
    this.#ttlMs = options.ttlMs ?? RECORD_TTL_MS;
    this.#now = options.now ?? Date.now;
  }

  get storeKind(): Store['kind'] {
    return this.#store.kind;
  }

  async read(key: string): Promise<RecordState | null> {
    const raw = await this.#store.get(key);
    return raw === null ? null : parse(raw);
  }

  /**
   * Takes the key for a run of `fingerprint` lasting at most `leaseMs`, or says why not.
   * Throws when the store fails (the caller decides how to go on without it).
   */
  async claim(key: string, fingerprint: string, leaseMs: number): Promise<Claim> {
    // A few rounds: each lost race means another request changed the record meanwhile.
    for (let round = 0; round < 5; round++) {
      const mine = this.#inFlight(fingerprint, leaseMs);
      // Most keys are new: SET NX first, so a first call costs one store round trip, not two.
      if (await this.#store.setIfAbsent(key, mine, this.#ttlMs)) {
        return { kind: 'owner', lease: { key, fingerprint, raw: mine, previous: 'none' } };
      }
      const raw = await this.#store.get(key);
      if (raw === null) continue; // released or expired meanwhile
      const record = parse(raw);
      // A record this version cannot read is taken over as if its outcome were unknown.
      if (record && record.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (record?.state === 'done') return { kind: 'done', outcome: record.outcome };
      if (record?.state === 'in-flight' && record.deadline > this.#now()) {
        return { kind: 'in-flight', deadline: record.deadline };
      }
      const previous = record?.state === 'in-flight' ? 'expired' : 'unknown';
      if (await this.#store.compareAndSet(key, raw, mine, this.#ttlMs)) {
        return { kind: 'owner', lease: { key, fingerprint, raw: mine, previous } };
      }
    }
    return { kind: 'in-flight', deadline: this.#now() + 100 };
  }

  /** Records the outcome to replay. False when the lease was lost (taken over meanwhile). */
  complete(lease: Lease, outcome: unknown): Promise<boolean> {
    const done: Stored = { v: 1, s: 'd', fp: lease.fingerprint, out: outcome };
    return this.#store.compareAndSet(lease.key, lease.raw, JSON.stringify(done), this.#ttlMs);
  }

  /** The run ended ambiguously: the next claimer must find out what happened. */
  markUnknown(lease: Lease): Promise<boolean> {
    const unknown: Stored = { v: 1, s: 'u', fp: lease.fingerprint };
    return this.#store.compareAndSet(lease.key, lease.raw, JSON.stringify(unknown), this.#ttlMs);
  }

  /** Nothing happened (refused before any effect): the key is free again. */
  release(lease: Lease): Promise<boolean> {
    return this.#store.compareAndSet(lease.key, lease.raw, null, this.#ttlMs);
  }

  #inFlight(fingerprint: string, leaseMs: number): string {
    const record: Stored = {
      v: 1,
      s: 'f',
      fp: fingerprint,
      o: randomUUID(),
      dl: this.#now() + leaseMs,
    };
    return JSON.stringify(record);
  }
}
