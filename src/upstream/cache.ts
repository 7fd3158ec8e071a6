/**
 * Cache layer: per-account read cache in the store (market data: one entry shared by every
 * caller, cache-policy.ts), in-process single-flight for identical concurrent reads,
 * invalidation after mutations. A store failure never fails a call: reads
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
import { invalidatedKeys, ttlFor } from './cache-lifetime.ts';
import { DecodedMemo, type Stored } from './cache-memo.ts';
import { cacheEntry } from './cache-policy.ts';
import { type Deadline, SharedAbort } from './deadline.ts';
import type { StoreHealth } from './health.ts';
import type { Call, Handler, Layer } from './pipeline.ts';
import type { SingleFlight } from './single-flight.ts';
import type { Store } from './stores/store.ts';

export interface CacheLayerOptions {
  store: Store;
  health: StoreHealth;
  config: UpstreamConfig['cache'];
  flights: SingleFlight;
  now: () => number;
}

/** The deadline and abort of a flight in progress, for the callers that join it. */
interface Flight {
  abort: SharedAbort;
  deadline?: Deadline;
}

interface Cache extends CacheLayerOptions {
  memo: DecodedMemo;
  flying: WeakMap<Promise<unknown>, Flight>;
}

type Entry = NonNullable<ReturnType<typeof cacheEntry>>;
type Policy = NonNullable<Call['op']['cache']>;

async function read(cache: Cache, entry: Entry): Promise<Stored | undefined> {
  const { key, field } = entry;
  const text = await cache.health.guard(
    () => (entry.shared ? cache.store.get(key) : cache.store.hget(key, field)),
    () => null,
  );
  if (!text) return undefined;
  const stored = cache.memo.decode(key, field, text);
  return stored !== undefined && stored.e > cache.now() ? stored : undefined;
}

async function invalidate(cache: Cache, call: Call): Promise<void> {
  const keys = invalidatedKeys(call.op, call.scope);
  if (keys.length === 0) return;
  cache.flights.invalidate(keys.map((key) => `${key}|`));
  cache.memo.forget(keys);
  await cache.health.guard(
    () => cache.store.del(keys),
    () => 0,
  );
}

/** A call the cache does not serve; a mutation then drops the reads it changes. */
async function uncached(cache: Cache, next: Handler, call: Call): Promise<unknown> {
  call.stats.cache = 'bypass';
  if (call.op.invalidates.length === 0) return next(call);
  // Invalidate whether the mutation succeeded or ended ambiguously.
  try {
    return await next(call);
  } finally {
    await invalidate(cache, call);
  }
}

/**
 * A miss: one flight per entry (single-flight), written back unless invalidated meanwhile.
 * The flight runs under its leader's deadline and aborts once all its callers went away.
 */
function coalesced(
  cache: Cache,
  next: Handler,
  call: Call,
  entry: Entry,
  policy: Policy,
): Promise<unknown> {
  const { config, now } = cache;
  const { deadline } = call;
  deadline?.check(call.op.name, 'coalesced read');
  // Made by the leader only: `work` runs at once when this call starts the flight.
  let lead: Flight | undefined;
  const { promise, leader } = cache.flights.run(`${entry.key}|${entry.field}`, async (isStale) => {
    const abort = new SharedAbort();
    const flightCall = deadline ? { ...call, deadline: deadline.withSignal(abort.signal) } : call;
    lead = flightCall.deadline ? { abort, deadline: flightCall.deadline } : { abort };
    try {
      const data = await next(flightCall);
      const ttl = config.enabled ? ttlFor(policy, data, config) : 0;
      if (ttl > 0 && !isStale()) {
        const value = JSON.stringify({ e: now() + ttl, v: data } satisfies Stored);
        await cache.health.guard(
          () =>
            entry.shared
              ? cache.store.set(entry.key, value, ttl)
              : cache.store.hset(entry.key, entry.field, value, ttl),
          () => undefined,
        );
      }
      return data;
    } finally {
      abort.end();
    }
  });
  const flight = leader ? lead : cache.flying.get(promise);
  if (leader) cache.flying.set(promise, lead!);
  flight?.abort.join(deadline?.signal);
  return deadline
    ? deadline.race(promise, call.op.name, 'coalesced read', flight?.deadline)
    : promise;
}

export function withCache(options: CacheLayerOptions): Layer {
  const cache: Cache = { ...options, memo: new DecodedMemo(), flying: new WeakMap() };
  const { config } = options;
  return (next) => async (call) => {
    const policy = call.op.cache;
    const entry = cacheEntry(call.op, call.scope, call.args);
    if (!policy || !entry || call.bypassCache) return uncached(cache, next, call);
    if (config.enabled) {
      const hit = await read(cache, entry);
      if (hit) {
        call.stats.cache = 'hit';
        return hit.v;
      }
    }
    call.stats.cache = config.enabled ? 'miss' : 'bypass';
    return coalesced(cache, next, call, entry, policy);
  };
}
