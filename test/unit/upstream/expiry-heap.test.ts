import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExpiryHeap, type Timed } from '../../../src/upstream/stores/expiry-heap.ts';

type Item = Timed & { id: number };

describe('ExpiryHeap', () => {
  it('keeps the soonest item on top through pushes, removals and re-timings', () => {
    const op = fc.tuple(
      fc.constantFrom('push', 'remove', 'retime'),
      fc.integer({ min: 0, max: 15 }),
      fc.integer({ min: 0, max: 100 }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200, size: 'max' }), (ops) => {
        const items: Item[] = Array.from({ length: 16 }, (_, id) => ({
          id,
          expiresAt: 0,
          slot: -1,
        }));
        const heap = new ExpiryHeap<Item>();
        for (const [kind, id, at] of ops) {
          const item = items[id]!;
          const inHeap = item.slot >= 0;
          if (kind === 'push' && !inHeap) {
            item.expiresAt = at;
            heap.push(item);
          } else if (kind === 'remove' && inHeap) {
            heap.remove(item);
          } else if (kind === 'retime' && inHeap) {
            item.expiresAt = at;
            heap.update(item);
          }
          const held = items.filter((i) => i.slot >= 0);
          expect(heap.size).toBe(held.length);
          expect(heap.peek()?.expiresAt).toBe(
            held.length ? Math.min(...held.map((i) => i.expiresAt)) : undefined,
          );
        }
        // Draining from the top gives every held item once, in expiry order.
        const drained: number[] = [];
        for (let top = heap.peek(); top; top = heap.peek()) {
          drained.push(top.expiresAt);
          heap.remove(top);
        }
        expect(drained).toEqual([...drained].sort((a, b) => a - b));
        expect(items.every((i) => i.slot === -1)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('orders items across its pages (4,096 slots each)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const rand = fc.sample(fc.integer({ min: 0, max: 1_000_000 }), { seed, numRuns: 30_000 });
        const items: Item[] = rand.slice(0, 10_000).map((expiresAt, id) => ({
          id,
          expiresAt,
          slot: -1,
        }));
        const heap = new ExpiryHeap<Item>();
        for (const item of items) heap.push(item);
        for (let i = 0; i < 10_000; i += 2) heap.remove(items[i]!);
        for (let i = 1; i < 10_000; i += 4) {
          items[i]!.expiresAt = rand[10_000 + i]!;
          heap.update(items[i]!);
        }
        expect(heap.size).toBe(5_000);
        const drained: number[] = [];
        for (let top = heap.peek(); top; top = heap.peek()) {
          drained.push(top.expiresAt);
          heap.remove(top);
        }
        const expected = items.filter((_, i) => i % 2 === 1).map((i) => i.expiresAt);
        expect(drained).toEqual(expected.sort((a, b) => a - b));
        // Filled again after draining: the emptied pages are reused.
        for (const item of items.slice(0, 5_000)) heap.push(item);
        expect(heap.size).toBe(5_000);
        expect(heap.peek()?.expiresAt).toBe(
          Math.min(...items.slice(0, 5_000).map((i) => i.expiresAt)),
        );
      }),
      { numRuns: 5 },
    );
  });
});
