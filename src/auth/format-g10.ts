/**
 * Python's `format(v, '.10g')` for JavaScript numbers, the number format of the order
 * signature's normalized string.
 *
 * Python rounds the exact binary value to 10 significant digits, half to even, then writes
 * fixed notation when the decimal exponent is in [-4, 10) and `d.ddde±XX` otherwise, with
 * trailing zeros (and a trailing '.') removed. `Number#toPrecision` also rounds the exact
 * binary value correctly, but breaks exact ties upward; those ties are detected and fixed.
 */

interface Decimal {
  /** Significant digits, first one non-zero. */
  digits: string;
  /** Decimal exponent of the first digit. */
  exponent: number;
}

/** Splits `toPrecision` output (fixed or exponent form) of a positive number. */
function parsePrecision(text: string): Decimal {
  const [mantissa = '', exponentPart] = text.split('e');
  const [integer = '', fraction = ''] = mantissa.split('.');
  const all = integer + fraction;
  let lead = 0;
  while (all[lead] === '0') lead++;
  return {
    digits: all.slice(lead),
    exponent: integer.length - 1 - lead + (exponentPart === undefined ? 0 : Number(exponentPart)),
  };
}

const view = new DataView(new ArrayBuffer(8));

/** All significant digits of the exact value of a positive finite double (no trailing zeros). */
function exactDigits(value: number): string {
  view.setFloat64(0, value);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  const mantissa = biased === 0 ? fraction : fraction | 0x10000000000000n;
  const exponent = biased === 0 ? -1074 : biased - 1075;
  // m·2^e with e < 0 is m·5^-e / 10^-e: its digits are those of m·5^-e.
  const digits =
    exponent >= 0
      ? (mantissa << BigInt(exponent)).toString()
      : (mantissa * 5n ** BigInt(-exponent)).toString();
  return digits.replace(/0+$/, '');
}

/** 10 significant digits of a positive finite number, rounded half to even like Python. */
function round10(value: number): Decimal {
  const eleven = parsePrecision(value.toPrecision(11));
  const tenth = eleven.digits.charCodeAt(9) - 48;
  // An exact tie has exactly 11 significant digits, the last a 5; toPrecision rounds it up,
  // Python rounds it to the even neighbour, which is the truncation when the 10th is even.
  if (eleven.digits[10] === '5' && tenth % 2 === 0 && exactDigits(value).length === 11) {
    return { digits: eleven.digits.slice(0, 10), exponent: eleven.exponent };
  }
  return parsePrecision(value.toPrecision(10));
}

/**
 * The common case without rounding: a number in [1e-4, 1e10) whose shortest round-trip text
 * (`String`, fixed notation in that range) has at most 10 significant digits. That text is
 * then the 10-digit rounding of the exact value too: the value lies within half an ulp
 * (~1e-16 relative) of it, far inside half a step of the 10-digit grid (~5e-11 relative), so
 * no tie and no other neighbour is possible. Prices and quantities (1000, 0.02, 15.23) take
 * this path; the rest is computed digit by digit below. Null when it does not apply.
 */
function shortestIfTenDigits(value: number): string | null {
  const magnitude = Math.abs(value);
  if (!(magnitude >= 1e-4 && magnitude < 1e10)) return null;
  const text = String(value);
  let significant = 0;
  let leading = true;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) continue; // '-' and '.'
    if (leading && code === 48) continue;
    leading = false;
    if (++significant > 10) return null;
  }
  return text;
}

/** Exactly Python's `format(value, '.10g')`. */
export function formatG10(value: number): string {
  return shortestIfTenDigits(value) ?? formatG10ByDigits(value);
}

/** `formatG10` without the shortcut: rounds every value digit by digit (exported for tests). */
export function formatG10ByDigits(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const sign = value < 0 ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}inf`;
  const { digits: rounded, exponent } = round10(Math.abs(value));
  const digits = rounded.replace(/0+$/, '');
  if (exponent >= -4 && exponent < 10) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const integer = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    return fraction === '' ? sign + integer : `${sign}${integer}.${fraction}`;
  }
  const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const exponentText = String(Math.abs(exponent)).padStart(2, '0');
  return `${sign}${mantissa}e${exponent < 0 ? '-' : '+'}${exponentText}`;
}
