/**
 * The largest cross order a side may place (market-algo-risk-facts.md §5 **Max order
 * quantity, cross** `maxQtyByLong` / `maxQtyByShort` and the hooks' reduce-only rule;
 * `JS/perp/src/account/maxQty.ts`, `JS/hooks/src/svc/useMaxQty.ts`). Plain numbers: see
 * position.ts.
 *
 * `room = TC − otherIMs`, `fee = 2 × taker_fee_bps × 0.0001`:
 * - by leverage: `f1 = room / (max(1/lev, base_imr) + fee) / mark × 0.995 ∓ exposure`
 * - by size (imr_factor): `f2 = ((room / imr_factor)^(1/1.8) / mark ∓ exposure) / (1 + fee) × 0.995`
 * where the exposure is `pos + pending_long` for a buy and `−pos + pending_short` for a sell;
 * the answer is `min(base_max, f1[, f2])`, floored at 0.
 */
import { BPS, MAX_QTY_SAFETY_FACTOR, MAX_QTY_SIZE_POWER } from './constants.ts';

export interface MaxQtyInput {
  side: 'BUY' | 'SELL';
  reduceOnly?: boolean;
  /** Signed position in the symbol: + long, − short. */
  quantity: number;
  pendingLongQuantity: number;
  pendingShortQuantity: number;
  /** Cross initial margin of every other symbol (initial-margin.ts `otherInitialMargins`). */
  otherInitialMargins: number;
  totalCollateral: number;
  markPrice: number;
  /** The symbol's leverage (leverage.ts `effectiveLeverage`). */
  leverage: number;
  baseImr: number;
  imrFactor: number;
  /** GET /v1/public/info `base_max`. */
  baseMax: number;
  /** GET /v1/client/info `futures_taker_fee_rate`, in basis points. */
  takerFeeBps: number;
}

/** Reduce-only closes at most the position: a long sells it, a short buys it back. */
function reduceOnlyMax(side: 'BUY' | 'SELL', quantity: number): number {
  if (side === 'BUY') return quantity < 0 ? -quantity : 0;
  return quantity > 0 ? quantity : 0;
}

/** The maximum before its floor at 0. */
function rawMax(input: MaxQtyInput): number {
  const buy = input.side === 'BUY';
  if (buy && input.totalCollateral === 0) return 0;
  const pending = buy ? input.pendingLongQuantity : input.pendingShortQuantity;
  // What this side already uses up: a long plus its buys for a buy, a short plus its sells.
  const used = buy ? input.quantity + pending : -input.quantity + pending;
  const fee = 2 * input.takerFeeBps * BPS;
  const room = input.totalCollateral - input.otherInitialMargins;
  const rate = Math.max(1 / input.leverage, input.baseImr);
  const f1 = (room / (rate + fee) / input.markPrice) * MAX_QTY_SAFETY_FACTOR - used;
  if ((input.quantity === 0 && pending === 0) || input.imrFactor === 0) {
    return Math.min(input.baseMax, f1);
  }
  // (room / imr_factor)^(1/1.8) has no real value for a negative room: 0, as the vectors say.
  if (room < 0) return 0;
  const bySize = (room / input.imrFactor) ** MAX_QTY_SIZE_POWER / input.markPrice;
  const f2 = ((bySize - used) / (1 + fee)) * MAX_QTY_SAFETY_FACTOR;
  return Math.min(input.baseMax, f1, f2);
}

/** The largest quantity (≥ 0) an order on `side` may have. */
export function maxQtyCross(input: MaxQtyInput): number {
  if (input.reduceOnly) return reduceOnlyMax(input.side, input.quantity);
  return Math.max(0, rawMax(input));
}
