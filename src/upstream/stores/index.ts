/** Chooses the store: Redis (or Redis Cluster) when a URL is configured, memory otherwise. */
import { Counter, type Registry } from 'prom-client';
import { createMemoryStore, type MemoryStore } from './memory.ts';
import { createRedisStore } from './redis.ts';
import type { Store } from './store.ts';

export { createMemoryStore } from './memory.ts';
export { createRedisStore } from './redis.ts';
export type { ConsumeResult, Store } from './store.ts';

export interface MemoryStoreSettings {
  /** MEMORY_STORE_MAX_KEYS. @default 1_000_000 */
  maxKeys?: number;
  /** Where `svc_memory_store_evictions_total` is registered (memory store only). */
  registry?: Registry;
}

export function createStore(
  redis: { url: string | undefined; keyPrefix: string },
  memory: MemoryStoreSettings = {},
): Store {
  if (redis.url) return createRedisStore({ url: redis.url, keyPrefix: redis.keyPrefix });
  const store = createMemoryStore({ maxEntries: memory.maxKeys });
  if (memory.registry) countEvictions(store, memory.registry);
  return store;
}

/** Read from the store's own count when /metrics is scraped: nothing added per write. */
function countEvictions(store: MemoryStore, registry: Registry): void {
  let reported = 0;
  const counter: Counter = new Counter({
    name: 'svc_memory_store_evictions_total',
    help: 'Keys the in-process store dropped before their expiry to stay within MEMORY_STORE_MAX_KEYS',
    registers: [registry],
    collect() {
      const { evicted } = store.sizes();
      counter.inc(evicted - reported);
      reported = evicted;
    },
  });
}
