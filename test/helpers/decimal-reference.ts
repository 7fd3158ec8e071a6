/**
 * The reference the exact-decimal tests compare with: a decimal text's exact rational value,
 * in BigInt, independent of the code under test.
 */
export interface Rational {
  n: bigint;
  d: bigint;
}

/** The exact rational value of a decimal text (sign, digits, fraction, exponent). */
export function rational(text: string): Rational {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) throw new Error(`not a decimal: ${text}`);
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  const e = Number(exp) - frac.length;
  const digits = BigInt(int + frac) * (sign ? -1n : 1n);
  return e >= 0 ? { n: digits * 10n ** BigInt(e), d: 1n } : { n: digits, d: 10n ** BigInt(-e) };
}

export const same = (a: Rational, b: Rational) => a.n * b.d === b.n * a.d;

/** Whether a double holds the text's value exactly (its shortest form reads back equal). */
export const exactInDouble = (text: string) =>
  Number.isFinite(Number(text)) && same(rational(text), rational(String(Number(text))));
