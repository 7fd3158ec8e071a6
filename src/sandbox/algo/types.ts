/**
 * An algo order as the sandbox keeps it: one node of a tree (docs/algo-orders.md). A root is
 * STOP, TRAILING_STOP, TP_SL, POSITIONAL_TP_SL or BRACKET; a TP/SL group (TP_SL or
 * POSITIONAL_TP_SL, a root or a BRACKET's child) holds one or two legs (TAKE_PROFIT,
 * STOP_LOSS). A STOP, a TRAILING_STOP, a leg and a BRACKET root place an ordinary order
 * (`order`) through the engine: on trigger, or (BRACKET) at once.
 */

import type {
  AlgoLegOrderType,
  AlgoLegType,
  AlgoStatus,
  AlgoType,
} from '../../contract/wire-algo.ts';
import type { TriggerStatus } from '../../contract/wire-algo-stream.ts';
import type { MarginMode, Side } from '../../contract/wire-orders.ts';
import type { Account, Order } from '../types.ts';

/** LONG: the legs sell (they close a long position); SHORT: they buy. */
export type PositionSide = 'LONG' | 'SHORT';

export interface Trailing {
  activatedPrice: number | null;
  /** A fraction (0.1 = 10 %); exactly one of rate and value is set. */
  callbackRate: number | null;
  callbackValue: number | null;
  /** Best mark since activation: the highest for a SELL, the lowest for a BUY. */
  extremePrice: number | null;
  activated: boolean;
}

export interface AlgoOrder {
  algoOrderId: number;
  account: Account;
  parent: AlgoOrder | null;
  /** Itself for a root. */
  root: AlgoOrder;
  clientOrderId: string | null;
  symbol: string;
  algoType: AlgoType | AlgoLegType;
  side: Side | null;
  type: AlgoLegOrderType | null;
  /** A POSITIONAL_TP_SL group and its legs: the position's size, followed. */
  quantity: number;
  price: number | null;
  triggerPrice: number | null;
  reduceOnly: boolean;
  orderTag: string | null;
  marginMode: MarginMode;
  status: AlgoStatus;
  isTriggered: boolean;
  /** A leg's switch (PUT `is_activated`): a leg switched off never fires and takes no slot. */
  isActivated: boolean;
  /** A BRACKET's TP/SL group until its order executes. */
  waiting: boolean;
  /** TP/SL groups and legs: the side of the position they close. */
  positionSide: PositionSide | null;
  trailing: Trailing | null;
  triggerTime: number | null;
  triggerTradePrice: number;
  triggerStatus: TriggerStatus;
  /** The ordinary order it placed. */
  order: Order | null;
  children: AlgoOrder[];
  createdTime: number;
  updatedTime: number;
}

/** A TP/SL group: the legs' parent (a TP_SL or POSITIONAL_TP_SL root, or a BRACKET's child). */
export const isGroup = (o: AlgoOrder): boolean =>
  o.algoType === 'TP_SL' || o.algoType === 'POSITIONAL_TP_SL';

export const isLeg = (o: AlgoOrder): boolean =>
  o.algoType === 'TAKE_PROFIT' || o.algoType === 'STOP_LOSS';

/** Final: FILLED, CANCELLED or REJECTED. */
export const isFinal = (status: AlgoStatus): boolean =>
  status === 'FILLED' || status === 'CANCELLED' || status === 'REJECTED';

/** The node and every node below it, parents first. */
export function* treeOf(node: AlgoOrder): Generator<AlgoOrder> {
  yield node;
  for (const child of node.children) yield* treeOf(child);
}

/** Whether any order of the tree can still change (untriggered, or its order pending). */
export const isOpen = (root: AlgoOrder): boolean =>
  [...treeOf(root)].some((o) => !isFinal(o.status));
