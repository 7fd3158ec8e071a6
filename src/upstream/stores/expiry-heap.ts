/**
 * A binary min-heap of items ordered by `expiresAt`, where each item keeps its own position
 * (`slot`), so that removing an item or changing its expiry is O(log n) and the heap holds
 * exactly one slot per live item.
 *
 * Hand-written (about sixty lines) because the well-kept heap packages cannot remove or re-time
 * an arbitrary item: heap-js's `remove` is a linear search, @datastructures-js/heap, tinyqueue
 * and flatqueue have no removal at all. Lazy deletion instead (push a new entry on every
 * rewrite, skip stale ones when popped) lets a key that is rewritten often pile up stale
 * entries, which only an O(n) compaction clears: the full pass this heap exists to avoid.
 *
 * The slots live in pages of 4,096: one array of a million items would, each time it grows,
 * copy itself whole inside a single push (a pause: docs/performance.md, bench/memory-store.ts).
 */
const PAGE_BITS = 12;
const PAGE_MASK = (1 << PAGE_BITS) - 1;

/** An item of the heap: `slot` is its index there, -1 while it is in no heap. */
export interface Timed {
  expiresAt: number;
  slot: number;
}

export class ExpiryHeap<T extends Timed> {
  #pages: T[][] = [];
  #size = 0;

  get size(): number {
    return this.#size;
  }

  /** The item that expires first. */
  peek(): T | undefined {
    return this.#size ? this.#at(0) : undefined;
  }

  push(item: T): void {
    const at = this.#size++;
    // Slots fill pages in order, so a page's length is always the next slot's offset in it.
    const page = this.#pages[at >>> PAGE_BITS];
    if (page) page.push(item);
    else this.#pages.push([item]);
    item.slot = at;
    this.#up(at);
  }

  remove(item: T): void {
    const at = item.slot;
    const last = this.#pages[--this.#size >>> PAGE_BITS]!.pop()!;
    item.slot = -1;
    if (last === item) return;
    this.#place(last, at);
    this.#reposition(at);
  }

  /** Restores the order after `item.expiresAt` changed. */
  update(item: T): void {
    this.#reposition(item.slot);
  }

  clear(): void {
    for (const page of this.#pages) for (const item of page) item.slot = -1;
    this.#pages = [];
    this.#size = 0;
  }

  #at(slot: number): T {
    return this.#pages[slot >>> PAGE_BITS]![slot & PAGE_MASK]!;
  }

  #place(item: T, at: number): void {
    this.#pages[at >>> PAGE_BITS]![at & PAGE_MASK] = item;
    item.slot = at;
  }

  #reposition(at: number): void {
    if (at > 0 && this.#at(at).expiresAt < this.#at((at - 1) >> 1).expiresAt) this.#up(at);
    else this.#down(at);
  }

  #up(at: number): void {
    const item = this.#at(at);
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const above = this.#at(parent);
      if (above.expiresAt <= item.expiresAt) break;
      this.#place(above, at);
      at = parent;
    }
    this.#place(item, at);
  }

  #down(at: number): void {
    const item = this.#at(at);
    const size = this.#size;
    const half = size >> 1;
    while (at < half) {
      let child = 2 * at + 1;
      let below = this.#at(child);
      if (child + 1 < size) {
        const right = this.#at(child + 1);
        if (right.expiresAt < below.expiresAt) {
          child++;
          below = right;
        }
      }
      if (below.expiresAt >= item.expiresAt) break;
      this.#place(below, at);
      at = child;
    }
    this.#place(item, at);
  }
}
