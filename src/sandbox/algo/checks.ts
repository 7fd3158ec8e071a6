/**
 * What an algo order must satisfy against the account and the market when placed (or a leg
 * re-priced): the position a TP/SL closes exists and its legs close it; no trigger is already
 * crossed (the official SDK's rule: for a long, take-profit above the mark and stop-loss below;
 * a BRACKET's against its order's price); the slots are free (slots.ts). All 400 -1005.
 */
import type { AlgoLegType } from '../../contract/wire-algo.ts';
import type { MarginMode, Side } from '../../contract/wire-orders.ts';
import { invalid } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import type { Account } from '../types.ts';
import type { AlgoDraft, LegDraft } from './parse.ts';
import { checkFullSlot, checkPartialSlots, type PositionRef } from './slots.ts';
import type { PositionSide } from './types.ts';

export const closingSide = (side: PositionSide): Side => (side === 'LONG' ? 'SELL' : 'BUY');
export const openedBy = (side: Side): PositionSide => (side === 'BUY' ? 'LONG' : 'SHORT');

export function positionQty(account: Account, symbol: string, mode: MarginMode): number {
  return account.positions.get(`${symbol}|${mode}`)?.quantity ?? 0;
}

/**
 * Whether an order of this kind fires when the mark rises to its trigger (else when it falls
 * to it): a take-profit that sells, a stop-loss that buys, a STOP that buys.
 */
export function firesRising(kind: AlgoLegType | 'STOP', side: Side): boolean {
  return kind === 'TAKE_PROFIT' ? side === 'SELL' : side === 'BUY';
}

/** Whether the trigger is crossed at `mark`. */
export function crossed(kind: AlgoLegType | 'STOP', side: Side, trigger: number, mark: number) {
  return firesRising(kind, side) ? mark >= trigger : mark <= trigger;
}

/** A trigger not yet crossed at `reference` (the mark, or a bracket's order price). */
export function checkTrigger(
  field: string,
  kind: AlgoLegType | 'STOP',
  side: Side,
  trigger: number,
  reference: { price: number; name: string },
): void {
  if (!crossed(kind, side, trigger, reference.price)) return;
  const what =
    kind === 'STOP'
      ? `a ${side} stop`
      : `a ${kind === 'TAKE_PROFIT' ? 'take-profit' : 'stop-loss'} that ${side === 'SELL' ? 'sells' : 'buys'}`;
  const rule = firesRising(kind, side) ? 'above' : 'below';
  throw invalid(field, `${what} must trigger ${rule} the ${reference.name} ${reference.price}`);
}

function checkLegs(
  legs: readonly LegDraft[],
  side: PositionSide,
  prefix: string,
  reference: { price: number; name: string },
) {
  legs.forEach((leg, i) => {
    if (leg.side !== closingSide(side)) {
      throw invalid(
        `${prefix}child_orders[${i}].side`,
        `must be ${closingSide(side)} to close the ${side} position`,
      );
    }
    checkTrigger(
      `${prefix}child_orders[${i}].trigger_price`,
      leg.algoType,
      leg.side,
      leg.triggerPrice,
      reference,
    );
  });
}

/** A SELL trails a rising mark: it activates when the mark rises to its price (a BUY: falls). */
function checkActivation(side: Side, activation: number | null, mark: number): void {
  if (activation === null) return;
  const rising = side === 'SELL';
  if (rising ? activation > mark : activation < mark) return;
  throw invalid(
    'activated_price',
    `a ${side} trailing stop activates when the mark ${rising ? 'rises' : 'falls'} to it: must be ${rising ? 'above' : 'below'} the mark price ${mark}`,
  );
}

/** The position side a standalone TP/SL closes, or -1005 when there is none. */
function positionOf(account: Account, draft: AlgoDraft): PositionRef {
  const qty = positionQty(account, draft.symbol, draft.marginMode);
  if (qty === 0) {
    throw invalid('symbol', `no ${draft.marginMode} position in ${draft.symbol} to close`);
  }
  if (draft.quantity !== null && draft.quantity > Math.abs(qty)) {
    throw invalid('quantity', `must not exceed the position size ${Math.abs(qty)}`);
  }
  return {
    account,
    symbol: draft.symbol,
    mode: draft.marginMode,
    side: qty > 0 ? 'LONG' : 'SHORT',
  };
}

/** Every check of a parsed order against the state; returns the position side a TP/SL closes. */
export function checkDraft(
  state: SandboxState,
  account: Account,
  draft: AlgoDraft,
): PositionSide | null {
  const mark = { price: state.market(draft.symbol).mid, name: 'mark price' };
  const group = draft.group;
  if (draft.algoType === 'STOP') {
    checkTrigger('trigger_price', 'STOP', draft.side!, draft.triggerPrice!, mark);
    return null;
  }
  if (draft.algoType === 'TRAILING_STOP') {
    checkActivation(draft.side!, draft.trailing?.activatedPrice ?? null, mark.price);
    return null;
  }
  if (!group) return null;
  const bracket = draft.algoType === 'BRACKET';
  const at = bracket
    ? { account, symbol: draft.symbol, mode: draft.marginMode, side: openedBy(draft.side!) }
    : positionOf(account, draft);
  const reference =
    bracket && draft.price !== null ? { price: draft.price, name: 'order price' } : mark;
  checkLegs(group.legs, at.side, bracket ? 'child_orders[0].' : '', reference);
  if (group.algoType === 'TP_SL')
    checkPartialSlots(
      state,
      at,
      group.legs.map((l) => l.algoType),
    );
  else if (!bracket) checkFullSlot(state, at);
  return at.side;
}
