/**
 * Exact decimals from their text, read by the gateway (input rules, request parsing) and the
 * sandbox (step checks). A value is `coefficient × 10^exponent` with BigInt coefficient, so
 * no comparison or step check ever goes through binary floating point.
 *
 * Dependency-free on purpose: nothing here imports from the gateway or the sandbox.
 */

/** A JSON number (GraphQL's Int and Float literals are the same grammar). */
export const DECIMAL_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

export interface Decimal {
  /** Signed, without trailing zeros (0 for zero). */
  coefficient: bigint;
  exponent: number;
}

/** The exact value of a decimal text (`DECIMAL_TEXT`); undefined when it is not one. */
export function parseDecimal(text: string): Decimal | undefined {
  if (!DECIMAL_TEXT.test(text)) return undefined;
  const [mantissa = '', exp = '0'] = text.toLowerCase().split('e');
  const [integer = '', fraction = ''] = mantissa.split('.');
  let digits = (integer + fraction).replace(/^-/, '').replace(/^0+/, '');
  if (digits === '') return { coefficient: 0n, exponent: 0 };
  let exponent = Number(exp) - fraction.length;
  const trimmed = digits.replace(/0+$/, '');
  exponent += digits.length - trimmed.length;
  digits = trimmed;
  const magnitude = BigInt(digits);
  return { coefficient: text.startsWith('-') ? -magnitude : magnitude, exponent };
}

const equal = (a: Decimal, b: Decimal) =>
  a.coefficient === b.coefficient && a.exponent === b.exponent;

/**
 * Whether a decimal text survives a 64-bit float: the double nearest to it prints (shortest
 * form, `String(n)`) as the same decimal value. `0.1`, `1.50`, `1e-7` do; `2000.000000000000000000000000001`
 * (read as 2000), `9007199254740993` and `1e400` do not. Up to 15 significant digits always do.
 */
export function roundTrips(text: string): boolean {
  // A double's shortest text has at most 17 significant digits: more can never round-trip,
  // and are refused before any BigInt is built from them (a long text costs only a scan).
  const mantissa = text.split(/[eE]/)[0]!.replace(/[-.]/g, '');
  if (mantissa.replace(/^0+/, '').replace(/0+$/, '').length > 17) return false;
  const exact = parseDecimal(text);
  if (exact === undefined) return false;
  const n = Number(text);
  if (!Number.isFinite(n)) return false;
  return equal(exact, parseDecimal(String(n)) as Decimal);
}

/** The exact decimal value of a finite number: that of its shortest round-trip text. */
export function decimalOf(n: number): Decimal {
  if (!Number.isFinite(n)) throw new RangeError(`${n} is not a finite number`);
  return parseDecimal(String(n)) as Decimal;
}

/** Digits after the point of a finite number's shortest decimal text (`1e-7` → 7, `0.1` → 1). */
export function decimalPlaces(n: number): number {
  return Math.max(0, -decimalOf(n).exponent);
}

/** Both values as integers over the same power of ten. */
function scaled(a: Decimal, b: Decimal): [bigint, bigint] {
  const e = Math.min(a.exponent, b.exponent);
  return [
    a.coefficient * 10n ** BigInt(a.exponent - e),
    b.coefficient * 10n ** BigInt(b.exponent - e),
  ];
}

/** Whether `value` is an exact multiple of `step` (> 0), both exact decimals. */
export function isMultipleOfStep(value: Decimal, step: Decimal): boolean {
  const [v, s] = scaled(value, step);
  return s > 0n && v % s === 0n;
}

/** -1, 0 or 1 as `a` is below, equal to or above `b`. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const [x, y] = scaled(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The exact sum of two decimals. */
export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const [x, y] = scaled(a, b);
  const sum = x + y;
  return parseDecimal(`${sum}e${Math.min(a.exponent, b.exponent)}`) as Decimal;
}
