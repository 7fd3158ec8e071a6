/**
 * Exact decimal arithmetic for the TP/SL price maths (tpsl-price.ts, tpsl-reverse.ts).
 *
 * Why not plain numbers there: those formulas round — entry price up to `quote_dp`, trigger
 * prices cut to `quote_dp`, PnL away from zero to 2 places — and a binary double lands a hair
 * beside a decimal edge (0.3 − 0.1 is 0.19999999999999998 as doubles, which cuts to 0.19, not
 * 0.2). The SDK computes them in decimal; so do we. Inputs are JSON numbers
 * read as their shortest decimal text (`decimalOf`), as a client wrote them.
 *
 * Add, subtract and multiply are exact; a quotient keeps `QUOTIENT_DIGITS` significant digits
 * (truncated), as the vectors' reference does (40-digit decimal).
 */
import { addDecimals, type Decimal, decimalOf } from '../contract/decimal.ts';

export type { Decimal };

export const ZERO: Decimal = { coefficient: 0n, exponent: 0 };

/** Significant digits a quotient keeps. */
const QUOTIENT_DIGITS = 40;

/** The decimal with trailing zeros moved into the exponent (the `Decimal` invariant). */
function normalized(coefficient: bigint, exponent: number): Decimal {
  if (coefficient === 0n) return ZERO;
  let c = coefficient;
  let e = exponent;
  while (c % 10n === 0n) {
    c /= 10n;
    e += 1;
  }
  return { coefficient: c, exponent: e };
}

/** The exact value of a finite number: that of its shortest decimal text. */
export const exact = decimalOf;

/** The double nearest to a decimal (correctly rounded, as parsing its text). */
export function toNumber(d: Decimal): number {
  return Number(`${d.coefficient}e${d.exponent}`);
}

export const add = addDecimals;

export function negate(d: Decimal): Decimal {
  return { coefficient: -d.coefficient, exponent: d.exponent };
}

export function sub(a: Decimal, b: Decimal): Decimal {
  return addDecimals(a, negate(b));
}

export function mul(a: Decimal, b: Decimal): Decimal {
  return normalized(a.coefficient * b.coefficient, a.exponent + b.exponent);
}

const digitCount = (n: bigint) => (n < 0n ? -n : n).toString().length;

/** `a / b` to `QUOTIENT_DIGITS` significant digits, truncated toward zero. */
export function div(a: Decimal, b: Decimal): Decimal {
  if (b.coefficient === 0n) throw new RangeError('division by zero');
  const shift = Math.max(
    0,
    QUOTIENT_DIGITS + digitCount(b.coefficient) - digitCount(a.coefficient),
  );
  const quotient = (a.coefficient * 10n ** BigInt(shift)) / b.coefficient;
  return normalized(quotient, a.exponent - b.exponent - shift);
}

export function abs(d: Decimal): Decimal {
  return d.coefficient < 0n ? negate(d) : d;
}

export const isZero = (d: Decimal) => d.coefficient === 0n;

/** `up`: away from zero; `down`: toward zero (a cut); `half-even`: to nearest, ties to even. */
export type Rounding = 'up' | 'down' | 'half-even';

/** `d` rounded to `places` digits after the point. */
export function roundToPlaces(d: Decimal, places: number, mode: Rounding): Decimal {
  if (d.exponent >= -places) return d;
  const unit = 10n ** BigInt(-places - d.exponent);
  const kept = d.coefficient / unit;
  const rest = d.coefficient % unit;
  return normalized(kept + carry(kept, rest, unit, mode), -places);
}

/** What rounding adds to the kept digits (0 or ±1), given the dropped remainder. */
function carry(kept: bigint, rest: bigint, unit: bigint, mode: Rounding): bigint {
  if (rest === 0n || mode === 'down') return 0n;
  const away = rest < 0n ? -1n : 1n;
  if (mode === 'up') return away;
  const twice = 2n * (rest < 0n ? -rest : rest);
  return twice > unit || (twice === unit && kept % 2n !== 0n) ? away : 0n;
}
