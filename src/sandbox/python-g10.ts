/**
 * Python's `'%.10g'` of a double, the sandbox's own way (normalize.ts says why it is apart
 * from the gateway's `src/auth/format-g10.ts`): the exact decimal expansion of the double
 * (BigInt), rounded to 10 significant digits half to even by string comparison. Slower than
 * the gateway's `toPrecision` path (fine for a test double), and it shares no code with it.
 */

const bits = new DataView(new ArrayBuffer(8));

/** Every digit of the exact value of a positive finite double, and the power of ten of the first. */
function exactDecimal(value: number): { digits: string; exponent: number } {
  bits.setFloat64(0, value);
  const raw = bits.getBigUint64(0);
  const biased = Number((raw >> 52n) & 0x7ffn);
  const fraction = raw & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const power = (biased === 0 ? 1 : biased) - 1075;
  if (power >= 0) {
    const digits = (mantissa << BigInt(power)).toString();
    return { digits, exponent: digits.length - 1 };
  }
  // m / 2^k = m·5^k / 10^k
  const digits = (mantissa * 5n ** BigInt(-power)).toString();
  return { digits, exponent: digits.length - 1 + power };
}

/** 10 significant digits, half to even on the exact value. */
function roundTen(value: number): { digits: string; exponent: number } {
  let { digits, exponent } = exactDecimal(value);
  if (digits.length <= 10) return { digits, exponent };
  const head = digits.slice(0, 10);
  const rest = digits.slice(10);
  const first = rest.charCodeAt(0) - 48;
  const beyondHalf = /[1-9]/.test(rest.slice(1));
  const odd = (head.charCodeAt(9) - 48) % 2 === 1;
  const up = first > 5 || (first === 5 && (beyondHalf || odd));
  digits = up ? (BigInt(head) + 1n).toString() : head;
  if (digits.length > 10) {
    digits = digits.slice(0, 10);
    exponent += 1;
  }
  return { digits, exponent };
}

/** Python's `'%.10g' % value`. */
export function pythonG10(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const magnitude = Math.abs(value);
  if (magnitude === Number.POSITIVE_INFINITY) return `${sign}inf`;
  if (magnitude === 0) return `${sign}0`;
  const rounded = roundTen(magnitude);
  const digits = rounded.digits.replace(/0+$/, '') || '0';
  const { exponent } = rounded;
  if (exponent < -4 || exponent >= 10) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exponent);
    return `${sign}${mantissa}e${exponent < 0 ? '-' : '+'}${e < 10 ? `0${e}` : e}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const whole = digits.length > exponent + 1 ? digits.slice(0, exponent + 1) : digits;
  const fraction = digits.slice(exponent + 1);
  const integer = whole + '0'.repeat(exponent + 1 - whole.length);
  return fraction ? `${sign}${integer}.${fraction}` : sign + integer;
}
