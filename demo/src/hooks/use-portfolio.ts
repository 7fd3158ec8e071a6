/** Positions, balances and working algo orders: each a snapshot followed by its subscription. */
import { useEffect } from 'preact/hooks';
import {
  AlgoOrderUpdatesDocument,
  BalanceUpdatesDocument,
  ScreenAlgoOrdersDocument,
  ScreenBalancesDocument,
  ScreenPositionsDocument,
  ScreenPositionUpdatesDocument,
} from '../../../operations/generated/graphql.ts';
import type { RowPolicy } from '../lib/live-rows.ts';
import { type Position, positionPolicy } from '../lib/position.ts';
import { type AlgoOrder, algoOrderPolicy } from '../lib/tpsl.ts';
import { type LiveRows, useLiveRows } from './use-live-rows.ts';
import { useSnapshot } from './use-snapshot.ts';
import { useStream } from './use-stream.ts';

export interface Balance {
  token: string;
  holding: number;
  frozen: number;
  free: number;
  updatedAt: number;
}

const balancePolicy: RowPolicy<Balance> = {
  keyOf: (b) => b.token,
  // The last one applied wins: a push is stamped with its event's time, a read with the time
  // the holding last changed, so the two do not order; and a read here always follows a push.
  versionOf: () => 0,
  keep: () => true,
};

export function usePositions(): Position[] {
  const live = useLiveRows(positionPolicy);
  const [{ data }] = useSnapshot(ScreenPositionsDocument);
  const { snapshot, apply } = live;
  useEffect(() => {
    const rows = data?.account?.positions?.rows;
    if (rows) snapshot(rows);
  }, [data, snapshot]);
  useStream(ScreenPositionUpdatesDocument, {}, (d) => apply(d.positionUpdates));
  return live.rows;
}

/** Re-reads after order updates settle: the upstream pushes balances on fills only. */
const BALANCE_REREAD_MS = 300;

/**
 * Balances: pushed on fills; `frozen` also follows the open orders, which push no balance,
 * so the snapshot is read again shortly after each burst of `orderEvents`.
 */
export function useBalances(orderEvents: number): Balance[] {
  const live = useLiveRows(balancePolicy);
  const [{ data }, reexecute] = useSnapshot(ScreenBalancesDocument);
  const { snapshot, apply } = live;
  useEffect(() => {
    const rows = data?.account?.balances;
    if (rows) snapshot(rows);
  }, [data, snapshot]);
  useEffect(() => {
    if (orderEvents === 0) return;
    const timer = setTimeout(() => reexecute({ requestPolicy: 'network-only' }), BALANCE_REREAD_MS);
    return () => clearTimeout(timer);
  }, [orderEvents, reexecute]);
  useStream(BalanceUpdatesDocument, {}, (d) => apply(d.balanceUpdates));
  return live.rows;
}

export function useAlgoOrders(): LiveRows<AlgoOrder> {
  const live = useLiveRows(algoOrderPolicy);
  const [{ data }] = useSnapshot(ScreenAlgoOrdersDocument, { first: 50 });
  const { snapshot, apply } = live;
  useEffect(() => {
    const edges = data?.account?.algoOrders?.edges;
    if (edges) snapshot(edges.map((edge) => edge.node));
  }, [data, snapshot]);
  useStream(AlgoOrderUpdatesDocument, {}, (d) => apply([d.algoOrderUpdates]));
  return live;
}
