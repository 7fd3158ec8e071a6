import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import {
  ed25519PublicKeyOf,
  formatEd25519PublicKey,
  generateEd25519Secret,
  generateTradingSecret,
  KeyFormatError,
  parseEd25519PublicKey,
  parseEd25519Secret,
  parseTradingKey,
  parseTradingSecret,
  tradingKeyOf,
} from '../../../src/auth/keys.ts';
import { vectors } from './signing-vectors.ts';

const { secret, key } = vectors.requestSignature;
const { tradingSecret, tradingKey } = vectors.orderSignature;
const CURVE_ORDER = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';

/** Asserts a KeyFormatError whose message matches `rule` and carries no part of the input. */
function expectKeyFormatError(parse: () => unknown, input: string, rule: RegExp): void {
  let caught: unknown;
  try {
    parse();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(KeyFormatError);
  const message = (caught as Error).message;
  expect(message).toMatch(rule);
  const body = input.replace(/^(ed25519:|0x)/, '');
  if (body.length >= 8) {
    for (let i = 0; i + 8 <= body.length; i++) expect(message).not.toContain(body.slice(i, i + 8));
  }
}

describe('ed25519 secrets', () => {
  it('derives the vector key from the vector secret', () => {
    expect(formatEd25519PublicKey(ed25519PublicKeyOf(parseEd25519Secret(secret)))).toBe(key);
  });

  it('gives the same seed for 32 and 64 bytes, with or without the prefix', () => {
    const seed = parseEd25519Secret(secret);
    expect(bs58.decode(secret)).toHaveLength(64);
    const short = bs58.encode(seed);
    for (const text of [secret, `ed25519:${secret}`, short, `ed25519:${short}`, ` ${short}\n`]) {
      expect(parseEd25519Secret(text)).toEqual(seed);
    }
  });

  it('rejects malformed secrets without echoing them', () => {
    expectKeyFormatError(() => parseEd25519Secret(''), '', /ed25519 secret: empty/);
    const notBase58 = `${secret.slice(0, 40)}0OIl${secret.slice(44)}`;
    expectKeyFormatError(() => parseEd25519Secret(notBase58), notBase58, /not valid base58/);
    const short = bs58.encode(parseEd25519Secret(secret).subarray(0, 31));
    expectKeyFormatError(
      () => parseEd25519Secret(short),
      short,
      /^ed25519 secret: decodes to 31 bytes, expected 32 or 64$/,
    );
    const raw = bs58.decode(secret);
    raw[63] = (raw[63] ?? 0) ^ 1;
    const mismatched = bs58.encode(raw);
    expectKeyFormatError(
      () => parseEd25519Secret(mismatched),
      mismatched,
      /public key of its seed/,
    );
  });
});

describe('ed25519 public keys', () => {
  it('parses with or without the prefix and round-trips the format', () => {
    const bytes = parseEd25519PublicKey(key);
    expect(bytes).toHaveLength(32);
    expect(parseEd25519PublicKey(key.slice('ed25519:'.length))).toEqual(bytes);
    expect(formatEd25519PublicKey(bytes)).toBe(key);
  });

  it('rejects wrong lengths and invalid base58', () => {
    expect(() => parseEd25519PublicKey('ed25519:abc')).toThrow(/ed25519 public key: decodes to/);
    expect(() => parseEd25519PublicKey('ed25519:0OIl')).toThrow(KeyFormatError);
    expect(() => formatEd25519PublicKey(new Uint8Array(31))).toThrow(KeyFormatError);
  });
});

describe('trading secrets and keys', () => {
  it('derives the vector trading key', () => {
    expect(tradingKeyOf(parseTradingSecret(tradingSecret))).toBe(tradingKey);
    expect(tradingKeyOf(parseTradingSecret(`0x${tradingSecret.toUpperCase()}`))).toBe(tradingKey);
  });

  it('parses the trading key to a 65-byte point, with or without 04', () => {
    const point = parseTradingKey(tradingKey);
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(Buffer.from(point.subarray(1)).toString('hex')).toBe(tradingKey);
    expect(parseTradingKey(`04${tradingKey}`)).toEqual(point);
  });

  it('rejects malformed trading secrets without echoing them', () => {
    const cut = tradingSecret.slice(0, 63);
    expectKeyFormatError(() => parseTradingSecret(cut), cut, /^trading secret: expected 64 hex/);
    const notHex = `${tradingSecret.slice(0, 62)}zz`;
    expectKeyFormatError(() => parseTradingSecret(notHex), notHex, /expected 64 hex characters/);
    for (const outOfRange of ['0'.repeat(64), CURVE_ORDER, 'f'.repeat(64)]) {
      expectKeyFormatError(() => parseTradingSecret(outOfRange), outOfRange, /secp256k1 scalar/);
    }
  });

  it('rejects trading keys of the wrong length or off the curve', () => {
    expect(() => parseTradingKey(tradingKey.slice(2))).toThrow(/expected 128 hex characters/);
    const last = tradingKey.at(-1) === '0' ? '1' : '0';
    expect(() => parseTradingKey(tradingKey.slice(0, -1) + last)).toThrow(/not a point/);
  });
});

describe('generated secrets', () => {
  it('are fresh, well-formed and parse back', () => {
    const a = generateEd25519Secret();
    expect(a).toMatch(/^ed25519:[1-9A-HJ-NP-Za-km-z]+$/);
    expect(parseEd25519Secret(a)).toHaveLength(32);
    expect(generateEd25519Secret()).not.toBe(a);
    const t = generateTradingSecret();
    expect(t).toMatch(/^[0-9a-f]{64}$/);
    expect(tradingKeyOf(parseTradingSecret(t))).toMatch(/^[0-9a-f]{128}$/);
    expect(generateTradingSecret()).not.toBe(t);
  });
});
