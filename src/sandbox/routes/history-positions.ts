/**
 * GET /v1/position_history (closed positions, newest closed first, `limit` of them),
 * GET /v1/liquidations (by liquidation time, or by id with `sort_by=liquidation_id`; both
 * descending) and GET /v1/funding_fee/history (one row per funding period and position, by
 * created time; ties by symbol, then margin mode; funding periods that ended are settled
 * before it answers: history/funding.ts).
 */
import {
  FUNDING_FEE_QUERY,
  LIQUIDATIONS_QUERY,
  POSITION_HISTORY_QUERY,
} from '../../contract/fields-history.ts';
import { catchUpFunding } from '../history/catch-up.ts';
import { inWindow, newestFirst, pageOf, windowOf } from '../history/lists.ts';
import type { Route } from '../router.ts';
import type { Account, SandboxState } from '../state.ts';
import { checkSymbol, type Fields } from '../validation.ts';

function symbolOf(state: SandboxState, value: string | undefined): string | undefined {
  if (value !== undefined) checkSymbol('symbol', value, state.symbolKnown);
  return value;
}

export const historyPositionRoutes: Route[] = [
  {
    endpoint: 'GET /v1/position_history',
    handle: ({ state, account, query }) => {
      const q = query.of(POSITION_HISTORY_QUERY);
      const symbol = symbolOf(state, q.read('symbol'));
      const rows = state.history
        .of(account!)
        .closed.filter((r) => symbol === undefined || r.symbol === symbol);
      const sorted = newestFirst(
        rows,
        (r) => r.close_timestamp,
        (r) => r.position_id,
      );
      return { rows: sorted.slice(0, q.read('limit')) };
    },
  },
  {
    endpoint: 'GET /v1/liquidations',
    handle: ({ state, account, query }) => {
      const q = query.of(LIQUIDATIONS_QUERY);
      const symbol = symbolOf(state, q.read('symbol'));
      const window = windowOf(q.read('start_t'), q.read('end_t'));
      const id = q.read('liquidation_id');
      const byId = q.read('sort_by') === 'liquidation_id';
      const rows = state.history
        .of(account!)
        .liquidations.filter(
          (r) =>
            (symbol === undefined || r.positions_by_perp.some((p) => p.symbol === symbol)) &&
            (id === undefined || r.liquidation_id === id) &&
            inWindow(r.timestamp, window),
        );
      const sorted = newestFirst(
        rows,
        (r) => (byId ? r.liquidation_id : r.timestamp),
        (r) => r.liquidation_id,
      );
      return pageOf(sorted, q.read('page'), q.read('size'));
    },
  },
  {
    endpoint: 'GET /v1/funding_fee/history',
    handle: ({ state, account, query, now }) => fundingFees(state, account!, query, now),
  },
];

function fundingFees(state: SandboxState, account: Account, query: Fields, now: number) {
  const q = query.of(FUNDING_FEE_QUERY);
  const symbol = symbolOf(state, q.read('symbol'));
  const window = windowOf(q.read('start_t'), q.read('end_t'));
  catchUpFunding(state, now);
  const rows = state.history
    .of(account)
    .funding.filter(
      (r) => (symbol === undefined || r.symbol === symbol) && inWindow(r.created_time, window),
    );
  const sorted = newestFirst(
    rows,
    (r) => r.created_time,
    (r) => `${r.symbol}|${r.margin_mode}`,
  );
  return pageOf(sorted, q.read('page'), q.read('size'));
}
