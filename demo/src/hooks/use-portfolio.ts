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
  versionOf: (b) => b.updatedAt,
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

export function useBalances(): Balance[] {
  const live = useLiveRows(balancePolicy);
  const [{ data }] = useSnapshot(ScreenBalancesDocument);
  const { snapshot, apply } = live;
  useEffect(() => {
    const rows = data?.account?.balances;
    if (rows) snapshot(rows);
  }, [data, snapshot]);
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
