/**
 * Cache layer: per-account read cache in the store, in-process single-flight for identical
 * concurrent reads, invalidation after mutations. A store failure never fails a call: reads
 * become misses, writes are skipped, and `StoreHealth` reports it.
 *
 * Entries carry their own expiry (`e`, host clock) besides the store TTL, so an injected
 * clock governs freshness in tests. A read that was in flight when a mutation invalidated
 * its key is not written back (in-process; across replicas the TTL bounds staleness).
 */
import type { UpstreamConfig } from '../config.ts';
import { cacheEntry, invalidatedKeys, ttlFor } from './cache-policy.ts';
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

export function withCache(options: CacheLayerOptions): Layer {
  const { store, health, config, flights, now } = options;

  const read = async (key: string, field: string): Promise<Stored | undefined> => {
    const text = await health.guard(
      () => store.hget(key, field),
      () => null,
    );
    if (!text) return undefined;
    try {
      const stored = JSON.parse(text) as Stored;
      return typeof stored.e === 'number' && stored.e > now() ? stored : undefined;
    } catch {
      return undefined;
    }
  };

  const invalidate = async (call: Call): Promise<void> => {
    const keys = invalidatedKeys(call.op, call.scope, call.args);
    if (keys.length === 0) return;
    flights.invalidate(keys.map((key) => `${key}|`));
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
    const { promise } = flights.run(`${entry.key}|${entry.field}`, async (isStale) => {
      const data = await next(call);
      const ttl = config.enabled ? ttlFor(policy, data, config) : 0;
      if (ttl > 0 && !isStale()) {
        const value = JSON.stringify({ e: now() + ttl, v: data } satisfies Stored);
        await health.guard(
          () => store.hset(entry.key, entry.field, value, ttl),
          () => undefined,
        );
      }
      return data;
    });
    return promise;
  };
}
