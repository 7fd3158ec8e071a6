/**
 * The TP/SL maths' exact decimals (src/risk/exact.ts) against the rational reference
 * (test/helpers/decimal-reference.ts): products exact, quotients to 40 digits truncated,
 * roundings as their names say.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Decimal,
  div,
  exact,
  mul,
  type Rounding,
  roundToPlaces,
  sub,
  toNumber,
} from '../../../src/risk/exact.ts';
import { type Rational, rational, same } from '../../helpers/decimal-reference.ts';

const text = (d: Decimal) => `${d.coefficient}e${d.exponent}`;
const ratOf = (d: Decimal) => rational(text(d));
const abs = (x: bigint) => (x < 0n ? -x : x);

/** Decimal texts up to 12 integer and 8 fraction digits, either sign. */
const decimalText = fc
  .tuple(fc.boolean(), fc.stringMatching(/^[1-9]\d{0,11}$/), fc.stringMatching(/^\d{0,8}$/))
  .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`);
const decimal = decimalText.map((t) => exact(Number(t)));

/** The reference rounding of n/d to `places` decimals, as a rational. */
function roundRational(x: Rational, places: number, mode: Rounding): Rational {
  const scale = 10n ** BigInt(places);
  const n = x.n * scale;
  let q = n / x.d; // toward zero
  const r = abs(n % x.d);
  const away = x.n < 0n ? -1n : 1n;
  if (r !== 0n && mode === 'up') q += away;
  if (mode === 'half-even' && (2n * r > x.d || (2n * r === x.d && q % 2n !== 0n))) q += away;
  return { n: q, d: scale };
}

describe('exact decimals', () => {
  it('multiply and subtract exactly', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        const [x, y] = [ratOf(a), ratOf(b)];
        expect(same(ratOf(mul(a, b)), { n: x.n * y.n, d: x.d * y.d })).toBe(true);
        expect(same(ratOf(sub(a, b)), { n: x.n * y.d - y.n * x.d, d: x.d * y.d })).toBe(true);
      }),
    );
  });

  it('divide to 40 significant digits, cut toward zero', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        fc.pre(b.coefficient !== 0n);
        const [x, y, q] = [ratOf(a), ratOf(b), ratOf(div(a, b))];
        // exact quotient x/y = (x.n·y.d)/(x.d·y.n); error = exact − q, as one rational
        const en = x.n * y.d * q.d - q.n * x.d * y.n;
        const ed = x.d * y.n * q.d;
        // |error| < |exact| × 1e-39 (the generator never makes a zero dividend)…
        expect(abs(en) * 10n ** 39n < abs(x.n * y.d * q.d)).toBe(true);
        // …and the cut never overshoots: the error has the exact quotient's sign
        if (en !== 0n) expect(en > 0n === ed > 0n).toBe(x.n * y.n > 0n);
      }),
    );
  });

  it('round up, down and half-even to any number of places as the reference does', () => {
    const mode = fc.constantFrom<Rounding>('up', 'down', 'half-even');
    fc.assert(
      fc.property(decimal, fc.integer({ min: 0, max: 9 }), mode, (d, places, m) => {
        const want = roundRational(ratOf(d), places, m);
        expect(same(ratOf(roundToPlaces(d, places, m)), want)).toBe(true);
      }),
    );
  });

  it('reads a number as its shortest text and converts back to the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(Object.is(toNumber(exact(n)), n === 0 ? 0 : n)).toBe(true);
      }),
    );
    expect(toNumber(roundToPlaces(exact(2.345), 2, 'half-even'))).toBe(2.34);
    expect(toNumber(roundToPlaces(exact(-2.341), 2, 'up'))).toBe(-2.35);
    expect(() => div(exact(1), exact(0))).toThrow(RangeError);
  });
});
