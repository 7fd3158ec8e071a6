/**
 * A panel's rows kept live: a snapshot (a query, read at start and after every reconnection)
 * with the subscription's updates applied on top, by key. A row leaves when `keep` says so
 * (an order that is final, a closed position); its key is remembered for a while so a late,
 * older copy (a mutation's answer that lost the race with the stream) cannot bring it back.
 */

export interface RowPolicy<R> {
  keyOf(row: R): string;
  /** Larger is newer (an update time); rows of equal version replace each other. */
  versionOf(row: R): number;
  /** False: the row leaves the panel. */
  keep(row: R): boolean;
}

export interface Rows<R> {
  rows: ReadonlyMap<string, R>;
  /** Keys that left, with the version they left at; the newest GONE_MAX only. */
  gone: ReadonlyMap<string, number>;
}

export const GONE_MAX = 500;

export const emptyRows = <R>(): Rows<R> => ({ rows: new Map(), gone: new Map() });

function bounded(gone: Map<string, number>): Map<string, number> {
  while (gone.size > GONE_MAX) gone.delete(gone.keys().next().value as string);
  return gone;
}

/** `incoming` applied in order: newer (or equal) versions replace, rows that stop being kept leave. */
export function applyRows<R>(
  state: Rows<R>,
  incoming: readonly R[],
  policy: RowPolicy<R>,
): Rows<R> {
  const rows = new Map(state.rows);
  const gone = new Map(state.gone);
  for (const row of incoming) {
    const key = policy.keyOf(row);
    const version = policy.versionOf(row);
    const known = rows.get(key);
    if (known !== undefined && policy.versionOf(known) > version) continue;
    if ((gone.get(key) ?? Number.NEGATIVE_INFINITY) >= version) continue;
    if (policy.keep(row)) {
      rows.set(key, row);
      continue;
    }
    rows.delete(key);
    gone.delete(key);
    gone.set(key, version);
  }
  return { rows, gone: bounded(gone) };
}

/** A fresh snapshot: its rows replace the panel's, except where an update already went further. */
export function applySnapshot<R>(
  state: Rows<R>,
  snapshot: readonly R[],
  policy: RowPolicy<R>,
): Rows<R> {
  const next = applyRows({ rows: new Map(), gone: state.gone }, snapshot, policy);
  const rows = new Map(next.rows);
  for (const [key, row] of rows) {
    const known = state.rows.get(key);
    if (known !== undefined && policy.versionOf(known) > policy.versionOf(row))
      rows.set(key, known);
  }
  return { rows, gone: next.gone };
}
