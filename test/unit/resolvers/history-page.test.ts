/**
 * The history connections' paging (src/resolvers/history-page.ts) against an upstream list
 * that pages by number only, newest first, with its own order inside a millisecond and
 * optionally only the newest `cap` rows of a window: walked to the end while rows arrive
 * between pages, the pages hold exactly the rows that existed at the first page, each once,
 * in (time, id) order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PageMeta } from '../../../src/contract/wire-orders.ts';
import { cursorOf, type HistoryList, historyPage } from '../../../src/resolvers/history-page.ts';

interface Row {
  time: number;
  id: number;
  /** The upstream's own order inside a millisecond (not the id's). */
  shuffle: number;
}

/** An upstream list: rows at or before `end`, newest first, page by page; `cap` newest only. */
function upstream(cap = Number.POSITIVE_INFINITY) {
  const rows: Row[] = [];
  let reads = 0;
  const read = async (end: number | undefined, page: number, size: number) => {
    reads += 1;
    const window = rows
      .filter((r) => end === undefined || r.time <= end)
      .sort((a, b) => b.time - a.time || a.shuffle - b.shuffle)
      .slice(0, cap);
    const meta: PageMeta = { total: window.length, records_per_page: size, current_page: page };
    return { meta, rows: window.slice((page - 1) * size, page * size) };
  };
  return { rows, read, reads: () => reads };
}

const listOf = (read: ReturnType<typeof upstream>['read']): HistoryList<Row, Row> => ({
  prefix: 'test:',
  maxSize: 50,
  read,
  time: (r) => r.time,
  id: (r) => String(r.id),
  map: (r) => r,
});

const canonical = (rows: Row[]) =>
  [...rows].sort((a, b) => b.time - a.time || b.id - a.id).map((r) => r.id);

/** Adds `count` rows at the clock (which moves 0 to 2 ms per row: many share a millisecond). */
function add(rows: Row[], clock: { now: number; id: number }, steps: number[]): void {
  for (const step of steps) {
    clock.now += step;
    clock.id += 1;
    rows.push({ time: clock.now, id: clock.id, shuffle: (clock.id * 7919) % 101 });
  }
}

async function walk(
  up: ReturnType<typeof upstream>,
  first: number,
  between: () => void,
): Promise<{ ids: number[]; totals: number[]; snapshot: number[] }> {
  const list = listOf(up.read);
  const snapshot = canonical(up.rows);
  const ids: number[] = [];
  const totals: number[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const page = await historyPage(list, first, cursorOf('test:', after));
    ids.push(...page.edges.map((e) => e.node.id));
    totals.push(page.totalCount);
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor ?? undefined;
    between();
  }
  return { ids, totals, snapshot };
}

describe('historyPage', () => {
  it('walks to the end without a gap or a repeat while rows arrive between pages', async () => {
    const steps = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 0, maxLength: 60 });
    await fc.assert(
      fc.asyncProperty(
        steps,
        fc.integer({ min: 1, max: 7 }),
        steps,
        async (initial, first, more) => {
          const up = upstream();
          const clock = { now: 1_000, id: 0 };
          add(up.rows, clock, initial);
          let next = 0;
          const result = await walk(up, first, () => {
            add(up.rows, clock, more.slice(next, next + 3));
            next += 3;
          });
          expect(result.ids).toEqual(result.snapshot);
          expect(new Set(result.totals)).toEqual(new Set([result.snapshot.length]));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the same past an upstream that serves only the newest rows of each window', async () => {
    const steps = fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 0, maxLength: 60 });
    const caps = fc.integer({ min: 8, max: 20 });
    await fc.assert(
      fc.asyncProperty(steps, fc.integer({ min: 1, max: 7 }), caps, async (initial, first, cap) => {
        const up = upstream(cap);
        const clock = { now: 1_000, id: 0 };
        add(up.rows, clock, initial);
        const groups = new Map<number, number>();
        for (const r of up.rows) groups.set(r.time, (groups.get(r.time) ?? 0) + 1);
        const result = await walk(up, first, () => add(up.rows, clock, [0, 1, 0]));
        expect(new Set(result.ids).size).toBe(result.ids.length);
        // Only a millisecond with more rows than the cap can hide some of them.
        if (Math.max(0, ...groups.values()) <= cap) expect(result.ids).toEqual(result.snapshot);
      }),
      { numRuns: 200 },
    );
  });

  it('reaches past an upstream that serves only the newest rows of a window', async () => {
    const up = upstream(7);
    const clock = { now: 1_000, id: 0 };
    add(up.rows, clock, [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 1]);
    const result = await walk(up, 3, () => add(up.rows, clock, [0, 1]));
    expect(result.ids).toEqual(result.snapshot);
  });

  it('pages through one millisecond larger than a page', async () => {
    const up = upstream();
    const clock = { now: 1_000, id: 0 };
    add(up.rows, clock, [1, ...Array(30).fill(0), 1, 0]);
    const result = await walk(up, 4, () => add(up.rows, clock, [0, 0]));
    expect(result.ids).toEqual(result.snapshot);
  });

  it('reads once for a page when its last millisecond ends inside the read', async () => {
    const up = upstream();
    const clock = { now: 1_000, id: 0 };
    add(up.rows, clock, [1, 1, 1, 1, 1, 1]);
    const page = await historyPage(listOf(up.read), 3, undefined);
    expect(page.edges.map((e) => e.node.id)).toEqual([6, 5, 4]);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(up.reads()).toBe(1);
  });

  it('refuses a cursor of another list, or one it did not make, before any read', () => {
    for (const cursor of [
      Buffer.from('orders:0').toString('base64url'),
      Buffer.from('test:12:1').toString('base64url'),
      'not base64 at all',
      `${Buffer.from('test:12:1:3').toString('base64url')}=`,
    ]) {
      expect(() => cursorOf('test:', cursor)).toThrow(
        expect.objectContaining({
          extensions: { code: 'BAD_USER_INPUT', field: 'after', rule: 'cursor' },
        }),
      );
    }
    expect(cursorOf('test:', Buffer.from('test:12:1:3').toString('base64url'))).toEqual({
      time: 12,
      passed: 1,
      id: '3',
    });
  });
});
