/**
 * In-process store: the default without `REDIS_URL`, and the fallback limiter when Redis
 * is down. Same semantics as the Redis store (same contract tests); expiry is lazy.
 */
import type { ConsumeResult, Store } from './store.ts';

export interface MemoryStoreOptions {
  /** Clock for time-to-live expiry. @default Date.now */
  now?: () => number;
}

type Entry =
  | { type: 'string'; value: string; expiresAt: number }
  | { type: 'hash'; fields: Map<string, string>; expiresAt: number };

/** The memory store, plus its sizes (to check that expired keys are really forgotten). */
export interface MemoryStore extends Store {
  sizes(): { entries: number; windows: number; blocks: number };
}

export function createMemoryStore(options: MemoryStoreOptions = {}): MemoryStore {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Limiter logs, sorted; entries before `head` have expired (trimmed in place). */
  const windows = new Map<string, { log: number[]; head: number; windowMs: number }>();
  const blocks = new Map<string, number>();
  let writes = 0;
  /**
   * Every 1024 writes, forgets expired cache entries and idle limiter keys: expiry is lazy on
   * read, and a key that is never read again (an order read once) must not live forever.
   */
  const sweep = (nowMs: number) => {
    if (++writes % 1024 !== 0) return;
    for (const [key, entry] of entries) if (entry.expiresAt <= nowMs) entries.delete(key);
    for (const [key, { log, windowMs }] of windows) {
      if ((log.at(-1) ?? 0) <= nowMs - windowMs) windows.delete(key);
    }
    for (const [key, until] of blocks) if (until <= nowMs) blocks.delete(key);
  };

  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const hash = (key: string): Map<string, string> | undefined => {
    const entry = live(key);
    return entry?.type === 'hash' ? entry.fields : undefined;
  };
  const expiry = (ttlMs: number | undefined) =>
    ttlMs === undefined ? Number.POSITIVE_INFINITY : now() + Math.max(1, ttlMs);

  return {
    kind: 'memory',
    sizes: () => ({ entries: entries.size, windows: windows.size, blocks: blocks.size }),
    async get(key) {
      const entry = live(key);
      return entry?.type === 'string' ? entry.value : null;
    },
    async set(key, value, ttlMs) {
      sweep(now());
      entries.set(key, { type: 'string', value, expiresAt: expiry(ttlMs) });
    },
    async del(keys) {
      let removed = 0;
      for (const key of keys) if (live(key) && entries.delete(key)) removed++;
      return removed;
    },
    async setIfAbsent(key, value, ttlMs) {
      if (live(key)) return false;
      sweep(now());
      entries.set(key, { type: 'string', value, expiresAt: expiry(ttlMs) });
      return true;
    },
    async compareAndSet(key, expected, value, ttlMs) {
      const entry = live(key);
      if (entry?.type !== 'string' || entry.value !== expected) return false;
      if (value === null) entries.delete(key);
      else entries.set(key, { type: 'string', value, expiresAt: expiry(ttlMs) });
      return true;
    },
    async hget(key, field) {
      return hash(key)?.get(field) ?? null;
    },
    async hset(key, field, value, ttlMs) {
      sweep(now());
      const entry = live(key);
      const expiresAt = expiry(ttlMs);
      if (entry?.type === 'hash') {
        entry.fields.set(field, value);
        if (ttlMs !== undefined) entry.expiresAt = Math.max(entry.expiresAt, expiresAt);
      } else {
        entries.set(key, { type: 'hash', fields: new Map([[field, value]]), expiresAt });
      }
    },
    async hgetall(key) {
      return Object.fromEntries(hash(key) ?? []);
    },
    async hdel(key, field) {
      return hash(key)?.delete(field) ? 1 : 0;
    },
    async consume(key, limit, windowMs, nowMs): Promise<ConsumeResult> {
      sweep(nowMs);
      const blockedUntil = blocks.get(key) ?? 0;
      if (blockedUntil > nowMs) {
        return { allowed: false, retryAfterMs: blockedUntil - nowMs, remaining: 0, blocked: true };
      }
      // Same window as the Lua script: (now - window, now + window]; entries further in the
      // future come from a badly skewed caller and are dropped. The log stays sorted, so both
      // ends trim in place: amortised O(1) per call however high the limit (benchmarks).
      let w = windows.get(key);
      if (!w) {
        w = { log: [], head: 0, windowMs };
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
      if (count < limit) {
        let at = w.log.length;
        while (at > w.head && w.log[at - 1]! > nowMs) at--;
        w.log.splice(at, 0, nowMs);
        return { allowed: true, retryAfterMs: 0, remaining: limit - count - 1, blocked: false };
      }
      const retryAfterMs = Math.max(1, w.log[w.head]! + windowMs - nowMs);
      return { allowed: false, retryAfterMs, remaining: 0, blocked: false };
    },
    async block(key, untilMs) {
      blocks.set(key, Math.max(blocks.get(key) ?? 0, untilMs));
    },
    async blockedFor(key, nowMs) {
      return Math.max(0, (blocks.get(key) ?? 0) - nowMs);
    },
    async ping() {
      return true;
    },
    async close() {
      entries.clear();
      windows.clear();
      blocks.clear();
    },
  };
}
