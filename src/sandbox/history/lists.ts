/**
 * What the history routes share: the time window (`start_t`/`end_t`, ms, both inclusive), a
 * total newest-first order (time, then id, both descending, so pages of an unchanged list
 * never skip or repeat a row) and numbered pages. A page past the end is empty, with the
 * true total.
 */
import type { HistoryPage } from '../../contract/wire-history.ts';
import { invalid } from '../errors.ts';

export interface Window {
  start: number | undefined;
  end: number | undefined;
}

/** The window read from a query; refused when it ends before it starts. */
export function windowOf(start: number | undefined, end: number | undefined): Window {
  if (start !== undefined && end !== undefined && start > end) {
    throw invalid('start_t', 'must not be after end_t');
  }
  return { start, end };
}

export const inWindow = (time: number, w: Window): boolean =>
  (w.start === undefined || time >= w.start) && (w.end === undefined || time <= w.end);

/** Ids compared as numbers when both are decimal integers (`transfer-9` < `transfer-10`). */
export function compareIds(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

/** `rows` newest first by `time`, ties by `id`, descending too (a new array). */
export function newestFirst<R>(
  rows: readonly R[],
  time: (row: R) => number,
  id: (row: R) => string | number,
): R[] {
  return [...rows].sort((a, b) => time(b) - time(a) || compareIds(id(b), id(a)));
}

/** Page `page` (from 1) of `size` rows, with the list's total. */
export function pageOf<R>(rows: readonly R[], page: number, size: number): HistoryPage<R> {
  const from = (page - 1) * size;
  return {
    meta: { total: rows.length, records_per_page: size, current_page: page },
    rows: rows.slice(from, from + size),
  };
}
