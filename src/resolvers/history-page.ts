/**
 * A Relay connection page over a newest-first account history list that the upstream pages
 * by number (GET /v1/trades, /v1/asset/history, /v1/liquidations, /v1/funding_fee/history,
 * /v1/pnl_settlement/history). A numbered page shifts when rows are added at the top, so the
 * cursor is not a position: it is the last row's (time, id) (history-cursor.ts), and the next
 * page reads back from that time (history-walk.ts), keeping only rows after it in (time, id)
 * order. Rows added between two pages are newer than any cursor and never enter a later page;
 * rows already delivered are at or before the cursor and never come again; none is skipped.
 *
 * `totalCount` is the list as the first page saw it: rows delivered so far plus what the
 * upstream counts at or after the cursor (the same number on every page of one walk).
 */
import type { PageMeta } from '../contract/wire-orders.ts';
import {
  decodeHistoryCursor,
  encodeHistoryCursor,
  type HistoryCursor,
  isAfter,
} from './history-cursor.ts';
import { compareIds, type Walked, type WalkSource, walkBack } from './history-walk.ts';
import type { Page } from './offset-page.ts';

/** Reads one page may make (one is usual; more when a millisecond straddles the page end). */
export const HISTORY_MAX_READS = 8;

export interface HistoryList<R, T> extends WalkSource<R> {
  /** Cursor prefix: a cursor of another list is refused. */
  prefix: string;
  /** The filter's upper time bound (`to`), if any. */
  to?: number | undefined;
  /** The upstream's largest page. */
  maxSize: number;
  map(row: R): T;
}

/** Rows after the cursor, newest first by (time, id). */
function after<R>(list: HistoryList<R, unknown>, walked: Walked<R>, cursor?: HistoryCursor): R[] {
  return [...walked.seen.values()]
    .filter((row) => isAfter(cursor, list.time(row), list.id(row), compareIds))
    .sort((a, b) => list.time(b) - list.time(a) || compareIds(list.id(b), list.id(a)));
}

/**
 * Whether the first `first` rows can be cut: there is one more after them, and the millisecond
 * of the last was read whole (an older row was seen), so no row of it is still unread.
 */
function cuttable<R>(list: HistoryList<R, unknown>, rows: R[], first: number, walked: Walked<R>) {
  const last = rows[first - 1];
  return rows.length > first && last !== undefined && walked.oldest < list.time(last);
}

function totalOf(
  meta: PageMeta | undefined,
  walked: Walked<unknown>,
  kept: number,
  c?: HistoryCursor,
) {
  const skipped = walked.seen.size - kept;
  return (c?.passed ?? 0) + Math.max(0, (meta?.total ?? walked.seen.size) - skipped);
}

/** The cursor `after` names (BAD_USER_INPUT when this list did not make it), before any read. */
export const cursorOf = (prefix: string, after: string | null | undefined) =>
  after ? decodeHistoryCursor(prefix, after) : undefined;

export async function historyPage<R, T>(
  list: HistoryList<R, T>,
  first: number,
  cursor: HistoryCursor | undefined,
): Promise<Page<T>> {
  const end =
    cursor === undefined
      ? list.to
      : list.to === undefined
        ? cursor.time
        : Math.min(cursor.time, list.to);
  const size = Math.min(list.maxSize, first + 1);
  const walked = await walkBack(list, { end, size, maxReads: HISTORY_MAX_READS }, (w) =>
    cuttable(list, after(list, w, cursor), first, w),
  );
  const rows = after(list, walked, cursor);
  let page = rows.slice(0, first);
  // Out of reads inside one huge millisecond: deliver only the milliseconds read whole.
  if (!walked.exhausted && !cuttable(list, rows, first, walked)) {
    const whole = page.filter((row) => list.time(row) > walked.oldest);
    if (whole.length > 0) page = whole;
  }
  const base = cursor?.passed ?? 0;
  const edges = page.map((row, i) => ({
    cursor: encodeHistoryCursor(list.prefix, {
      time: list.time(row),
      id: list.id(row),
      passed: base + i + 1,
    }),
    node: list.map(row),
  }));
  return {
    totalCount: totalOf(walked.meta, walked, rows.length, cursor),
    edges,
    pageInfo: {
      hasNextPage: rows.length > page.length || !walked.exhausted,
      hasPreviousPage: cursor !== undefined,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
