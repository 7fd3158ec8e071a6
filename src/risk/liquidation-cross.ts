/**
 * A cross position's estimated liquidation price (market-algo-risk-facts.md §5 **Position
 * liquidation price, cross**; `JS/perp/src/positions/liqPrice.ts`).
 *
 * The account is liquidated where its collateral meets its maintenance margin. Moving only this
 * symbol's mark to `p` (everything else held), collateral is `TC − q × mark + q × p` and the
 * margin `|q| × p × mmr(p) + MM_other`, mmr(p) growing with the notional. With a fixed rate r
 * that is linear, solved by `calc(r)`; the SDK brackets the price between the solutions at the
 * smallest and the current rate and bisects. Plain numbers: see position.ts (the vectors keep
 * every bisection decision at least 1e-9 away from a tie, so doubles decide as decimals do).
 */
import { LIQ_BISECTION_STEPS, LIQ_BISECTION_TOLERANCE } from './constants.ts';
import { type MarginRule, positionMmr, sizeTerm } from './margin-rates.ts';

export interface CrossLiquidationInput extends MarginRule {
  /** Signed: + long, − short. */
  quantity: number;
  markPrice: number;
  /** The position's current MMR (`positionMmr` at its notional, or the row's `mmr`). */
  mmr: number;
  /** The account's total collateral (collateral.ts). */
  totalCollateral: number;
  /** The account's positions in other symbols, each with its current MMR. */
  otherPositions: readonly { quantity: number; markPrice: number; mmr: number }[];
}

interface Solver {
  /** The price solving collateral = margin at a fixed rate, floored at 0. */
  calc(rate: number): number;
  /** Whether the account still meets its maintenance margin with this symbol's mark at `p`. */
  safe(p: number): boolean;
}

function solver(input: CrossLiquidationInput): Solver {
  const { quantity: q, markPrice: mark, totalCollateral: tc } = input;
  const size = Math.abs(q);
  const otherMm = input.otherPositions.reduce(
    (sum, o) => sum + Math.abs(o.quantity) * o.markPrice * o.mmr,
    0,
  );
  return {
    calc: (rate) => Math.max(0, mark + (tc - size * mark * rate - otherMm) / (size * rate - q)),
    safe: (p) => tc - q * mark + q * p >= size * p * positionMmr(input, q * p) + otherMm,
  };
}

/** Whether the bracket is narrow enough: `(right − left) / (left + right) × 2 ≤ 0.0001`. */
const narrow = (left: number, right: number) =>
  ((right - left) / (left + right)) * 2 <= LIQ_BISECTION_TOLERANCE;

/** A long's bracket: below `right` it is unsafe; returns the safe end. */
function bisectLong(s: Solver, from: number, to: number): number {
  let [left, right] = [from, to];
  for (let i = 0; i < LIQ_BISECTION_STEPS; i++) {
    if (left >= right) return right;
    const mid = (left + right) / 2;
    if (s.safe(mid)) right = mid;
    else left = mid;
    if (narrow(left, right)) break;
  }
  return right;
}

/** A short's bracket: above `left` it is unsafe; returns the safe end. */
function bisectShort(s: Solver, from: number, to: number): number {
  let [left, right] = [from, to];
  for (let i = 0; i < LIQ_BISECTION_STEPS; i++) {
    if (left >= right) return left;
    const mid = (left + right) / 2;
    if (s.safe(mid)) left = mid;
    else right = mid;
    if (narrow(left, right)) break;
  }
  return left;
}

/**
 * The mark price at which the account would be liquidated; null without a position or
 * collateral; 0 when no price above zero liquidates a long.
 *
 * Long: bracket `[calc(base_mmr), calc(mmr)]`. Short: `right = calc(mmr)`, `left = calc(max(
 * base_imr, (base_mmr/base_imr) × imr_factor × |q × right|^(4/5)))` — base_IMR, as the SDK's
 * code has it (its doc says base MMR).
 */
export function liqPriceCross(input: CrossLiquidationInput): number | null {
  if (input.quantity === 0 || input.totalCollateral === 0) return null;
  const s = solver(input);
  if (input.quantity > 0) return bisectLong(s, s.calc(input.baseMmr), s.calc(input.mmr));
  const right = s.calc(input.mmr);
  const scaled =
    (input.baseMmr / input.baseImr) * sizeTerm(input.imrFactor, input.quantity * right);
  return bisectShort(s, s.calc(Math.max(input.baseImr, scaled)), right);
}
