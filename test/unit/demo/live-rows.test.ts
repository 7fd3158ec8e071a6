/**
 * A panel's rows (demo/src/lib/live-rows.ts): a snapshot plus the stream's updates, newest
 * version winning, finished rows leaving and not coming back from a late, older copy.
 */
import { describe, expect, it } from 'vitest';
import {
  applyRows,
  applySnapshot,
  emptyRows,
  GONE_MAX,
  type RowPolicy,
} from '../../../demo/src/lib/live-rows.ts';

interface Row {
  id: string;
  v: number;
  open: boolean;
}

const policy: RowPolicy<Row> = { keyOf: (r) => r.id, versionOf: (r) => r.v, keep: (r) => r.open };
const row = (id: string, v: number, open = true): Row => ({ id, v, open });
const ids = (state: { rows: ReadonlyMap<string, Row> }) => [...state.rows.values()];

describe('live rows', () => {
  it('adds, replaces by newer version, and drops finished rows', () => {
    let state = applyRows(emptyRows<Row>(), [row('a', 1), row('b', 1)], policy);
    state = applyRows(state, [row('a', 2), row('b', 2, false)], policy);
    expect(ids(state)).toEqual([row('a', 2)]);
  });

  it('ignores an older copy of a row, and of a row that finished', () => {
    let state = applyRows(emptyRows<Row>(), [row('a', 5), row('b', 5, false)], policy);
    state = applyRows(state, [row('a', 4), row('b', 4), row('b', 5)], policy);
    expect(ids(state)).toEqual([row('a', 5)]);
  });

  it('takes a snapshot as the set of rows, keeping updates that went further', () => {
    let state = applyRows(emptyRows<Row>(), [row('a', 5), row('gone', 1)], policy);
    state = applySnapshot(state, [row('a', 3), row('c', 1)], policy);
    expect(ids(state)).toEqual([row('a', 5), row('c', 1)]);
  });

  it('remembers a bounded number of finished rows', () => {
    const finished = Array.from({ length: GONE_MAX + 10 }, (_, i) => row(`o${i}`, 1, false));
    const state = applyRows(emptyRows<Row>(), finished, policy);
    expect(state.gone.size).toBe(GONE_MAX);
    expect(state.gone.has('o0')).toBe(false);
    expect(state.gone.has(`o${GONE_MAX + 9}`)).toBe(true);
  });
});
