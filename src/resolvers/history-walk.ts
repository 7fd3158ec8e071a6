/**
 * Reading a newest-first upstream list (time, then id, descending) that pages only by number,
 * from a time back, without losing or repeating a row when rows arrive meanwhile. Each read
 * asks for the rows at or before `end` (the upstream's `end_t`), page 1; the next read moves
 * `end` to the oldest time the last one saw, so rows added since (all newer) never enter the
 * window and never shift it. Only when a whole page shares one millisecond does the next read
 * take the next page of the same window instead. A row can come twice (the boundary
 * millisecond is read again): rows are kept by id, once each.
 *
 * The upstream's order within one millisecond is not relied on: callers sort by (time, id)
 * themselves, and cut pages only where a millisecond was read whole. An upstream that serves
 * only the newest rows of a window (GET /v1/trades: 500) is walked past, window by window;
 * only a single millisecond holding more rows than that cap would stay partly out of reach.
 */
import type { PageMeta } from '../contract/wire-orders.ts';

export interface WalkSource<R> {
  /** Rows at or before `end` (every row when undefined), newest first: page `page` of `size`. */
  read(
    end: number | undefined,
    page: number,
    size: number,
  ): Promise<{ rows: R[]; meta?: PageMeta }>;
  time(row: R): number;
  /** Unique within the list. */
  id(row: R): string;
}

export interface Walked<R> {
  /** Every row read, once each, by id. */
  seen: Map<string, R>;
  /** The list has nothing older than what was read. */
  exhausted: boolean;
  /** The oldest time read (Infinity before any row). */
  oldest: number;
  /** `meta` of the first read (the window's total), when the list has one. */
  meta: PageMeta | undefined;
  reads: number;
}

/** Numeric-aware id order, so `9` < `10` and `transfer-9` < `transfer-10`. */
export const compareIds = (a: string, b: string): number =>
  a.localeCompare(b, 'en', { numeric: true });

/**
 * Reads back from `end` until `enough` says so, the list ends, or `maxReads` reads were made.
 * `enough` sees the walk so far after each read.
 */
export async function walkBack<R>(
  source: WalkSource<R>,
  start: { end: number | undefined; size: number; maxReads: number },
  enough: (walked: Walked<R>) => boolean,
): Promise<Walked<R>> {
  const walked: Walked<R> = {
    seen: new Map(),
    exhausted: false,
    oldest: Number.POSITIVE_INFINITY,
    meta: undefined,
    reads: 0,
  };
  let { end } = start;
  let page = 1;
  while (walked.reads < start.maxReads) {
    const { rows, meta } = await source.read(end, page, start.size);
    if (walked.reads === 0) walked.meta = meta;
    walked.reads += 1;
    let oldest = Number.POSITIVE_INFINITY;
    let newest = Number.NEGATIVE_INFINITY;
    for (const row of rows) {
      walked.seen.set(source.id(row), row);
      oldest = Math.min(oldest, source.time(row));
      newest = Math.max(newest, source.time(row));
    }
    walked.oldest = Math.min(walked.oldest, oldest);
    const short = rows.length < start.size;
    // A short first page is the whole window. A short later page (inside one millisecond's
    // window) may be the upstream's cap on the window: look below that millisecond.
    if (short && page === 1) walked.exhausted = true;
    if (walked.exhausted || enough(walked)) break;
    if (short) {
      end = oldest < (end as number) ? oldest : (end as number) - 1;
      page = 1;
      continue;
    }
    // A page of one millisecond: the next page of that millisecond's window.
    if (newest === oldest) page = end === oldest ? page + 1 : 2;
    else page = 1;
    end = oldest;
  }
  return walked;
}
