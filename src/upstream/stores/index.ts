/** Chooses the store: Redis (or Redis Cluster) when a URL is configured, memory otherwise. */
import { createMemoryStore } from './memory.ts';
import { createRedisStore } from './redis.ts';
import type { Store } from './store.ts';

export { createMemoryStore } from './memory.ts';
export { createRedisStore } from './redis.ts';
export type { ConsumeResult, Store } from './store.ts';

export function createStore(redis: { url: string | undefined; keyPrefix: string }): Store {
  return redis.url
    ? createRedisStore({ url: redis.url, keyPrefix: redis.keyPrefix })
    : createMemoryStore();
}
