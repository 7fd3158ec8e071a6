/**
 * Redis store (ioredis): one server, or Redis Cluster when `url` lists several nodes.
 * Shared by every gateway replica, so cache and upstream budget are shared too.
 *
 * Fails fast: a command waits at most `commandTimeoutMs`, and while the connection is
 * known to be down commands fail at once instead of queueing; the client's cache and
 * budget layers then fall back (see `../cache.ts`, `../rate-limit.ts`).
 */
import { randomUUID } from 'node:crypto';
import { Cluster, Redis, type RedisOptions, type Result } from 'ioredis';
import { BLOCK, COMPARE_AND_SET, CONSUME, HSET_TTL } from './lua.ts';
import type { ConsumeResult, Store } from './store.ts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    svcConsume(
      log: string,
      block: string,
      limit: number,
      windowMs: number,
      nowMs: number,
      member: string,
    ): Result<[number, number, number, number], Context>;
    svcBlock(block: string, untilMs: number, nowMs: number): Result<number, Context>;
    svcHsetTtl(key: string, field: string, value: string, ttlMs: number): Result<number, Context>;
    svcCompareAndSet(
      key: string,
      expected: string,
      set: '1' | '0',
      value: string,
      ttlMs: number,
    ): Result<number, Context>;
  }
}

export interface RedisStoreOptions {
  /** `redis://host:port`, or comma-separated nodes for Redis Cluster. */
  url: string;
  /** Namespace of every key, e.g. `svc` → `svc:{a:…}:cache:accountInfo`. */
  keyPrefix: string;
  /** Upper bound of one command, queueing included. @default 1000 */
  commandTimeoutMs?: number;
  /** @default 1000 */
  connectTimeoutMs?: number;
}

type Client = Redis | Cluster;

function parseNodes(url: string): URL[] {
  return url
    .split(',')
    .map((node) => node.trim())
    .filter(Boolean)
    .map((node) => new URL(node));
}

function connect(options: RedisStoreOptions): Client {
  const nodes = parseNodes(options.url);
  const first = nodes[0];
  if (!first) throw new TypeError('redis url: no node given');
  const redisOptions: RedisOptions = {
    connectTimeout: options.connectTimeoutMs ?? 1_000,
    commandTimeout: options.commandTimeoutMs ?? 1_000,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(100 * 2 ** times, 2_000),
    ...(first.username ? { username: decodeURIComponent(first.username) } : {}),
    ...(first.password ? { password: decodeURIComponent(first.password) } : {}),
    ...(first.protocol === 'rediss:' ? { tls: {} } : {}),
  };
  if (nodes.length === 1) return new Redis(options.url.trim(), redisOptions);
  return new Cluster(
    nodes.map((node) => ({ host: node.hostname, port: Number(node.port || 6379) })),
    {
      redisOptions,
      clusterRetryStrategy: (times) => Math.min(100 * 2 ** times, 2_000),
      ...(first.protocol === 'rediss:'
        ? { dnsLookup: (address, done) => done(null, address) }
        : {}),
    },
  );
}

/** Connection states in which queueing a command would only wait for a timeout. */
const DOWN = new Set(['reconnecting', 'close', 'end']);

export function createRedisStore(options: RedisStoreOptions): Store {
  const client = connect(options);
  client.defineCommand('svcConsume', { numberOfKeys: 2, lua: CONSUME });
  client.defineCommand('svcBlock', { numberOfKeys: 1, lua: BLOCK });
  client.defineCommand('svcHsetTtl', { numberOfKeys: 1, lua: HSET_TTL });
  client.defineCommand('svcCompareAndSet', { numberOfKeys: 1, lua: COMPARE_AND_SET });
  // Without a listener ioredis prints every connection error; callers see them as rejections.
  // The last one is kept for the start-up check (one log line, not one per retry).
  let lastError: string | undefined;
  client.on('error', (error: Error) => {
    lastError = error.message;
  });
  client.on('ready', () => {
    lastError = undefined;
  });

  const prefix = `${options.keyPrefix}:`;
  const k = (key: string) => prefix + key;
  const ready = () => {
    if (DOWN.has(client.status)) throw new Error(`redis unavailable (${client.status})`);
    return client;
  };

  return {
    kind: 'redis',
    redis: client,
    async get(key) {
      return ready().get(k(key));
    },
    async set(key, value, ttlMs) {
      if (ttlMs === undefined) await ready().set(k(key), value);
      else await ready().set(k(key), value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async del(keys) {
      // One DEL per key: keys of different accounts live in different cluster slots.
      const results = await Promise.all(keys.map((key) => ready().del(k(key))));
      return results.reduce((sum, n) => sum + n, 0);
    },
    async setIfAbsent(key, value, ttlMs) {
      const ttl = Math.max(1, Math.round(ttlMs));
      return (await ready().set(k(key), value, 'PX', ttl, 'NX')) === 'OK';
    },
    async compareAndSet(key, expected, value, ttlMs) {
      const ttl = Math.max(1, Math.round(ttlMs));
      const set = value === null ? '0' : '1';
      return (await ready().svcCompareAndSet(k(key), expected, set, value ?? '', ttl)) === 1;
    },
    async hget(key, field) {
      return ready().hget(k(key), field);
    },
    async hset(key, field, value, ttlMs) {
      await ready().svcHsetTtl(k(key), field, value, Math.max(0, Math.round(ttlMs ?? 0)));
    },
    async hgetall(key) {
      return ready().hgetall(k(key));
    },
    async hdel(key, field) {
      return ready().hdel(k(key), field);
    },
    async consume(key, limit, windowMs, nowMs): Promise<ConsumeResult> {
      const [allowed, retryAfterMs, remaining, blocked] = await ready().svcConsume(
        k(key),
        k(`${key}:block`),
        limit,
        windowMs,
        Math.round(nowMs),
        `${Math.round(nowMs)}:${randomUUID()}`,
      );
      return { allowed: allowed === 1, retryAfterMs, remaining, blocked: blocked === 1 };
    },
    async block(key, untilMs, nowMs) {
      await ready().svcBlock(k(`${key}:block`), Math.round(untilMs), Math.round(nowMs));
    },
    async blockedFor(key, nowMs) {
      const until = Number((await ready().get(k(`${key}:block`))) ?? 0);
      return Math.max(0, until - nowMs);
    },
    async ping() {
      try {
        return (await ready().ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    lastError: () => lastError,
    async close() {
      try {
        await client.quit();
      } catch {
        client.disconnect();
      }
    },
  };
}
