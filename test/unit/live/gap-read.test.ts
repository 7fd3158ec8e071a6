/** Reading a gap's order changes by update time: where it stops, repeats, the page cap. */
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '../../../src/contract/wire.ts';
import {
  type OrdersByUpdate,
  readOrdersChangedSince,
} from '../../../src/upstream/stream/gap-read.ts';

const row = (order_id: number, updated_time: number) =>
  ({ order_id, updated_time }) as unknown as OrderRecord;

/** Offset pages of `rows()` sorted as UPDATED_TIME_DESC (ties by order id, descending). */
function pages(rows: () => OrderRecord[]): OrdersByUpdate & { calls: number[] } {
  const calls: number[] = [];
  const read = async (page: number, size: number) => {
    calls.push(page);
    const sorted = [...rows()].sort(
      (a, b) => b.updated_time - a.updated_time || b.order_id - a.order_id,
    );
    return {
      meta: { total: sorted.length, records_per_page: size, current_page: page },
      rows: sorted.slice((page - 1) * size, page * size),
    };
  };
  return Object.assign(read, { calls });
}

describe('readOrdersChangedSince', () => {
  it('stops at the first row older than `since` and returns the rest oldest first', async () => {
    const read = pages(() => [row(1, 100), row(2, 200), row(3, 300), row(4, 300), row(5, 50)]);
    const gap = await readOrdersChangedSince(read, 200, 10, 2);
    expect(gap.records.map((r) => r.order_id)).toEqual([2, 3, 4]);
    expect(gap).toMatchObject({ truncated: false, pages: 2 });
    expect(read.calls).toEqual([1, 2]);
  });

  it('stops at the last page without asking for one past it', async () => {
    const read = pages(() => [row(1, 100), row(2, 200)]);
    const gap = await readOrdersChangedSince(read, 0, 10, 2);
    expect(gap.records.map((r) => r.order_id)).toEqual([1, 2]);
    expect(read.calls).toEqual([1]);
  });

  it('reads an order that slides onto the next page once', async () => {
    let list = [row(1, 400), row(2, 300), row(3, 200), row(4, 100)];
    const read = pages(() => list);
    const gap = await readOrdersChangedSince(
      async (page, size) => {
        const answer = await read(page, size);
        // After page 1, order 4 changes (the stream, up again, pushes that): it moves to the
        // front and order 2 slides onto page 2.
        if (page === 1) list = [row(4, 500), row(1, 400), row(2, 300), row(3, 200)];
        return answer;
      },
      0,
      10,
      2,
    );
    expect(gap.records.map((r) => [r.order_id, r.updated_time])).toEqual([
      [3, 200],
      [2, 300],
      [1, 400],
    ]);
  });

  it('reads at most `maxPages` and says the gap was cut', async () => {
    const read = pages(() => Array.from({ length: 7 }, (_, i) => row(i + 1, 100 + i)));
    const gap = await readOrdersChangedSince(read, 0, 2, 3);
    expect(gap.records.map((r) => r.order_id)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(gap).toMatchObject({ truncated: true, pages: 2 });
  });
});
