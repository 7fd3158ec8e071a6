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
 * heaps in pages (`expiry-heap.ts`); bench/memory-store.ts measures the pauses.
 */
import { ExpiryHeap, type Timed } from './expiry-heap.ts';
import { ShardedMap } from './sharded-map.ts';
import type { ConsumeResult, Store } from './store.ts';

/** Most due keys one write forgets (of each kind it touches); Redis' active expiry samples 20. */
export const EXPIRY_STEPS_PER_WRITE = 8;
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

/** A sliding-window log, sorted; calls before `head` have left the window (trimmed in place). */
interface Window extends Timed {
  readonly key: string;
  log: number[];
  head: number;
  windowMs: number;
}

interface Block extends Timed {
  readonly key: string;
}

/** What expiry and eviction need of a map of entries, windows or blocks, and of its items. */
type Keyed = { readonly size: number; delete(key: string): boolean };
type Item = Timed & { readonly key: string };

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

export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const now = options.now ?? Date.now;
  const maxEntries = Math.max(1, Math.floor(options.maxEntries ?? DEFAULT_MAX_ENTRIES));
  /** Sharded: a million keys in one Map would make some writes wait for its rebuild. */
  const entries = new ShardedMap<Entry>();
  const windows = new Map<string, Window>();
  const blocks = new Map<string, Block>();
  /** Keys with a finite expiry only: keys without one are neither expired nor evicted. */
  const entryHeap = new ExpiryHeap<Entry>();
  /** By the time each window's last call leaves it (idle from then on). */
  const windowHeap = new ExpiryHeap<Window>();
  const blockHeap = new ExpiryHeap<Block>();
  let expired = 0;
  let evicted = 0;

  const forget = <T extends Item>(map: Keyed, heap: ExpiryHeap<T>, item: T) => {
    map.delete(item.key);
    if (item.slot >= 0) heap.remove(item);
  };
  /** A write's expiry work: forgets at most EXPIRY_STEPS_PER_WRITE items due at `nowMs`. */
  const expire = <T extends Item>(map: Keyed, heap: ExpiryHeap<T>, nowMs: number) => {
    for (let step = 0; step < EXPIRY_STEPS_PER_WRITE; step++) {
      const due = heap.peek();
      if (!due || due.expiresAt > nowMs) return;
      forget(map, heap, due);
      expired++;
    }
  };
  /** Before a new key: evicts the one closest to expiring while the map is full. */
  const makeRoom = <T extends Item>(map: Keyed, heap: ExpiryHeap<T>, nowMs: number) => {
    while (map.size >= maxEntries) {
      const victim = heap.peek();
      if (!victim) {
        throw new Error(
          `memory store full: ${map.size} keys without a time to live (MEMORY_STORE_MAX_KEYS)`,
        );
      }
      forget(map, heap, victim);
      if (victim.expiresAt <= nowMs) expired++;
      else evicted++;
    }
  };
  /** Sets an item's expiry, moving it into, within or out of its heap. */
  const retime = <T extends Timed>(heap: ExpiryHeap<T>, item: T, expiresAt: number) => {
    if (item.expiresAt === expiresAt && item.slot >= 0) return;
    item.expiresAt = expiresAt;
    if (expiresAt === Number.POSITIVE_INFINITY) {
      if (item.slot >= 0) heap.remove(item);
    } else if (item.slot >= 0) {
      heap.update(item);
    } else {
      heap.push(item);
    }
  };

  /** Every string and hash write starts here: the bounded expiry work, then the clock. */
  const write = () => {
    const nowMs = now();
    expire(entries, entryHeap, nowMs);
    return nowMs;
  };
  const put = (key: string, value: Entry['value'], expiresAt: number, nowMs: number) => {
    const entry = entries.get(key);
    if (entry) {
      entry.value = value;
      retime(entryHeap, entry, expiresAt);
      return;
    }
    makeRoom(entries, entryHeap, nowMs);
    const created: Entry = { key, value, expiresAt, slot: -1 };
    entries.set(key, created);
    if (expiresAt !== Number.POSITIVE_INFINITY) entryHeap.push(created);
  };
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      forget(entries, entryHeap, entry);
      expired++;
      return undefined;
    }
    return entry;
  };
  const hash = (key: string): Map<string, string> | undefined => {
    const value = live(key)?.value;
    return typeof value === 'object' ? value : undefined;
  };
  const expiry = (ttlMs: number | undefined, nowMs: number) =>
    ttlMs === undefined ? Number.POSITIVE_INFINITY : nowMs + Math.max(1, ttlMs);

  return {
    kind: 'memory',
    sizes: () => ({
      entries: entries.size,
      windows: windows.size,
      blocks: blocks.size,
      expired,
      evicted,
    }),
    async get(key) {
      const value = live(key)?.value;
      return typeof value === 'string' ? value : null;
    },
    async set(key, value, ttlMs) {
      const nowMs = write();
      put(key, value, expiry(ttlMs, nowMs), nowMs);
    },
    async del(keys) {
      let removed = 0;
      for (const key of keys) {
        const entry = live(key);
        if (!entry) continue;
        forget(entries, entryHeap, entry);
        removed++;
      }
      return removed;
    },
    async setIfAbsent(key, value, ttlMs) {
      const nowMs = write();
      if (live(key)) return false;
      put(key, value, expiry(ttlMs, nowMs), nowMs);
      return true;
    },
    async compareAndSet(key, expected, value, ttlMs) {
      const nowMs = write();
      const entry = live(key);
      if (entry?.value !== expected) return false;
      if (value === null) forget(entries, entryHeap, entry);
      else put(key, value, expiry(ttlMs, nowMs), nowMs);
      return true;
    },
    async hget(key, field) {
      return hash(key)?.get(field) ?? null;
    },
    async hset(key, field, value, ttlMs) {
      const nowMs = write();
      const entry = live(key);
      const expiresAt = expiry(ttlMs, nowMs);
      if (entry && typeof entry.value === 'object') {
        entry.value.set(field, value);
        if (ttlMs !== undefined) {
          retime(entryHeap, entry, Math.max(entry.expiresAt, expiresAt));
        }
      } else {
        put(key, new Map([[field, value]]), expiresAt, nowMs);
      }
    },
    async hgetall(key) {
      return Object.fromEntries(hash(key) ?? []);
    },
    async hdel(key, field) {
      return hash(key)?.delete(field) ? 1 : 0;
    },
    async consume(key, limit, windowMs, nowMs): Promise<ConsumeResult> {
      expire(windows, windowHeap, nowMs);
      expire(blocks, blockHeap, nowMs);
      const blockedUntil = blocks.get(key)?.expiresAt ?? 0;
      if (blockedUntil > nowMs) {
        return { allowed: false, retryAfterMs: blockedUntil - nowMs, remaining: 0, blocked: true };
      }
      // Same window as the Lua script: (now - window, now + window]; entries further in the
      // future come from a badly skewed caller and are dropped. The log stays sorted, so both
      // ends trim in place: amortised O(1) per call however high the limit (benchmarks).
      let w = windows.get(key);
      if (!w) {
        makeRoom(windows, windowHeap, nowMs);
        w = { key, log: [], head: 0, windowMs, expiresAt: nowMs, slot: -1 };
        windows.set(key, w);
      }
      w.windowMs = windowMs;
      while (w.head < w.log.length && w.log[w.head]! <= nowMs - windowMs) w.head++;
      while (w.log.length > w.head && w.log[w.log.length - 1]! > nowMs + windowMs) w.log.pop();
      if (w.head > 64 && w.head * 2 > w.log.length) {
        w.log = w.log.slice(w.head);
        w.head = 0;
      }
      const count = w.log.length - w.head;
      let result: ConsumeResult;
      if (count < limit) {
        let at = w.log.length;
        while (at > w.head && w.log[at - 1]! > nowMs) at--;
        w.log.splice(at, 0, nowMs);
        result = { allowed: true, retryAfterMs: 0, remaining: limit - count - 1, blocked: false };
      } else {
        const retryAfterMs = Math.max(1, w.log[w.head]! + windowMs - nowMs);
        result = { allowed: false, retryAfterMs, remaining: 0, blocked: false };
      }
      // Idle (forgettable) once its latest call has left the window.
      retime(windowHeap, w, (w.log.at(-1) ?? nowMs) + windowMs);
      return result;
    },
    async block(key, untilMs, nowMs) {
      expire(blocks, blockHeap, nowMs);
      const block = blocks.get(key);
      if (block) {
        if (untilMs > block.expiresAt) retime(blockHeap, block, untilMs);
        return;
      }
      makeRoom(blocks, blockHeap, nowMs);
      const created: Block = { key, expiresAt: untilMs, slot: -1 };
      blocks.set(key, created);
      blockHeap.push(created);
    },
    async blockedFor(key, nowMs) {
      return Math.max(0, (blocks.get(key)?.expiresAt ?? 0) - nowMs);
    },
    async ping() {
      return true;
    },
    async close() {
      for (const heap of [entryHeap, windowHeap, blockHeap]) heap.clear();
      entries.clear();
      windows.clear();
      blocks.clear();
    },
  };
}
