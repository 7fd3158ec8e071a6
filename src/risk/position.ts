/**
 * One position's exposure and PnL (market-algo-risk-facts.md §5: **Notional**, **Unrealized
 * PnL**, **Unsettled PnL**, **Position ROI**; `JS/perp/src/positions/*`).
 *
 * Plain numbers (binary64) for every formula outside the TP/SL maths: these involve no
 * rounding step, their inputs arrive as JSON numbers (doubles) from the upstream anyway, and
 * the size-dependent ones need fractional powers no exact decimal gives. The vectors
 * (test/fixtures/risk.json) were re-checked with every input rounded to binary64 and agree to
 * 1e-11 relative, far inside the 1e-9 they demand.
 */

/** `|qty × mark|`. */
export function notional(quantity: number, markPrice: number): number {
  return Math.abs(quantity * markPrice);
}

/** `qty × (mark − average_open_price)`; qty signed (+ long, − short). */
export function unrealizedPnl(quantity: number, markPrice: number, averageOpenPrice: number) {
  return quantity * (markPrice - averageOpenPrice);
}

export interface UnsettledPnlInput {
  quantity: number;
  markPrice: number;
  /** The position's `cost_position` (signed). */
  costPosition: number;
  /** The symbol's `sum_unitary_funding` now (GET /v1/public/funding_rates). */
  sumUnitaryFunding: number;
  /** Its value at the position's last settlement. */
  lastSumUnitaryFunding: number;
}

/** `qty × mark − cost_position − qty × (sum_unitary_funding − last_sum_unitary_funding)`. */
export function unsettledPnl(input: UnsettledPnlInput): number {
  const { quantity, markPrice, costPosition } = input;
  const funding = quantity * (input.sumUnitaryFunding - input.lastSumUnitaryFunding);
  return quantity * markPrice - costPosition - funding;
}

/**
 * A known unsettled PnL (a position row's `unsettled_pnl`, read at `fromMark`) moved to a new
 * mark: unsettled PnL is linear in the mark (the formula above), so only `qty × Δmark` changes.
 */
export function unsettledPnlAtMark(
  unsettled: number,
  quantity: number,
  fromMark: number,
  toMark: number,
): number {
  return unsettled + quantity * (toMark - fromMark);
}

export interface RoiInput {
  unrealizedPnl: number;
  quantity: number;
  averageOpenPrice: number;
  /** The position's initial margin rate (margin-rates.ts `positionImr`). */
  imr: number;
}

/** `upnl / (|qty| × average_open_price × imr)`; 0 when any of the four is 0. */
export function unrealizedRoi(input: RoiInput): number {
  const { unrealizedPnl: upnl, quantity, averageOpenPrice, imr } = input;
  if (upnl === 0 || quantity === 0 || averageOpenPrice === 0 || imr === 0) return 0;
  return upnl / (Math.abs(quantity) * averageOpenPrice * imr);
}
