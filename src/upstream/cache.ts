/**
 * Cache layer: per-account read cache in the store, in-process single-flight for identical
 * concurrent reads, invalidation after mutations. A store failure never fails a call: reads
 * become misses, writes are skipped, and `StoreHealth` reports it.
 *
 * Entries carry their own expiry (`e`, host clock) besides the store TTL, so an injected
 * clock governs freshness in tests. A read that was in flight when a mutation invalidated
 * its key is not written back (in-process; across replicas the TTL bounds staleness).
 *
 * A coalesced read runs under its leader's deadline, and is aborted only once every caller
 * waiting on it has gone away; each caller waits no longer than its own deadline.
 */
import type { UpstreamConfig } from '../config.ts';
import { cacheEntry, invalidatedKeys, ttlFor } from './cache-policy.ts';
import { type Deadline, SharedAbort } from './deadline.ts';
import type { StoreHealth } from './health.ts';
import type { Call, Layer } from './pipeline.ts';
import type { SingleFlight } from './single-flight.ts';
import type { Store } from './stores/store.ts';

export interface CacheLayerOptions {
  store: Store;
  health: StoreHealth;
  config: UpstreamConfig['cache'];
  flights: SingleFlight;
  now: () => number;
}

interface Stored {
  /** Expires at, host clock ms. */
  e: number;
  v: unknown;
}

/** Keys in the decoded-value memo; past this many it starts over. */
const MAX_DECODED = 5_000;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

export function withCache(options: CacheLayerOptions): Layer {
  const { store, health, config, flights, now } = options;
  /**
   * The last text read per entry and its decoded value. The store stays the only truth (every
   * read still asks it, so invalidations and other replicas' writes are seen at once); only
   * when it answers the very text decoded last time is that value reused instead of parsed
   * again. A reused value is shared by every caller that reads it: it is frozen.
   */
  const decoded = new Map<string, Map<string, { text: string; stored: Stored | undefined }>>();
  /** The deadline and abort of each flight in progress, for the callers that join it. */
  const shared = new WeakMap<Promise<unknown>, { abort: SharedAbort; deadline?: Deadline }>();

  const decode = (key: string, field: string, text: string): Stored | undefined => {
    let fields = decoded.get(key);
    const known = fields?.get(field);
    if (known !== undefined && known.text === text) return known.stored;
    let stored: Stored | undefined;
    try {
      const parsed = JSON.parse(text) as Stored;
      stored = typeof parsed?.e === 'number' ? deepFreeze(parsed) : undefined;
    } catch {
      stored = undefined;
    }
    if (!fields) {
      if (decoded.size >= MAX_DECODED) decoded.clear();
      fields = new Map();
      decoded.set(key, fields);
    }
    fields.set(field, { text, stored });
    return stored;
  };

  const read = async (key: string, field: string): Promise<Stored | undefined> => {
    const text = await health.guard(
      () => store.hget(key, field),
      () => null,
    );
    if (!text) return undefined;
    const stored = decode(key, field, text);
    return stored !== undefined && stored.e > now() ? stored : undefined;
  };

  const invalidate = async (call: Call): Promise<void> => {
    const keys = invalidatedKeys(call.op, call.scope);
    if (keys.length === 0) return;
    flights.invalidate(keys.map((key) => `${key}|`));
    // Not needed for correctness (reads compare texts), only to drop values nobody will read.
    for (const key of keys) decoded.delete(key);
    await health.guard(
      () => store.del(keys),
      () => 0,
    );
  };

  return (next) => async (call) => {
    const policy = call.op.cache;
    const entry = cacheEntry(call.op, call.scope, call.args);
    if (!policy || !entry || call.bypassCache) {
      call.stats.cache = 'bypass';
      if (call.op.invalidates.length === 0) return next(call);
      // Invalidate whether the mutation succeeded or ended ambiguously.
      try {
        return await next(call);
      } finally {
        await invalidate(call);
      }
    }
    if (config.enabled) {
      const hit = await read(entry.key, entry.field);
      if (hit) {
        call.stats.cache = 'hit';
        return hit.v;
      }
    }
    call.stats.cache = config.enabled ? 'miss' : 'bypass';
    const { deadline } = call;
    deadline?.check(call.op.name, 'coalesced read');
    // Made by the leader only: `work` runs at once when this call starts the flight.
    let lead: { abort: SharedAbort; deadline?: Deadline } | undefined;
    const { promise, leader } = flights.run(`${entry.key}|${entry.field}`, async (isStale) => {
      const abort = new SharedAbort();
      const flightCall = deadline ? { ...call, deadline: deadline.withSignal(abort.signal) } : call;
      lead = flightCall.deadline ? { abort, deadline: flightCall.deadline } : { abort };
      try {
        const data = await next(flightCall);
        const ttl = config.enabled ? ttlFor(policy, data, config) : 0;
        if (ttl > 0 && !isStale()) {
          const value = JSON.stringify({ e: now() + ttl, v: data } satisfies Stored);
          await health.guard(
            () => store.hset(entry.key, entry.field, value, ttl),
            () => undefined,
          );
        }
        return data;
      } finally {
        abort.end();
      }
    });
    const flight = leader ? lead : shared.get(promise);
    if (leader) shared.set(promise, lead!);
    flight?.abort.join(deadline?.signal);
    return deadline
      ? deadline.race(promise, call.op.name, 'coalesced read', flight?.deadline)
      : promise;
  };
}
