/**
 * Request signature (ed25519) of the svc API.
 *
 * Message: `timestamp + METHOD + path[?query] + body` (body only when non-empty), signed as
 * UTF-8 bytes with the first 32 bytes of the account's base58 secret; the signature travels
 * in `svc-signature` as url-safe base64 with `=` padding. Known answer (vectors/signing.json):
 * secret `VNX6EELQ…Kn789B`, message `1649920583000GET/v1/client/info` →
 * `_EH-VJtoqtLUfNA_j4FOGZvX9Aq8yCXvUkPu2p19C23fx9xRxxHJM3ZLy9y5v2w3HU3v2PkYJnGVBCujn_26Dg==`.
 *
 * Signing and verification run on this process's ed25519 engine (./engines: libsodium where
 * its addon loads, else noble; RFC 8032 is deterministic, so both give the same bytes); keys
 * are expanded once per key, so a signature costs one library call.
 */
import { type Ed25519Sign, type Ed25519Verify, ed25519 } from './engines/index.ts';
import {
  ed25519PublicKeyOf,
  formatEd25519PublicKey,
  parseEd25519PublicKey,
  parseEd25519Secret,
} from './keys.ts';
import { decodeSignature } from './signature-base64.ts';

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
  readonly #sign: Ed25519Sign;

  constructor(opts: RequestSignerOptions) {
    if (typeof opts.accountId !== 'string' || opts.accountId === '') {
      throw new TypeError('account id: expected a non-empty string');
    }
    const seed = parseEd25519Secret(opts.secret);
    this.accountId = opts.accountId;
    this.publicKey = formatEd25519PublicKey(ed25519PublicKeyOf(seed));
    this.#sign = ed25519.signer(seed);
  }

  /** ed25519 signature of the message's bytes, url-safe base64 with padding. */
  sign(message: string | Uint8Array): string {
    const signature = this.#sign(toBytes(message));
    const bytes = Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength);
    // 64 bytes: 86 url-safe base64 characters, which Node leaves unpadded; the wire wants `==`.
    return `${bytes.toString('base64url')}==`;
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
const verifierCache = new Map<string, Ed25519Verify>();
const VERIFIER_CACHE_SIZE = 1024;

function verifierOf(publicKey: string | Uint8Array): Ed25519Verify {
  const id = typeof publicKey === 'string' ? publicKey : Buffer.from(publicKey).toString('hex');
  let verifier = verifierCache.get(id);
  if (verifier === undefined) {
    const raw =
      typeof publicKey === 'string' ? parseEd25519PublicKey(publicKey) : validRawKey(publicKey);
    verifier = ed25519.verifier(raw);
    if (verifierCache.size >= VERIFIER_CACHE_SIZE) verifierCache.clear();
    verifierCache.set(id, verifier);
  }
  return verifier;
}

function validRawKey(publicKey: Uint8Array): Uint8Array {
  return parseEd25519PublicKey(formatEd25519PublicKey(publicKey));
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
    return bytes !== null && verifierOf(publicKey)(toBytes(message), bytes);
  } catch {
    return false;
  }
}
