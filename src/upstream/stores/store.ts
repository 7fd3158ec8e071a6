/**
 * What the upstream client (cache, rate budget, single-flight) and the persisted-operations
 * registry need from a key-value store. Two implementations run the same contract tests:
 * memory (default, one process) and Redis (shared by every gateway replica).
 *
 * Keys are logical (`{a:3f2c…}:cache:accountInfo`); the store adds its namespace prefix.
 * Keys that must live together on Redis Cluster share a `{hash tag}` (see `../keys.ts`).
 */
import type { Cluster, Redis } from 'ioredis';

/** Result of one limiter call. */
export interface ConsumeResult {
  allowed: boolean;
  /** When not allowed: how long until one unit of budget frees (or the block ends). */
  retryAfterMs: number;
  /** Units left in the window after this call (0 when not allowed). */
  remaining: number;
  /** True when refused because of `block()` (an upstream 429), not the window count. */
  blocked: boolean;
}

export interface Store {
  readonly kind: 'memory' | 'redis';
  /** The ioredis client of a Redis store, for libraries that bring their own scripts (caller limits). */
  readonly redis?: Redis | Cluster;

  /** String values with an optional time to live. */
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(keys: readonly string[]): Promise<number>;
  /** Sets `key` only when it does not exist (Redis `SET NX PX`): true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /**
   * Atomic compare-and-set: replaces `key`'s value (`null`: deletes the key) only while it
   * still equals `expected`; true when replaced. Idempotency records change hands with it.
   */
  compareAndSet(
    key: string,
    expected: string,
    value: string | null,
    ttlMs: number,
  ): Promise<boolean>;

  /** Hash fields. `ttlMs` only ever extends the key's time to live, never shortens it. */
  hget(key: string, field: string): Promise<string | null>;
  hset(key: string, field: string, value: string, ttlMs?: number): Promise<void>;
  hgetall(key: string): Promise<Record<string, string>>;
  hdel(key: string, field: string): Promise<number>;

  /**
   * Sliding-window-log limiter, atomic: allows at most `limit` calls in any `windowMs`
   * interval ending at `nowMs`, and records this call when allowed. Refuses while `key`
   * is blocked. `nowMs` is the caller's clock (tests inject one; replicas are NTP-synced).
   */
  consume(key: string, limit: number, windowMs: number, nowMs: number): Promise<ConsumeResult>;
  /** Refuses every `consume(key, …)` until `untilMs` (never shortens an existing block). */
  block(key: string, untilMs: number, nowMs: number): Promise<void>;
  /** Milliseconds left of a block on `key` at `nowMs` (0 when not blocked). Read-only. */
  blockedFor(key: string, nowMs: number): Promise<number>;

  /** True when the store answers. Never throws. */
  ping(): Promise<boolean>;
  /** The last connection error since the store last connected (Redis), for the start-up log. */
  lastError?(): string | undefined;
  close(): Promise<void>;
}
