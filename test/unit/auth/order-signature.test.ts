import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeyFormatError, parseTradingKey } from '../../../src/auth/keys.ts';
import {
  normalizeOrderParams,
  OrderParamsError,
  OrderSigner,
  signOrder,
  verifyOrderSignature,
} from '../../../src/auth/order-signature.ts';
import { vectors } from './signing-vectors.ts';

const { tradingSecret, tradingKey, cases } = vectors.orderSignature;
const signer = new OrderSigner(tradingSecret);
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
const ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

function withV(signature: string, v: number): string {
  return signature.slice(0, 128) + v.toString(16).padStart(2, '0');
}

describe('order signature vectors', () => {
  it('has cases, the first being the published one', () => {
    expect(cases.length).toBeGreaterThan(0);
    expect(cases[0]!.source).toBe('published');
  });

  it.each(cases)('$normalized', (c) => {
    expect(normalizeOrderParams(c.params)).toBe(c.normalized);
    expect(signer.sign(c.params)).toBe(c.signature);
    expect(signer.tradingKey).toBe(tradingKey);
    expect(signOrder(tradingSecret, c.params)).toEqual({
      normalized: c.normalized,
      signature: c.signature,
      tradingKey,
    });
    expect(verifyOrderSignature(tradingKey, c.params, c.signature)).toBe(true);
    expect(verifyOrderSignature(tradingKey, c.normalized, c.signature)).toBe(true);
  });

  it('produces low-s signatures with v 00 or 01', () => {
    for (const c of cases) {
      const s = BigInt(`0x${signer.sign(c.params).slice(64, 128)}`);
      expect(s <= HALF_ORDER).toBe(true);
      expect(['00', '01']).toContain(signer.sign(c.params).slice(128));
    }
  });
});

describe('normalizeOrderParams', () => {
  it('sorts keys, drops null and undefined, writes booleans and numbers like Python', () => {
    const params = {
      z: 'last',
      a: true,
      m: false,
      n: null,
      u: undefined,
      price: 150.0,
      tiny: 1e-5,
      big: 12345678901n,
      digits: 0.1 + 0.2,
    };
    expect(normalizeOrderParams(params)).toBe(
      'a=True&big=12345678901&digits=0.3&m=False&price=150&tiny=1e-05&z=last',
    );
  });

  it('sorts by code point like Python, not by UTF-16 unit', () => {
    // U+FF5E (one unit 0xFF5E) sorts before U+1F600 (units 0xD83D 0xDE00) by code point.
    expect(normalizeOrderParams({ '😀': 1, '～': 2, b: 3, B: 4 })).toBe('B=4&b=3&～=2&😀=1');
  });

  it('orders any set of keys, few or many, as a sort by code point does', () => {
    const byCodePoint = (a: string, b: string) => {
      const x = Array.from(a, (c) => c.codePointAt(0)!);
      const y = Array.from(b, (c) => c.codePointAt(0)!);
      for (let i = 0; i < Math.min(x.length, y.length); i++)
        if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    };
    const keys = fc.oneof(
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'grapheme', maxLength: 4 }),
    );
    fc.assert(
      fc.property(fc.uniqueArray(keys, { maxLength: 40 }), (names) => {
        const params = Object.fromEntries(names.map((name, i) => [name, i]));
        const expected = Object.keys(params)
          .sort(byCodePoint)
          .map((name) => `${name}=${params[name]}`)
          .join('&');
        expect(normalizeOrderParams(params)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps strings exactly and writes other values as text', () => {
    expect(normalizeOrderParams({ s: '150.00', t: 'enum:GRID_PRO', list: [1, 2] })).toBe(
      'list=1,2&s=150.00&t=enum:GRID_PRO',
    );
    expect(normalizeOrderParams({})).toBe('');
  });

  it('throws OrderParamsError naming the parameter for non-finite numbers', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => normalizeOrderParams({ order_price: bad })).toThrow(OrderParamsError);
      expect(() => normalizeOrderParams({ order_price: bad })).toThrow(/order_price/);
    }
  });

  it('throws OrderParamsError for non-object input', () => {
    for (const bad of [null, undefined, [], 'a=1', 42]) {
      expect(() => normalizeOrderParams(bad as unknown as Record<string, unknown>)).toThrow(
        OrderParamsError,
      );
    }
    expect(() => signer.sign(null as unknown as Record<string, unknown>)).toThrow(
      /expected an object/,
    );
  });
});

describe('OrderSigner', () => {
  it('fails at construction on a malformed secret', () => {
    expect(() => new OrderSigner(tradingSecret.slice(1))).toThrow(KeyFormatError);
    expect(() => new OrderSigner('0'.repeat(64))).toThrow(KeyFormatError);
    expect(() => signOrder('nope', {})).toThrow(KeyFormatError);
  });

  it('accepts 0x and upper-case secrets and signs deterministically', () => {
    const other = new OrderSigner(`0x${tradingSecret.toUpperCase()}`);
    expect(other.tradingKey).toBe(tradingKey);
    expect(other.sign(cases[1]!.params)).toBe(signer.sign(cases[1]!.params));
  });
});

describe('verifyOrderSignature', () => {
  const c = cases[0]!;

  it('round-trips fresh parameters and accepts every key form', () => {
    const params = { symbol: 'PERP_BTC_USDC', order_type: 'LIMIT', side: 'BUY', order_price: 1e-7 };
    const signature = signer.sign(params);
    expect(verifyOrderSignature(tradingKey, params, signature)).toBe(true);
    expect(verifyOrderSignature(`04${tradingKey}`, params, signature)).toBe(true);
    const point = parseTradingKey(tradingKey);
    expect(verifyOrderSignature(point, params, signature)).toBe(true);
    expect(verifyOrderSignature(point.subarray(1), params, signature)).toBe(true);
  });

  it('accepts v written as 27..30 and upper-case hex', () => {
    const v = Number.parseInt(c.signature.slice(128), 16);
    expect(verifyOrderSignature(tradingKey, c.params, withV(c.signature, v + 27))).toBe(true);
    expect(verifyOrderSignature(tradingKey, c.params, c.signature.toUpperCase())).toBe(true);
  });

  it('fails on tampered parameters, key, r, s or v', () => {
    expect(verifyOrderSignature(tradingKey, { ...c.params, order_price: 15.24 }, c.signature)).toBe(
      false,
    );
    expect(verifyOrderSignature(tradingKey, `${c.normalized}&x=1`, c.signature)).toBe(false);
    const otherKey = new OrderSigner('01'.repeat(32)).tradingKey;
    expect(verifyOrderSignature(otherKey, c.params, c.signature)).toBe(false);
    const r = c.signature.slice(0, 64);
    const s = c.signature.slice(64, 128);
    const flip = (hex: string) => (hex[5] === '0' ? '1' : '0');
    const badR = `${r.slice(0, 5)}${flip(r)}${r.slice(6)}${s}${c.signature.slice(128)}`;
    const badS = `${r}${s.slice(0, 5)}${flip(s)}${s.slice(6)}${c.signature.slice(128)}`;
    expect(verifyOrderSignature(tradingKey, c.params, badR)).toBe(false);
    expect(verifyOrderSignature(tradingKey, c.params, badS)).toBe(false);
    const v = Number.parseInt(c.signature.slice(128), 16);
    expect(verifyOrderSignature(tradingKey, c.params, withV(c.signature, v ^ 1))).toBe(false);
  });

  it('rejects the high-s twin of a valid signature', () => {
    const s = BigInt(`0x${c.signature.slice(64, 128)}`);
    const v = Number.parseInt(c.signature.slice(128), 16);
    const twin =
      c.signature.slice(0, 64) + (ORDER - s).toString(16).padStart(64, '0') + withV('', v ^ 1);
    expect(verifyOrderSignature(tradingKey, c.params, twin)).toBe(false);
  });

  it('returns false, never throws, for garbage', () => {
    const garbage: [unknown, unknown, unknown][] = [
      [tradingKey, c.params, ''],
      [tradingKey, c.params, c.signature.slice(2)],
      [tradingKey, c.params, withV(c.signature, 4)],
      [tradingKey, c.params, withV(c.signature, 31)],
      [tradingKey, c.params, `${'0'.repeat(64)}${c.signature.slice(64)}`],
      [tradingKey, c.params, 'zz'.repeat(65)],
      [tradingKey, { order_price: Number.NaN }, c.signature],
      [tradingKey, null, c.signature],
      ['abc', c.params, c.signature],
      [new Uint8Array(12), c.params, c.signature],
      [tradingKey, c.params, 7],
    ];
    for (const [k, p, s] of garbage) {
      expect(verifyOrderSignature(k as string, p as Record<string, unknown>, s as string)).toBe(
        false,
      );
    }
  });
});
