/**
 * Leverage: which one the maths uses, the caps a leverage change is checked against, and the
 * account's current and estimated leverage (market-algo-risk-facts.md §4 "Validation" and
 * "Position leverage used in maths", §1 "Max symbol leverage", §5 **current leverage** and
 * **Estimated leverage after an order**; `JS/perp/src/positions/maxPosition.ts`,
 * `account/leverage.ts`, `order.ts estLeverage`). Plain numbers: see position.ts.
 */

import { IMR_FACTOR_POWER } from './constants.ts';
import { exact, roundToPlaces, toNumber } from './exact.ts';

/** Floors a leverage computed as 1/x: 1/0.1 must give 10 even if a double lands a hair under. */
const floorLeverage = (x: number) => Math.floor(x + 1e-9);

/**
 * The leverage a position's margin uses: the position's own (`/v1/positions` `leverage`), else
 * the symbol + margin-mode setting (`GET /v1/client/leverage`), else 1. A 0 counts as absent.
 */
export function effectiveLeverage(
  positionLeverage: number | null | undefined,
  setting?: number | null,
): number {
  return positionLeverage || setting || 1;
}

/** `floor(1/base_imr)`, capped by the account's `max_leverage` (GET /v1/client/info) if given. */
export function maxSymbolLeverage(baseImr: number, accountMaxLeverage?: number): number {
  const symbolMax = floorLeverage(1 / baseImr);
  return accountMaxLeverage ? Math.min(symbolMax, accountMaxLeverage) : symbolMax;
}

/** The largest notional a leverage allows: `(1 / (leverage × imr_factor))^(1/0.8)`; ∞ at factor 0. */
export function maxPositionNotional(leverage: number, imrFactor: number): number {
  if (imrFactor === 0) return Number.POSITIVE_INFINITY;
  return (1 / (leverage * imrFactor)) ** (1 / IMR_FACTOR_POWER);
}

/** The largest leverage a notional allows: `floor(min(1/(imr_factor × notional^0.8), 1/base_imr))`. */
export function maxPositionLeverage(notional: number, imrFactor: number, baseImr: number): number {
  const bySize = 1 / (imrFactor * Math.abs(notional) ** IMR_FACTOR_POWER);
  return floorLeverage(Math.min(bySize, 1 / baseImr));
}

/** `1 / margin_ratio`; 0 when the ratio is 0 (no positions, or no collateral). */
export function currentLeverage(marginRatio: number): number {
  return marginRatio === 0 ? 0 : 1 / marginRatio;
}

export interface EstLeverageInput {
  totalCollateral: number;
  positions: readonly { symbol: string; quantity: number; markPrice: number }[];
  /** The order: signed quantity (+ buy, − sell) at its reference price. */
  order: { symbol: string; quantity: number; price: number };
}

/**
 * Leverage after an order fills: `Σ|notional, the order's added to its symbol| / TC`, 2 decimals
 * half-even; null when TC ≤ 0 or nothing is held.
 */
export function estLeverageAfterOrder(input: EstLeverageInput): number | null {
  const { totalCollateral, positions, order } = input;
  if (totalCollateral <= 0) return null;
  const orderNotional = order.quantity * order.price;
  let held = false;
  let sum = 0;
  for (const p of positions) {
    const same = p.symbol === order.symbol;
    held ||= same;
    sum += Math.abs(p.quantity * p.markPrice + (same ? orderNotional : 0));
  }
  if (!held) sum += Math.abs(orderNotional);
  if (sum === 0) return null;
  return toNumber(roundToPlaces(exact(1 / (totalCollateral / sum)), 2, 'half-even'));
}
