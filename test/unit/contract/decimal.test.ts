/**
 * Exact decimals (src/contract/decimal.ts) against an independent reference: a decimal text as the
 * rational numerator/denominator of BigInts, compared by cross-multiplication. Property tests
 * over random decimal texts (long mantissas, exponents, signs, zeros) and over doubles.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  compareDecimals,
  decimalOf,
  decimalPlaces,
  isMultipleOfStep,
  parseDecimal,
  roundTrips,
} from '../../../src/contract/decimal.ts';
import { isMultipleOf } from '../../../src/sandbox/decimal.ts';
import { exactInDouble, type Rational, rational, same } from '../../helpers/decimal-reference.ts';

const referenceRoundTrips = exactInDouble;
const referenceMultiple = (v: Rational, s: Rational) => (v.n * s.d) % (s.n * v.d) === 0n;

/** Random JSON-number texts: up to 25 integer and 30 fraction digits, exponents ±30. */
const decimalText = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,24}$/)),
    fc.option(fc.stringMatching(/^\d{1,30}$/), { nil: undefined }),
    fc.option(fc.integer({ min: -30, max: 30 }), { nil: undefined }),
  )
  .map(([neg, int, frac, exp]) => {
    const fraction = frac === undefined ? '' : `.${frac}`;
    const exponent = exp === undefined ? '' : `e${exp}`;
    return `${neg ? '-' : ''}${int}${fraction}${exponent}`;
  });
const doubleText = fc.double({ noNaN: true, noDefaultInfinity: true }).map(String);

describe('roundTrips', () => {
  it('refuses the texts of issue 23 and accepts their short forms', () => {
    expect(roundTrips('2000.000000000000000000000000001')).toBe(false);
    expect(roundTrips('0.000200000000000000000000000001')).toBe(false);
    expect(roundTrips('9007199254740993')).toBe(false);
    expect(roundTrips('1e400')).toBe(false);
    expect(roundTrips('1e-400')).toBe(false);
    for (const ok of [
      '2000',
      '2000.0000',
      '0.0002',
      '1e-7',
      '1.5E+21',
      '-0',
      '0.1',
      '123456789012345',
    ]) {
      expect(roundTrips(ok)).toBe(true);
    }
    expect(roundTrips('abc')).toBe(false);
  });

  it('agrees with the rational reference on random decimal texts', () => {
    fc.assert(
      fc.property(fc.oneof(decimalText, doubleText), (text) => {
        expect(roundTrips(text)).toBe(referenceRoundTrips(text));
      }),
      { numRuns: 2_000 },
    );
  });

  it('accepts every double’s shortest text and every decimal of at most 15 significant digits', () => {
    fc.assert(fc.property(doubleText, (text) => roundTrips(text)));
    const short = fc
      .tuple(fc.stringMatching(/^[1-9]\d{0,14}$/), fc.integer({ min: -280, max: 280 }))
      .map(([digits, exp]) => `${digits}e${exp}`);
    fc.assert(fc.property(short, (text) => roundTrips(text)));
  });
});

describe('exact arithmetic', () => {
  it('parseDecimal keeps the exact value', () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const d = parseDecimal(text)!;
        expect(same(rational(`${d.coefficient}e${d.exponent}`), rational(text))).toBe(true);
      }),
    );
  });

  it('isMultipleOfStep agrees with a BigInt reference (fee rates: step 0.00001)', () => {
    const step = fc.constantFrom('0.00001', '0.1', '0.5', '0.25', '5', '1e-8', '0.0025');
    fc.assert(
      fc.property(fc.oneof(decimalText, doubleText), step, (value, s) => {
        const expected = referenceMultiple(rational(value), rational(s));
        expect(isMultipleOfStep(parseDecimal(value)!, parseDecimal(s)!)).toBe(expected);
      }),
      { numRuns: 2_000 },
    );
    // Where floating point says otherwise: 0.00003 % 0.00001 is not 0 in binary.
    expect(0.00003 % 0.00001).not.toBe(0);
    expect(isMultipleOfStep(decimalOf(0.00003), decimalOf(0.00001))).toBe(true);
    expect(isMultipleOfStep(decimalOf(0.000025), decimalOf(0.00001))).toBe(false);
  });

  it('the sandbox step check reads a number by its shortest decimal text, however large', () => {
    // 2^60 prints as 1152921504606847000; toFixed would see ...846976.
    expect(isMultipleOf(2 ** 60, 1000)).toBe(true);
    expect(isMultipleOf(0.3, 0.1)).toBe(true);
    expect(isMultipleOf(0.35, 0.1)).toBe(false);
    fc.assert(
      fc.property(doubleText, fc.constantFrom('0.00001', '0.1', '0.01'), (value, s) => {
        expect(isMultipleOf(Number(value), Number(s))).toBe(
          referenceMultiple(rational(value), rational(s)),
        );
      }),
    );
  });

  it('compareDecimals and addDecimals are exact', () => {
    expect(compareDecimals(addDecimals(decimalOf(0.1), decimalOf(0.2)), decimalOf(0.3))).toBe(0);
    fc.assert(
      fc.property(decimalText, decimalText, (a, b) => {
        const ra = rational(a);
        const rb = rational(b);
        const sum = addDecimals(parseDecimal(a)!, parseDecimal(b)!);
        const rs = rational(`${sum.coefficient}e${sum.exponent}`);
        expect(same(rs, { n: ra.n * rb.d + rb.n * ra.d, d: ra.d * rb.d })).toBe(true);
        const diff = ra.n * rb.d - rb.n * ra.d;
        expect(compareDecimals(parseDecimal(a)!, parseDecimal(b)!)).toBe(
          diff < 0n ? -1 : diff > 0n ? 1 : 0,
        );
      }),
    );
  });

  it('decimalPlaces reads the shortest text', () => {
    expect(decimalPlaces(1e-7)).toBe(7);
    expect(decimalPlaces(1.5e-8)).toBe(9);
    expect(decimalPlaces(1e21)).toBe(0);
    expect(decimalPlaces(0.1 + 0.2)).toBe(17);
  });
});
