/**
 * Exact decimal arithmetic on JSON numbers: a number's value is its shortest round-trip
 * decimal text (what `String(n)` prints and what a client wrote), never its binary fraction.
 */
import { decimalOf, decimalPlaces, isMultipleOfStep } from '../contract/decimal.ts';

export { decimalPlaces } from '../contract/decimal.ts';

/** Decimal places of a step such as 0.00001 (5) or 0.1 (1). */
export const stepPlaces = decimalPlaces;

/** Whether `value` is an exact multiple of `step` as decimals (0.00003 of 0.00001: yes). */
export function isMultipleOf(value: number, step: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(step)) return false;
  return isMultipleOfStep(decimalOf(value), decimalOf(step));
}

/** Rounds to `places` decimals, removing binary noise (0.1 + 0.2 → 0.3). */
export function round(value: number, places = 8): number {
  const r = Number(value.toFixed(places));
  return Object.is(r, -0) ? 0 : r;
}

/** Largest multiple of `step` not above `value` (quantities from an amount). */
export function floorTo(value: number, step: number): number {
  const places = decimalPlaces(step);
  return round(Math.floor(round(value / step, 6)) * step, places);
}
