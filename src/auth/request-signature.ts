/**
 * Request signature (ed25519) of the svc API.
 *
 * Message: `timestamp + METHOD + path[?query] + body` (body only when non-empty), signed as
 * UTF-8 bytes with the first 32 bytes of the account's base58 secret; the signature travels
 * in `svc-signature` as url-safe base64 with `=` padding. Known answer (vectors/signing.json):
 * secret `VNX6EELQ…Kn789B`, message `1649920583000GET/v1/client/info` →
 * `_EH-VJtoqtLUfNA_j4FOGZvX9Aq8yCXvUkPu2p19C23fx9xRxxHJM3ZLy9y5v2w3HU3v2PkYJnGVBCujn_26Dg==`.
 *
 * Signing and verification run on node:crypto (OpenSSL, RFC 8032 deterministic); the key
 * objects are built once per key, so a signature costs one OpenSSL call.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import {
  ed25519PublicKeyOf,
  formatEd25519PublicKey,
  parseEd25519PublicKey,
  parseEd25519Secret,
} from './keys.ts';

// DER prefixes that wrap a raw 32-byte ed25519 seed (PKCS#8) or public key (SPKI).
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');
// 64 signature bytes are 86 base64 characters, 88 with `==`; either alphabet, never mixed.
const SIGNATURE_BASE64 = /^(?:[A-Za-z0-9+/]{86}|[A-Za-z0-9_-]{86})(?:==)?$/;

export interface RequestParts {
  /** Milliseconds since the epoch, as sent in `svc-timestamp`. */
  timestamp: number | string;
  method: string;
  /** Path including the query string, exactly as sent. */
  path: string;
  /** Body text exactly as sent; omitted or empty for requests without a body. */
  body?: string;
}

/** The signed string: `timestamp + METHOD + path + body`. */
export function requestMessage(parts: RequestParts): string {
  return `${parts.timestamp}${parts.method.toUpperCase()}${parts.path}${parts.body ?? ''}`;
}

export interface RequestSignerOptions {
  accountId: string;
  /** base58 ed25519 secret (32 or 64 bytes), optionally prefixed `ed25519:`. */
  secret: string;
}

export interface SignedRequest {
  method: string;
  path: string;
  body?: string;
  timestamp: number;
  /** `svc-trading-key`, sent with trading actions only. */
  tradingKey?: string;
}

const encoder = new TextEncoder();

function toBytes(message: string | Uint8Array): Uint8Array {
  return typeof message === 'string' ? encoder.encode(message) : message;
}

/** Signs requests for one account. Fails at construction (KeyFormatError) on a bad secret. */
export class RequestSigner {
  readonly accountId: string;
  /** `ed25519:` + base58 public key: the `svc-key` header. */
  readonly publicKey: string;
  readonly #key: KeyObject;

  constructor(opts: RequestSignerOptions) {
    if (typeof opts.accountId !== 'string' || opts.accountId === '') {
      throw new TypeError('account id: expected a non-empty string');
    }
    const seed = parseEd25519Secret(opts.secret);
    this.accountId = opts.accountId;
    this.publicKey = formatEd25519PublicKey(ed25519PublicKeyOf(seed));
    this.#key = createPrivateKey({
      key: Buffer.concat([PKCS8_ED25519, seed]),
      format: 'der',
      type: 'pkcs8',
    });
  }

  /** ed25519 signature of the message's bytes, url-safe base64 with padding. */
  sign(message: string | Uint8Array): string {
    // 64 bytes: 86 url-safe base64 characters, which Node leaves unpadded; the wire wants `==`.
    return `${sign(null, toBytes(message), this.#key).toString('base64url')}==`;
  }

  /** Every header of a signed request, added to `into` when given (the caller's own headers). */
  headers(req: SignedRequest, into: Record<string, string> = {}): Record<string, string> {
    const body = req.body ?? '';
    into['svc-timestamp'] = String(req.timestamp);
    into['svc-account-id'] = this.accountId;
    into['svc-key'] = this.publicKey;
    into['svc-signature'] = this.sign(requestMessage(req));
    if (req.tradingKey !== undefined) into['svc-trading-key'] = req.tradingKey;
    into['Content-Type'] = body === '' ? 'application/x-www-form-urlencoded' : 'application/json';
    into['Cache-Control'] = 'no-cache';
    return into;
  }
}

// Verifiers see few distinct keys (one per account); keep their parsed form.
const publicKeyCache = new Map<string, KeyObject>();
const PUBLIC_KEY_CACHE_SIZE = 1024;

function publicKeyObject(publicKey: string | Uint8Array): KeyObject {
  const id = typeof publicKey === 'string' ? publicKey : Buffer.from(publicKey).toString('hex');
  let key = publicKeyCache.get(id);
  if (key === undefined) {
    const raw =
      typeof publicKey === 'string' ? parseEd25519PublicKey(publicKey) : validRawKey(publicKey);
    key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, raw]), format: 'der', type: 'spki' });
    if (publicKeyCache.size >= PUBLIC_KEY_CACHE_SIZE) publicKeyCache.clear();
    publicKeyCache.set(id, key);
  }
  return key;
}

function validRawKey(publicKey: Uint8Array): Uint8Array {
  return parseEd25519PublicKey(formatEd25519PublicKey(publicKey));
}

/** Decodes a 64-byte signature from standard or url-safe base64, padded or not; else null. */
function decodeSignature(signature: string): Buffer | null {
  if (!SIGNATURE_BASE64.test(signature)) return null;
  const standard = signature.replaceAll('-', '+').replaceAll('_', '/').replace(/=+$/, '');
  const bytes = Buffer.from(standard, 'base64');
  // Reject encodings with non-zero padding bits: only the canonical text of the bytes is valid.
  if (bytes.length !== 64 || bytes.toString('base64').replace(/=+$/, '') !== standard) return null;
  return bytes;
}

/**
 * Whether `signature` is a valid ed25519 signature of `message` (a string's UTF-8 bytes, or the
 * raw bytes received) by `publicKey` (`ed25519:…`, bare base58, or 32 raw bytes). Accepts
 * standard and url-safe base64, padded or not. Returns false, never throws, on any bad input.
 */
export function verifyRequestSignature(
  publicKey: string | Uint8Array,
  message: string | Uint8Array,
  signature: string,
): boolean {
  try {
    if (typeof signature !== 'string') return false;
    const bytes = decodeSignature(signature);
    return bytes !== null && verify(null, toBytes(message), publicKeyObject(publicKey), bytes);
  } catch {
    return false;
  }
}
