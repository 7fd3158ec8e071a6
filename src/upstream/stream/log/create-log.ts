/** The accounts' event log a gateway uses: on Redis when its store is, in memory otherwise. */
import type { Cluster, Redis } from 'ioredis';
import type { AccountEventLog, EventLogBounds } from './event-log.ts';
import { MemoryEventLog } from './memory-log.ts';
import { RedisEventLog } from './redis-log.ts';

export function createEventLog(
  store: { readonly redis?: Redis | Cluster },
  keyPrefix: string,
  bounds: Partial<EventLogBounds> = {},
): AccountEventLog {
  return store.redis
    ? new RedisEventLog({ redis: store.redis, keyPrefix, ...bounds })
    : new MemoryEventLog(bounds);
}
