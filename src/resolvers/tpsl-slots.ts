/**
 * A position's TP/SL orders and the spec's slots: "one full-position order per position and
 * at most 10 partial take-profit and 10 partial stop-loss orders per side" (untriggered, per
 * symbol, margin mode and position side, as the sandbox counts them: docs/algo-orders.md). A
 * TP/SL's position side is the opposite of its legs' side (SELL legs close a LONG). A partial
 * TP/SL with both legs takes a take-profit slot and a stop-loss slot.
 */
import { TPSL_FULL_PER_POSITION, TPSL_PARTIAL_PER_SIDE } from '../contract/constants.ts';
import type { MarginMode, Side } from '../contract/wire-orders.ts';
import type { AlgoOrderModel } from '../models/algo-order.ts';
import { inputRefusal } from '../schema/types.ts';
import { isWaiting } from './algo-active.ts';

export type PositionSide = 'LONG' | 'SHORT';

export interface PositionTpSlModel {
  full: AlgoOrderModel | null;
  partialTakeProfits: AlgoOrderModel[];
  partialStopLosses: AlgoOrderModel[];
  partialTakeProfitSlotsLeft: number;
  partialStopLossSlotsLeft: number;
}

/** Which TP/SLs belong to a position: its symbol, margin mode and side (null: either side). */
export interface PositionKey {
  symbol: string;
  marginMode: MarginMode;
  side: PositionSide | null;
}

/** The side a leg closes. */
export const closedBy = (legSide: Side): PositionSide => (legSide === 'SELL' ? 'LONG' : 'SHORT');
/** The side of the legs that close a position. */
export const closingSide = (side: PositionSide): Side => (side === 'LONG' ? 'SELL' : 'BUY');

const waitingLeg = (group: AlgoOrderModel, kind: 'TAKE_PROFIT' | 'STOP_LOSS') =>
  group.childOrders.find((leg) => leg.algoType === kind && isWaiting(leg));

const GROUPS = new Set(['TP_SL', 'POSITIONAL_TP_SL']);

/**
 * A root's TP/SL group: itself, or a BRACKET's TP/SL child. A bracket's partial child holds
 * its slots from placement; its full one only once the bracket's order executed (before, it
 * waits and takes no full slot), as the sandbox counts them.
 */
function groupOf(root: AlgoOrderModel): AlgoOrderModel | undefined {
  if (GROUPS.has(root.algoType)) return root;
  const child = root.algoType === 'BRACKET' ? root.childOrders[0] : undefined;
  if (!child || !GROUPS.has(child.algoType)) return undefined;
  return child.algoType === 'TP_SL' || root.executedQuantity > 0 ? child : undefined;
}

function belongs(group: AlgoOrderModel, key: PositionKey): boolean {
  if (group.symbol !== key.symbol || !isWaiting(group)) return false;
  if (group.marginMode !== null && group.marginMode !== key.marginMode) return false;
  const legSide = group.childOrders.find((leg) => leg.side !== null)?.side;
  return key.side === null || !legSide || closedBy(legSide) === key.side;
}

/**
 * The position's waiting TP/SL groups (legs in childOrders; a bracket's by its TP/SL child)
 * and the partial slots left.
 */
export function positionTpSl(
  roots: readonly AlgoOrderModel[],
  key: PositionKey,
): PositionTpSlModel {
  const mine = roots.flatMap((root) => {
    const group = groupOf(root);
    return group && belongs(group, key) ? [group] : [];
  });
  const partial = mine.filter((group) => group.algoType === 'TP_SL');
  const partialTakeProfits = partial.filter((group) => waitingLeg(group, 'TAKE_PROFIT'));
  const partialStopLosses = partial.filter((group) => waitingLeg(group, 'STOP_LOSS'));
  return {
    full: mine.find((group) => group.algoType === 'POSITIONAL_TP_SL') ?? null,
    partialTakeProfits,
    partialStopLosses,
    partialTakeProfitSlotsLeft: Math.max(0, TPSL_PARTIAL_PER_SIDE - partialTakeProfits.length),
    partialStopLossSlotsLeft: Math.max(0, TPSL_PARTIAL_PER_SIDE - partialStopLosses.length),
  };
}

export interface TpSlRequest {
  full: boolean;
  takeProfit: boolean;
  stopLoss: boolean;
}

const slotsError = (field: string, message: string) => inputRefusal(field, 'tpslSlots', message);

/** The input fields a refusal names, per kind of slot. */
export interface SlotFields {
  full: string;
  takeProfit: string;
  stopLoss: string;
}

const TPSL_FIELDS: SlotFields = {
  full: 'input.quantity',
  takeProfit: 'input.takeProfit',
  stopLoss: 'input.stopLoss',
};

/** Refuses (InputError, rule tpslSlots) a TP/SL the position has no slot left for. */
export function assertSlots(
  tpsl: PositionTpSlModel,
  request: TpSlRequest,
  fields: SlotFields = TPSL_FIELDS,
): void {
  if (request.full && tpsl.full) {
    throw slotsError(
      fields.full,
      `this position has its full-position TP/SL already (at most ${TPSL_FULL_PER_POSITION}): edit or cancel algo order ${tpsl.full.algoOrderId}, or give a quantity for a partial one`,
    );
  }
  if (request.full) return;
  const limit = `at most ${TPSL_PARTIAL_PER_SIDE} untriggered per position side`;
  if (request.takeProfit && tpsl.partialTakeProfitSlotsLeft === 0) {
    throw slotsError(fields.takeProfit, `no partial take-profit slot left (${limit})`);
  }
  if (request.stopLoss && tpsl.partialStopLossSlotsLeft === 0) {
    throw slotsError(fields.stopLoss, `no partial stop-loss slot left (${limit})`);
  }
}
