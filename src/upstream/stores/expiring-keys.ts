/**
 * The keys of one kind (entries, limiter windows or blocks) of the memory store with their
 * expiry heap: forgetting, re-timing, the bounded expiry work of a write, and eviction at the
 * bound (the key closest to expiring goes first, like Redis' `volatile-ttl`).
 */
import { ExpiryHeap, type Timed } from './expiry-heap.ts';

/** Most due keys one write forgets (of each kind it touches); Redis' active expiry samples 20. */
export const EXPIRY_STEPS_PER_WRITE = 8;

export type Item = Timed & { readonly key: string };

/** What the keys need of their map (a Map, or a ShardedMap for the many entries). */
export interface KeyMap<T> {
  readonly size: number;
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  delete(key: string): boolean;
  clear(): void;
}

/** Keys forgotten since the store was made, by why (shared by the store's kinds of keys). */
export interface Forgotten {
  /** Because their time ran out. */
  expired: number;
  /** Early, to keep within the bound. */
  evicted: number;
}

export class ExpiringKeys<T extends Item> {
  /** Items with a finite expiry only: the others are neither expired nor evicted. */
  readonly #heap = new ExpiryHeap<T>();

  constructor(
    readonly map: KeyMap<T>,
    private readonly maxEntries: number,
    private readonly forgotten: Forgotten,
  ) {}

  get(key: string): T | undefined {
    return this.map.get(key);
  }

  forget(item: T): void {
    this.map.delete(item.key);
    if (item.slot >= 0) this.#heap.remove(item);
  }

  /** A write's expiry work: forgets at most EXPIRY_STEPS_PER_WRITE items due at `nowMs`. */
  expire(nowMs: number): void {
    for (let step = 0; step < EXPIRY_STEPS_PER_WRITE; step++) {
      const due = this.#heap.peek();
      if (!due || due.expiresAt > nowMs) return;
      this.forget(due);
      this.forgotten.expired++;
    }
  }

  /** Adds a new item, first evicting the ones closest to expiring while the map is full. */
  add(item: T, nowMs: number): void {
    while (this.map.size >= this.maxEntries) {
      const victim = this.#heap.peek();
      if (!victim) {
        throw new Error(
          `memory store full: ${this.map.size} keys without a time to live (MEMORY_STORE_MAX_KEYS)`,
        );
      }
      this.forget(victim);
      if (victim.expiresAt <= nowMs) this.forgotten.expired++;
      else this.forgotten.evicted++;
    }
    this.map.set(item.key, item);
    if (item.expiresAt !== Number.POSITIVE_INFINITY) this.#heap.push(item);
  }

  /** Sets an item's expiry, moving it into, within or out of the heap. */
  retime(item: T, expiresAt: number): void {
    if (item.expiresAt === expiresAt && item.slot >= 0) return;
    item.expiresAt = expiresAt;
    if (expiresAt === Number.POSITIVE_INFINITY) {
      if (item.slot >= 0) this.#heap.remove(item);
    } else if (item.slot >= 0) {
      this.#heap.update(item);
    } else {
      this.#heap.push(item);
    }
  }

  clear(): void {
    this.#heap.clear();
    this.map.clear();
  }
}
