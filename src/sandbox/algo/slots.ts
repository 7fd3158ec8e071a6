/**
 * The spec's TP/SL slots, per position side (symbol, margin mode, LONG or SHORT): one
 * untriggered full-position order (POSITIONAL_TP_SL) and at most 10 untriggered partial
 * take-profits and 10 partial stop-losses (a TP_SL with both legs takes one of each; a leg
 * switched off takes none). A BRACKET's TP_SL child holds its slots from placement, so its
 * activation never overflows; its POSITIONAL_TP_SL child replaces the full one when it
 * activates (the facts' bracket rule).
 */
import { TPSL_FULL_PER_POSITION, TPSL_PARTIAL_PER_SIDE } from '../../contract/constants.ts';
import type { AlgoLegType } from '../../contract/wire-algo.ts';
import type { MarginMode } from '../../contract/wire-orders.ts';
import { invalid } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import type { Account } from '../types.ts';
import { type AlgoOrder, isGroup, type PositionSide } from './types.ts';

export interface PositionRef {
  account: Account;
  symbol: string;
  mode: MarginMode;
  side: PositionSide;
}

/** A root's TP/SL group: itself, or a BRACKET's child. */
export const groupOf = (root: AlgoOrder): AlgoOrder | undefined =>
  isGroup(root) ? root : root.algoType === 'BRACKET' ? root.children[0] : undefined;

/** Untriggered groups closing this position side (`except` left out). */
export function liveGroups(state: SandboxState, at: PositionRef, except?: AlgoOrder): AlgoOrder[] {
  const groups: AlgoOrder[] = [];
  for (const root of state.algo.open) {
    if (root.account !== at.account || root.symbol !== at.symbol) continue;
    const group = groupOf(root);
    if (!group || group === except || group.marginMode !== at.mode) continue;
    if (group.status !== 'NEW' || group.isTriggered || group.positionSide !== at.side) continue;
    groups.push(group);
  }
  return groups;
}

const hasLeg = (group: AlgoOrder, type: AlgoLegType) =>
  group.children.some((leg) => leg.algoType === type && leg.isActivated && leg.status === 'NEW');

const where = (at: PositionRef) => `${at.symbol} ${at.mode} ${at.side}`;

/** The full-position slot is free (a waiting bracket child does not hold it). */
export function checkFullSlot(state: SandboxState, at: PositionRef, except?: AlgoOrder): void {
  const full = liveGroups(state, at, except).filter(
    (g) => g.algoType === 'POSITIONAL_TP_SL' && !g.waiting,
  );
  if (full.length >= TPSL_FULL_PER_POSITION) {
    throw invalid(
      'algo_type',
      `one POSITIONAL_TP_SL per position: ${where(at)} already has algo order ${full[0]!.algoOrderId} (edit or cancel it)`,
    );
  }
}

/** Room for a partial group with these legs. */
export function checkPartialSlots(
  state: SandboxState,
  at: PositionRef,
  legs: readonly AlgoLegType[],
  except?: AlgoOrder,
): void {
  const partial = liveGroups(state, at, except).filter((g) => g.algoType === 'TP_SL');
  for (const [type, name] of [
    ['TAKE_PROFIT', 'take-profit'],
    ['STOP_LOSS', 'stop-loss'],
  ] as const) {
    if (!legs.includes(type)) continue;
    const used = partial.filter((g) => hasLeg(g, type)).length;
    if (used >= TPSL_PARTIAL_PER_SIDE) {
      throw invalid(
        'algo_type',
        `at most ${TPSL_PARTIAL_PER_SIDE} untriggered partial ${name} orders per position side: ${where(at)} holds ${used}`,
      );
    }
  }
}
