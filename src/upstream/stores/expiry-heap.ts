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
 */

/** An item of the heap: `slot` is its index there, -1 while it is in no heap. */
export interface Timed {
  expiresAt: number;
  slot: number;
}

export class ExpiryHeap<T extends Timed> {
  readonly #items: T[] = [];

  get size(): number {
    return this.#items.length;
  }

  /** The item that expires first. */
  peek(): T | undefined {
    return this.#items[0];
  }

  push(item: T): void {
    item.slot = this.#items.length;
    this.#items.push(item);
    this.#up(item.slot);
  }

  remove(item: T): void {
    const at = item.slot;
    const last = this.#items.pop()!;
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
    for (const item of this.#items) item.slot = -1;
    this.#items.length = 0;
  }

  #reposition(at: number): void {
    if (at > 0 && this.#items[at]!.expiresAt < this.#items[(at - 1) >> 1]!.expiresAt) {
      this.#up(at);
    } else {
      this.#down(at);
    }
  }

  #place(item: T, at: number): void {
    this.#items[at] = item;
    item.slot = at;
  }

  #up(at: number): void {
    const items = this.#items;
    const item = items[at]!;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (items[parent]!.expiresAt <= item.expiresAt) break;
      this.#place(items[parent]!, at);
      at = parent;
    }
    this.#place(item, at);
  }

  #down(at: number): void {
    const items = this.#items;
    const item = items[at]!;
    const half = items.length >> 1;
    while (at < half) {
      let child = 2 * at + 1;
      const right = child + 1;
      if (right < items.length && items[right]!.expiresAt < items[child]!.expiresAt) child = right;
      if (items[child]!.expiresAt >= item.expiresAt) break;
      this.#place(items[child]!, at);
      at = child;
    }
    this.#place(item, at);
  }
}
