/** A panel's rows: a snapshot plus updates (lib/live-rows.ts) in a Preact reducer. */
import { useCallback, useMemo, useReducer } from 'preact/hooks';
import {
  applyRows,
  applySnapshot,
  emptyRows,
  type RowPolicy,
  type Rows,
} from '../lib/live-rows.ts';

type Action<R> = { kind: 'snapshot' | 'rows'; rows: readonly R[] };

export interface LiveRows<R> {
  rows: R[];
  snapshot(rows: readonly R[]): void;
  apply(rows: readonly R[]): void;
}

export function useLiveRows<R>(policy: RowPolicy<R>): LiveRows<R> {
  const reducer = useCallback(
    (state: Rows<R>, action: Action<R>) =>
      action.kind === 'snapshot'
        ? applySnapshot(state, action.rows, policy)
        : applyRows(state, action.rows, policy),
    [policy],
  );
  const [state, dispatch] = useReducer(reducer, undefined, () => emptyRows<R>());
  const snapshot = useCallback((rows: readonly R[]) => dispatch({ kind: 'snapshot', rows }), []);
  const apply = useCallback((rows: readonly R[]) => dispatch({ kind: 'rows', rows }), []);
  const rows = useMemo(
    () => [...state.rows.values()].sort((a, b) => policy.versionOf(b) - policy.versionOf(a)),
    [state, policy],
  );
  return { rows, snapshot, apply };
}
