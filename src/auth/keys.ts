/**
 * Key formats of the svc API.
 *
 * - ed25519 secret: base58, optionally prefixed `ed25519:`, of 32 bytes (the seed) or 64 bytes
 *   (seed followed by the public key); the first 32 bytes are the seed in both cases.
 * - ed25519 public key (`svc-key`): `ed25519:` + base58 of the 32-byte public key.
 * - trading secret: 64 hex characters (optional `0x`), a secp256k1 scalar in [1, n).
 * - trading key (`svc-trading-key`): 128 hex characters, the uncompressed public key without
 *   its `04` prefix.
 *
 * Every parse failure is a {@link KeyFormatError} naming the field and the rule it broke; its
 * message never contains the input, so it is safe to log.
 */
import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { ed, secp } from './engines/noble.ts';

const ED25519_PREFIX = 'ed25519:';
const HEX_64 = /^[0-9a-fA-F]{64}$/;
const HEX_128 = /^[0-9a-fA-F]{128}$/;

/** A key or secret that does not have the documented format. Never carries the input text. */
export class KeyFormatError extends Error {
  override readonly name = 'KeyFormatError';
}

function stripPrefix(text: string, prefix: string): string {
  return text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

function decodeBase58(text: string, field: string): Uint8Array {
  const body = stripPrefix(text.trim(), ED25519_PREFIX);
  if (body === '') throw new KeyFormatError(`${field}: empty`);
  try {
    return bs58.decode(body);
  } catch {
    throw new KeyFormatError(`${field}: not valid base58`);
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * Parses an ed25519 secret into its 32-byte seed. A 64-byte secret must end with the public key
 * of its seed (the usual `seed || publicKey` layout).
 */
export function parseEd25519Secret(text: string): Uint8Array {
  if (typeof text !== 'string') throw new KeyFormatError('ed25519 secret: expected a string');
  const bytes = decodeBase58(text, 'ed25519 secret');
  if (bytes.length !== 32 && bytes.length !== 64) {
    throw new KeyFormatError(`ed25519 secret: decodes to ${bytes.length} bytes, expected 32 or 64`);
  }
  const seed = bytes.slice(0, 32);
  if (bytes.length === 64 && !sameBytes(bytes.subarray(32), ed25519PublicKeyOf(seed))) {
    throw new KeyFormatError(
      'ed25519 secret: 64-byte key whose last 32 bytes are not the public key of its seed',
    );
  }
  return seed;
}

/** The 32-byte ed25519 public key of a 32-byte seed. */
export function ed25519PublicKeyOf(seed: Uint8Array): Uint8Array {
  if (seed.length !== 32) throw new KeyFormatError('ed25519 seed: expected 32 bytes');
  return ed.getPublicKey(seed);
}

/** `ed25519:` + base58 of a 32-byte public key: the `svc-key` header value. */
export function formatEd25519PublicKey(pub: Uint8Array): string {
  if (pub.length !== 32) throw new KeyFormatError('ed25519 public key: expected 32 bytes');
  return ED25519_PREFIX + bs58.encode(pub);
}

/** Parses an ed25519 public key, with or without the `ed25519:` prefix, into its 32 bytes. */
export function parseEd25519PublicKey(text: string): Uint8Array {
  if (typeof text !== 'string') throw new KeyFormatError('ed25519 public key: expected a string');
  const bytes = decodeBase58(text, 'ed25519 public key');
  if (bytes.length !== 32) {
    throw new KeyFormatError(`ed25519 public key: decodes to ${bytes.length} bytes, expected 32`);
  }
  try {
    ed.Point.fromBytes(bytes);
  } catch {
    throw new KeyFormatError('ed25519 public key: not a point on the curve');
  }
  return bytes;
}

/** Parses a trading secret (64 hex, optional `0x`) into a valid secp256k1 secret key. */
export function parseTradingSecret(hex: string): Uint8Array {
  if (typeof hex !== 'string') throw new KeyFormatError('trading secret: expected a string');
  const body = stripPrefix(hex.trim(), '0x');
  if (!HEX_64.test(body)) throw new KeyFormatError('trading secret: expected 64 hex characters');
  const secret = Uint8Array.from(Buffer.from(body, 'hex'));
  if (!secp.utils.isValidSecretKey(secret)) {
    throw new KeyFormatError('trading secret: not a secp256k1 scalar (zero or not below n)');
  }
  return secret;
}

/** The trading key of a trading secret: 128 hex, uncompressed point without the `04` prefix. */
export function tradingKeyOf(secret: Uint8Array): string {
  if (!secp.utils.isValidSecretKey(secret)) {
    throw new KeyFormatError('trading secret: not a secp256k1 scalar (zero or not below n)');
  }
  return Buffer.from(secp.getPublicKey(secret, false).subarray(1)).toString('hex');
}

/**
 * Parses a trading key (128 hex; 130 with a leading `04` and an optional `0x` are tolerated)
 * into the 65-byte uncompressed point, checking that it lies on secp256k1.
 */
export function parseTradingKey(hex: string): Uint8Array {
  if (typeof hex !== 'string') throw new KeyFormatError('trading key: expected a string');
  let body = stripPrefix(hex.trim(), '0x');
  if (body.length === 130 && body.startsWith('04')) body = body.slice(2);
  if (!HEX_128.test(body)) throw new KeyFormatError('trading key: expected 128 hex characters');
  const point = Uint8Array.from(Buffer.from(`04${body}`, 'hex'));
  try {
    secp.Point.fromBytes(point);
  } catch {
    throw new KeyFormatError('trading key: not a point on secp256k1');
  }
  return point;
}

/** A new random ed25519 secret: `ed25519:` + base58 of a 32-byte seed. */
export function generateEd25519Secret(): string {
  return ED25519_PREFIX + bs58.encode(randomBytes(32));
}

/** A new random trading secret: 64 hex characters. */
export function generateTradingSecret(): string {
  return Buffer.from(secp.utils.randomSecretKey()).toString('hex');
}

/** Fresh key material for one account: both secrets and the public keys the upstream registers. */
export interface KeyMaterial {
  /** `ed25519:<base58 seed>` */
  secret: string;
  /** 64 hex */
  tradingSecret: string;
  /** `ed25519:<base58 public key>` (svc-key) */
  key: string;
  /** 128 hex (svc-trading-key) */
  tradingKey: string;
}

export function generateKeyMaterial(): KeyMaterial {
  const secret = generateEd25519Secret();
  const tradingSecret = generateTradingSecret();
  return {
    secret,
    tradingSecret,
    key: formatEd25519PublicKey(ed25519PublicKeyOf(parseEd25519Secret(secret))),
    tradingKey: tradingKeyOf(parseTradingSecret(tradingSecret)),
  };
}
