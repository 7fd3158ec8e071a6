/** The account's open orders (snapshot + `orderUpdates`) and its latest fills. */
import { useEffect, useState } from 'preact/hooks';
import {
  OrderUpdatesDocument,
  ScreenOpenOrdersDocument,
} from '../../../operations/generated/graphql.ts';
import {
  type Fill,
  fillOf,
  fromOrder,
  fromUpdate,
  type OpenOrder,
  openOrderPolicy,
} from '../lib/orders.ts';
import { useLiveRows } from './use-live-rows.ts';
import { useSnapshot } from './use-snapshot.ts';
import { useStream } from './use-stream.ts';

const FILLS_SHOWN = 20;
/** The open orders read at start (newest first); later ones arrive by the stream. */
const SNAPSHOT_ORDERS = 100;

export interface Orders {
  open: OpenOrder[];
  fills: Fill[];
  /** How many order updates the stream delivered (panels that follow the orders re-read on it). */
  events: number;
  /** An order a mutation answered with (placed, edited, cancelled). */
  apply(order: OpenOrder): void;
}

export function useOrders(): Orders {
  const live = useLiveRows(openOrderPolicy);
  const [fills, setFills] = useState<Fill[]>([]);
  const [events, setEvents] = useState(0);
  const [{ data }] = useSnapshot(ScreenOpenOrdersDocument, { first: SNAPSHOT_ORDERS });
  const { snapshot, apply } = live;
  useEffect(() => {
    const edges = data?.account?.orders?.edges;
    if (edges) snapshot(edges.map((edge) => fromOrder(edge.node)));
  }, [data, snapshot]);
  useStream(OrderUpdatesDocument, {}, ({ orderUpdates }) => {
    apply([fromUpdate(orderUpdates)]);
    setEvents((n) => n + 1);
    const fill = fillOf(orderUpdates);
    if (fill) setFills((shown) => [fill, ...shown].slice(0, FILLS_SHOWN));
  });
  return { open: live.rows, fills, events, apply: (order) => apply([order]) };
}
