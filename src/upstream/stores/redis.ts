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

/** The store's commands on one ioredis client (or cluster), every key under `prefix`. */
class RedisStore implements Store {
  readonly kind = 'redis';
  readonly redis: Client;
  readonly #prefix: string;
  #lastError: string | undefined;

  constructor(client: Client, keyPrefix: string) {
    this.redis = client;
    this.#prefix = `${keyPrefix}:`;
    client.defineCommand('svcConsume', { numberOfKeys: 2, lua: CONSUME });
    client.defineCommand('svcBlock', { numberOfKeys: 1, lua: BLOCK });
    client.defineCommand('svcHsetTtl', { numberOfKeys: 1, lua: HSET_TTL });
    client.defineCommand('svcCompareAndSet', { numberOfKeys: 1, lua: COMPARE_AND_SET });
    // Without a listener ioredis prints every connection error; callers see them as rejections.
    // The last one is kept for the start-up check (one log line, not one per retry).
    client.on('error', (error: Error) => {
      this.#lastError = error.message;
    });
    client.on('ready', () => {
      this.#lastError = undefined;
    });
  }

  #k(key: string): string {
    return this.#prefix + key;
  }

  #ready(): Client {
    const { status } = this.redis;
    if (DOWN.has(status)) throw new Error(`redis unavailable (${status})`);
    return this.redis;
  }

  async get(key: string): Promise<string | null> {
    return this.#ready().get(this.#k(key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs === undefined) await this.#ready().set(this.#k(key), value);
    else await this.#ready().set(this.#k(key), value, 'PX', Math.max(1, Math.round(ttlMs)));
  }

  async del(keys: readonly string[]): Promise<number> {
    // One DEL per key: keys of different accounts live in different cluster slots.
    const results = await Promise.all(keys.map((key) => this.#ready().del(this.#k(key))));
    return results.reduce((sum, n) => sum + n, 0);
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const ttl = Math.max(1, Math.round(ttlMs));
    return (await this.#ready().set(this.#k(key), value, 'PX', ttl, 'NX')) === 'OK';
  }

  async compareAndSet(
    key: string,
    expected: string,
    value: string | null,
    ttlMs: number,
  ): Promise<boolean> {
    const ttl = Math.max(1, Math.round(ttlMs));
    const set = value === null ? '0' : '1';
    const swapped = this.#ready().svcCompareAndSet(this.#k(key), expected, set, value ?? '', ttl);
    return (await swapped) === 1;
  }

  async hget(key: string, field: string): Promise<string | null> {
    return this.#ready().hget(this.#k(key), field);
  }

  async hset(key: string, field: string, value: string, ttlMs?: number): Promise<void> {
    const ttl = Math.max(0, Math.round(ttlMs ?? 0));
    await this.#ready().svcHsetTtl(this.#k(key), field, value, ttl);
  }

  async hgetall(key: string): Promise<Record<string, string>> {
    return this.#ready().hgetall(this.#k(key));
  }

  async hdel(key: string, field: string): Promise<number> {
    return this.#ready().hdel(this.#k(key), field);
  }

  async consume(
    key: string,
    limit: number,
    windowMs: number,
    nowMs: number,
  ): Promise<ConsumeResult> {
    const [allowed, retryAfterMs, remaining, blocked] = await this.#ready().svcConsume(
      this.#k(key),
      this.#k(`${key}:block`),
      limit,
      windowMs,
      Math.round(nowMs),
      `${Math.round(nowMs)}:${randomUUID()}`,
    );
    return { allowed: allowed === 1, retryAfterMs, remaining, blocked: blocked === 1 };
  }

  async block(key: string, untilMs: number, nowMs: number): Promise<void> {
    await this.#ready().svcBlock(this.#k(`${key}:block`), Math.round(untilMs), Math.round(nowMs));
  }

  async blockedFor(key: string, nowMs: number): Promise<number> {
    const until = Number((await this.#ready().get(this.#k(`${key}:block`))) ?? 0);
    return Math.max(0, until - nowMs);
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.#ready().ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  lastError(): string | undefined {
    return this.#lastError;
  }

  async close(): Promise<void> {
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}

export function createRedisStore(options: RedisStoreOptions): Store {
  return new RedisStore(connect(options), options.keyPrefix);
}
