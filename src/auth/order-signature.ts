/**
 * Order signature (secp256k1 ECDSA) of the svc API.
 *
 * The order parameters are normalized exactly like the upstream's Python reference
 * (`normalizeOrderParams`), hashed with raw keccak256 (no Ethereum prefix) and signed with an
 * RFC 6979 deterministic nonce, low-s; the text is `r` (64 hex) + `s` (64 hex) + `v` (2 hex,
 * recovery id). Known answer (vectors/signing.json, the upstream's published example):
 *   secret     ae88e5d3b3b37d2bdb7254e798fc3756a3e5a726df086089ef6e7835f08be794
 *   normalized order_price=15.23&order_quantity=23.11&order_type=LIMIT&side=BUY&symbol=SPOT_NEAR_USDC
 *   r          fc3c41d988dd03a65a99354a7b1d311a43de6b7a7867bdbdaf228bb74a121f8e
 *   s          47bb15ff7f69eb19c96da222f651da53b5ab30fb7caf69a76f01ad9af06c1544
 *   v          00
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { secp256k1 } from './engines/index.ts';
import { secp } from './engines/noble.ts';
import { formatG10 } from './format-g10.ts';
import { KeyFormatError, parseTradingKey, parseTradingSecret } from './keys.ts';

export { formatG10 } from './format-g10.ts';

/** Order parameters that cannot be normalized (not an object, or a non-finite number). */
export class OrderParamsError extends Error {
  override readonly name = 'OrderParamsError';
}

/** Python's `sorted` on str: by code point (JS `<` compares UTF-16 code units). */
function byCodePoint(a: string, b: string): number {
  const left = Array.from(a, (c) => c.codePointAt(0)!);
  const right = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i]! - right[i]!;
  }
  return left.length - right.length;
}

const NON_BMP = /[\uD800-\uDFFF]/;

/**
 * By UTF-16 code unit (`<`), which is code point order for BMP-only keys. An insertion sort:
 * an order has 4 to 14 keys, and for so few Array#sort costs about seven times as much.
 */
function sortByCodeUnit(keys: string[]): string[] {
  for (let i = 1; i < keys.length; i++) {
    const key = keys[i]!;
    let j = i - 1;
    for (; j >= 0 && keys[j]! > key; j--) keys[j + 1] = keys[j]!;
    keys[j + 1] = key;
  }
  return keys;
}

function sortKeys(keys: string[]): string[] {
  if (keys.some((key) => NON_BMP.test(key))) return keys.sort(byCodePoint);
  return keys.length <= 32
    ? sortByCodeUnit(keys)
    : keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function formatValue(key: string, value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'boolean':
      return value ? 'True' : 'False';
    case 'number':
      if (!Number.isFinite(value)) {
        throw new OrderParamsError(`order params: ${key} is ${value}; numbers must be finite`);
      }
      return formatG10(value);
    case 'bigint':
      return value.toString();
    default:
      try {
        return String(value);
      } catch {
        throw new OrderParamsError(`order params: ${key} cannot be written as text`);
      }
  }
}

/**
 * The reference normalized string: keys sorted, null/undefined dropped, booleans `True`/`False`,
 * numbers as Python's `.10g`, the rest as text; `k=v` joined by `&`.
 */
export function normalizeOrderParams(params: Record<string, unknown>): string {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    const kind = params === null ? 'null' : Array.isArray(params) ? 'an array' : typeof params;
    throw new OrderParamsError(`order params: expected an object, got ${kind}`);
  }
  let text = '';
  for (const key of sortKeys(Object.keys(params))) {
    const value = params[key];
    if (value === null || value === undefined) continue;
    text += `${text === '' ? '' : '&'}${key}=${formatValue(key, value)}`;
  }
  return text;
}

const encoder = new TextEncoder();

/**
 * Raw keccak256 by @noble/hashes of the UTF-8 text (lone surrogates as U+FFFD). A faster
 * WebAssembly hasher saved too little of a whole order to keep (docs/signing.md).
 */
function digest(normalized: string): Uint8Array {
  return keccak_256(encoder.encode(normalized));
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

/** Signs orders with one trading secret. Fails at construction (KeyFormatError) on a bad secret. */
export class OrderSigner {
  /** `svc-trading-key`: 128 hex, uncompressed public key without `04`. */
  readonly tradingKey: string;
  readonly #secret: Uint8Array;

  constructor(tradingSecretHex: string) {
    this.#secret = parseTradingSecret(tradingSecretHex);
    this.tradingKey = hex(secp256k1.publicKey(this.#secret).subarray(1));
  }

  /** Signature (130 hex) of the parameters' normalized string. */
  sign(params: Record<string, unknown>): string {
    return this.signNormalized(normalizeOrderParams(params));
  }

  /**
   * Signature (130 hex) of an already normalized string, by this process's secp256k1 engine
   * (./engines): every engine takes RFC 6979 nonces and low s, so the bytes are the same.
   */
  signNormalized(normalized: string): string {
    const { signature, recoveryId } = secp256k1.sign(digest(normalized), this.#secret);
    return hex(signature) + recoveryId.toString(16).padStart(2, '0');
  }
}

/** Normalizes and signs in one call, returning everything a debugging session needs. */
export function signOrder(
  tradingSecretHex: string,
  params: Record<string, unknown>,
): { normalized: string; signature: string; tradingKey: string } {
  const signer = new OrderSigner(tradingSecretHex);
  const normalized = normalizeOrderParams(params);
  return {
    normalized,
    signature: signer.signNormalized(normalized),
    tradingKey: signer.tradingKey,
  };
}

const SIGNATURE_HEX = /^(?:0x)?([0-9a-fA-F]{128})([0-9a-fA-F]{2})$/;

function tradingKeyBytes(tradingKey: string | Uint8Array): Uint8Array {
  if (typeof tradingKey === 'string') return parseTradingKey(tradingKey);
  const bytes = tradingKey.length === 64 ? Uint8Array.of(4, ...tradingKey) : tradingKey;
  if (!secp.utils.isValidPublicKey(bytes)) throw new KeyFormatError('trading key: invalid');
  return secp.Point.fromBytes(bytes).toBytes(false);
}

/**
 * Whether `signature` (r + s + v, 130 hex; v may be 0..3 or 27..30) signs the parameters (or an
 * already normalized string) with the secret of `tradingKey` (128/130 hex, or 64/65/33 bytes).
 * The public key is recovered from (r, s, v) and compared; high-s signatures are rejected.
 * Returns false, never throws, on any bad input.
 */
export function verifyOrderSignature(
  tradingKey: string | Uint8Array,
  paramsOrNormalized: Record<string, unknown> | string,
  signature: string,
): boolean {
  try {
    const match = typeof signature === 'string' ? SIGNATURE_HEX.exec(signature) : null;
    if (match === null) return false;
    let v = Number.parseInt(match[2]!, 16);
    if (v >= 27 && v <= 30) v -= 27;
    if (v > 3) return false;
    const recovered = Uint8Array.from(
      Buffer.from(`${v.toString(16).padStart(2, '0')}${match[1]}`, 'hex'),
    );
    if (secp.Signature.fromBytes(recovered, 'recovered').hasHighS()) return false;
    const normalized =
      typeof paramsOrNormalized === 'string'
        ? paramsOrNormalized
        : normalizeOrderParams(paramsOrNormalized);
    const expected = tradingKeyBytes(tradingKey);
    const actual = secp.recoverPublicKey(recovered, digest(normalized), {
      prehash: false,
      isCompressed: false,
    });
    return Buffer.compare(actual, expected) === 0;
  } catch {
    return false;
  }
}
