/**
 * In-process store: the default without `REDIS_URL`, and the fallback limiter when Redis
 * is down. Same semantics as the Redis store (same contract tests).
 *
 * Expiry is lazy on read and incremental on write: every key with a time to live sits in an
 * expiry heap, and each write first forgets at most `EXPIRY_STEPS_PER_WRITE` keys that are
 * due, so a key never read again (an order read once) is still forgotten, and no write ever
 * walks every key. Each write adds at most one key, so the due keys drain faster than they
 * pile up. Limiter windows and blocks have heaps of their own, on the limiter's clock.
 *
 * Bounded: at most `maxEntries` string and hash keys. A new key beyond that evicts the key
 * closest to expiring, like Redis' `volatile-ttl`: keys without a time to live (published
 * persisted operations) are never evicted, and a store holding nothing else refuses new keys.
 * (lru-cache, already installed, would evict the least recently used instead, and its
 * `ttlAutopurge` keeps a timer per key.)
 *
 * No write copies a whole structure: the keys live in 256 Maps (`sharded-map.ts`) and the
 * heaps in pages (`expiry-heap.ts`); bench/memory-store.ts measures the pauses. The keys of
 * each kind and their heap are `expiring-keys.ts`, the limiter's logs `window-log.ts`.
 */

import { ExpiringKeys, type Forgotten } from './expiring-keys.ts';
import type { Timed } from './expiry-heap.ts';
import { ShardedMap } from './sharded-map.ts';
import type { ConsumeResult, Store } from './store.ts';
import { consumeWindow, idleAt, type WindowLog } from './window-log.ts';

export const DEFAULT_MAX_ENTRIES = 1_000_000;

export interface MemoryStoreOptions {
  /** Clock for time-to-live expiry. @default Date.now */
  now?: () => number;
  /**
   * Most string and hash keys (cache groups, idempotency records, persisted operations); also
   * the bound of limiter windows and of blocks, each. @default 1_000_000
   */
  maxEntries?: number;
}

/** A string (`value` a string) or a hash (`value` its fields). */
interface Entry extends Timed {
  readonly key: string;
  value: string | Map<string, string>;
}

interface Block extends Timed {
  readonly key: string;
}

/** Live keys, and what expiry and the bound have forgotten since the store was made. */
export interface MemoryStoreSizes {
  entries: number;
  windows: number;
  blocks: number;
  /** Keys forgotten because their time ran out (read after it, or found by a write's expiry steps). */
  expired: number;
  /** Keys (or windows, or blocks) forgotten early to keep within `maxEntries`. */
  evicted: number;
}

/** The memory store, plus its sizes (to check that expired keys are really forgotten). */
export interface MemoryStore extends Store {
  sizes(): MemoryStoreSizes;
}

const expiry = (ttlMs: number | undefined, nowMs: number) =>
  ttlMs === undefined ? Number.POSITIVE_INFINITY : nowMs + Math.max(1, ttlMs);

class InMemoryStore implements MemoryStore {
  readonly kind = 'memory';
  readonly #now: () => number;
  readonly #forgotten: Forgotten = { expired: 0, evicted: 0 };
  /** Sharded: a million keys in one Map would make some writes wait for its rebuild. */
  readonly #entries: ExpiringKeys<Entry>;
  /** Expire once their last call has left the window (idle from then on). */
  readonly #windows: ExpiringKeys<WindowLog>;
  readonly #blocks: ExpiringKeys<Block>;

  constructor(options: MemoryStoreOptions) {
    this.#now = options.now ?? Date.now;
    const max = Math.max(1, Math.floor(options.maxEntries ?? DEFAULT_MAX_ENTRIES));
    this.#entries = new ExpiringKeys(new ShardedMap<Entry>(), max, this.#forgotten);
    this.#windows = new ExpiringKeys(new Map<string, WindowLog>(), max, this.#forgotten);
    this.#blocks = new ExpiringKeys(new Map<string, Block>(), max, this.#forgotten);
  }

  sizes(): MemoryStoreSizes {
    return {
      entries: this.#entries.map.size,
      windows: this.#windows.map.size,
      blocks: this.#blocks.map.size,
      ...this.#forgotten,
    };
  }

  /** Every string and hash write starts here: the bounded expiry work, then the clock. */
  #write(): number {
    const nowMs = this.#now();
    this.#entries.expire(nowMs);
    return nowMs;
  }

  #put(key: string, value: Entry['value'], expiresAt: number, nowMs: number): void {
    const entry = this.#entries.get(key);
    if (entry) {
      entry.value = value;
      this.#entries.retime(entry, expiresAt);
      return;
    }
    this.#entries.add({ key, value, expiresAt, slot: -1 }, nowMs);
  }

  #live(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt <= this.#now()) {
      this.#entries.forget(entry);
      this.#forgotten.expired++;
      return undefined;
    }
    return entry;
  }

  #hash(key: string): Map<string, string> | undefined {
    const value = this.#live(key)?.value;
    return typeof value === 'object' ? value : undefined;
  }

  async get(key: string): Promise<string | null> {
    const value = this.#live(key)?.value;
    return typeof value === 'string' ? value : null;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    const nowMs = this.#write();
    this.#put(key, value, expiry(ttlMs, nowMs), nowMs);
  }

  async del(keys: readonly string[]): Promise<number> {
    let removed = 0;
    for (const key of keys) {
      const entry = this.#live(key);
      if (!entry) continue;
      this.#entries.forget(entry);
      removed++;
    }
    return removed;
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const nowMs = this.#write();
    if (this.#live(key)) return false;
    this.#put(key, value, expiry(ttlMs, nowMs), nowMs);
    return true;
  }

  async compareAndSet(
    key: string,
    expected: string,
    value: string | null,
    ttlMs: number,
  ): Promise<boolean> {
    const nowMs = this.#write();
    const entry = this.#live(key);
    if (entry?.value !== expected) return false;
    if (value === null) this.#entries.forget(entry);
    else this.#put(key, value, expiry(ttlMs, nowMs), nowMs);
    return true;
  }

  async hget(key: string, field: string): Promise<string | null> {
    return this.#hash(key)?.get(field) ?? null;
  }

  async hset(key: string, field: string, value: string, ttlMs?: number): Promise<void> {
    const nowMs = this.#write();
    const entry = this.#live(key);
    const expiresAt = expiry(ttlMs, nowMs);
    if (entry && typeof entry.value === 'object') {
      entry.value.set(field, value);
      if (ttlMs !== undefined) {
        this.#entries.retime(entry, Math.max(entry.expiresAt, expiresAt));
      }
    } else {
      this.#put(key, new Map([[field, value]]), expiresAt, nowMs);
    }
  }

  async hgetall(key: string): Promise<Record<string, string>> {
    return Object.fromEntries(this.#hash(key) ?? []);
  }

  async hdel(key: string, field: string): Promise<number> {
    return this.#hash(key)?.delete(field) ? 1 : 0;
  }

  async consume(
    key: string,
    limit: number,
    windowMs: number,
    nowMs: number,
  ): Promise<ConsumeResult> {
    this.#windows.expire(nowMs);
    this.#blocks.expire(nowMs);
    const blockedUntil = this.#blocks.get(key)?.expiresAt ?? 0;
    if (blockedUntil > nowMs) {
      return { allowed: false, retryAfterMs: blockedUntil - nowMs, remaining: 0, blocked: true };
    }
    let w = this.#windows.get(key);
    if (!w) {
      w = { key, log: [], head: 0, windowMs, expiresAt: nowMs, slot: -1 };
      this.#windows.add(w, nowMs);
    }
    const result = consumeWindow(w, limit, windowMs, nowMs);
    this.#windows.retime(w, idleAt(w, nowMs));
    return result;
  }

  async block(key: string, untilMs: number, nowMs: number): Promise<void> {
    this.#blocks.expire(nowMs);
    const block = this.#blocks.get(key);
    if (!block) this.#blocks.add({ key, expiresAt: untilMs, slot: -1 }, nowMs);
    else if (untilMs > block.expiresAt) this.#blocks.retime(block, untilMs);
  }

  async blockedFor(key: string, nowMs: number): Promise<number> {
    return Math.max(0, (this.#blocks.get(key)?.expiresAt ?? 0) - nowMs);
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.#entries.clear();
    this.#windows.clear();
    this.#blocks.clear();
  }
}

export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  return new InMemoryStore(options);
}
