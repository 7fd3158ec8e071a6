/**
 * The Redis the tests share: `TEST_REDIS_URL` (default redis://127.0.0.1:6379), unique key
 * prefixes so parallel files and runs never collide, cleanup by SCAN (never FLUSH). Files that
 * use it carry `// @module-tag redis`, so they skip (or, under CI, fail) when it is not there.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { DEFAULT_REDIS_URL } from '../setup/dependencies.ts';

export const REDIS_URL = process.env.TEST_REDIS_URL || DEFAULT_REDIS_URL;

/** A key prefix no other test file (or run) shares. */
export function uniquePrefix(label: string): string {
  return `svc-test-${label}-${randomBytes(4).toString('hex')}`;
}

export function rawRedis(): Redis {
  return new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
}

/** Deletes every key under `prefix:` (SCAN + DEL), then disconnects. */
export async function dropPrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}
