import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatG10ByDigits } from '../../../src/auth/format-g10.ts';
import { formatG10 } from '../../../src/auth/order-signature.ts';

// Expected values are Python's `format(v, '.10g')`: 10 significant digits, the exact binary value
// rounded half to even, exponent form when the exponent is < -4 or >= 10, trailing zeros removed,
// exponent written with a sign and at least two digits.
const table: [string, number, string][] = [
  // tiny: the switch to exponent form below 1e-4
  ['1e-05', 1e-5, '1e-05'],
  ['-1e-05', -1e-5, '-1e-05'],
  ['0.0001', 0.0001, '0.0001'],
  ['-0.000123', -0.000123, '-0.000123'],
  ['0.00012345678912', 0.00012345678912, '0.0001234567891'],
  ['0.00009999999999', 0.00009999999999, '9.999999999e-05'],
  ['0.000099999999995 rounds up into fixed form', 0.000099999999995, '0.0001'],
  ['1.5e-07', 1.5e-7, '1.5e-07'],
  ['smallest subnormal', 5e-324, '4.940656458e-324'],
  // huge: the switch to exponent form at 1e10
  ['1e+16', 1e16, '1e+16'],
  ['12345678901', 12345678901, '1.23456789e+10'],
  ['9999999999', 9999999999, '9999999999'],
  ['9999999999.5 carries into 1e+10', 9999999999.5, '1e+10'],
  ['1e10', 1e10, '1e+10'],
  ['1e100', 1e100, '1e+100'],
  ['2**53', 2 ** 53, '9.007199255e+15'],
  ['largest double', Number.MAX_VALUE, '1.797693135e+308'],
  ['-987654321098', -987654321098, '-9.876543211e+11'],
  // many digits
  ['0.1 + 0.2', 0.1 + 0.2, '0.3'],
  ['1234567.891234', 1234567.891234, '1234567.891'],
  ['12345.678901234', 12345.678901234, '12345.6789'],
  ['Math.PI', Math.PI, '3.141592654'],
  ['1.00000000049', 1.00000000049, '1'],
  ['1.0000000005 (binary value just above the tie)', 1.0000000005, '1.000000001'],
  // integral floats and plain values
  ['150.0', 150.0, '150'],
  ['2', 2, '2'],
  ['123456789', 123456789, '123456789'],
  ['15.23', 15.23, '15.23'],
  ['100.12', 100.12, '100.12'],
  ['0.987654', 0.987654, '0.987654'],
  ['0.01', 0.01, '0.01'],
  ['0.5', 0.5, '0.5'],
  ['-2.5', -2.5, '-2.5'],
  ['0', 0, '0'],
  ['-0', -0, '-0'],
  // exact binary ties at the 10th digit: half to even (toPrecision alone would round up)
  ['1234567890.5 (tie, even)', 1234567890.5, '1234567890'],
  ['-1234567890.5 (tie, even)', -1234567890.5, '-1234567890'],
  ['1234567891.5 (tie, odd)', 1234567891.5, '1234567892'],
  ['12345678905 (tie, even)', 12345678905, '1.23456789e+10'],
  ['12345678915 (tie, odd)', 12345678915, '1.234567892e+10'],
  ['123456789.25 (tie, even)', 123456789.25, '123456789.2'],
  ['123456789.75 (tie, odd)', 123456789.75, '123456789.8'],
  ['1234567890.49999 (below the tie)', 1234567890.49999, '1234567890'],
];

describe('formatG10', () => {
  it.each(table)('%s', (_name, value, expected) => {
    expect(formatG10(value)).toBe(expected);
    expect(formatG10ByDigits(value)).toBe(expected);
  });

  // The shortcut (shortest text when it has ≤ 10 digits) must agree with rounding by digits.
  it('gives the digit-by-digit answer for any double', () => {
    const prices = fc
      .tuple(fc.integer({ min: 1, max: 9_999_999_999 }), fc.integer({ min: 0, max: 14 }))
      .map(([digits, places]) => digits / 10 ** places);
    const anyDouble = fc.double({ noNaN: true });
    const nearEdges = fc.constantFrom(1e-4, 1e10, 9999999999.5, 9999999999.4, 0.000099999999995);
    fc.assert(
      fc.property(fc.oneof(prices, anyDouble, nearEdges), fc.boolean(), (value, negative) => {
        const v = negative ? -value : value;
        expect(formatG10(v)).toBe(formatG10ByDigits(v));
      }),
      { numRuns: 20_000 },
    );
  });

  it('differs from plain toPrecision exactly where Python breaks a tie to even', () => {
    expect((1234567890.5).toPrecision(10)).toBe('1234567891');
    expect(formatG10(1234567890.5)).toBe('1234567890');
  });

  it("writes non-finite values as Python does ('nan', 'inf')", () => {
    expect(formatG10(Number.NaN)).toBe('nan');
    expect(formatG10(Number.POSITIVE_INFINITY)).toBe('inf');
    expect(formatG10(Number.NEGATIVE_INFINITY)).toBe('-inf');
  });
});
