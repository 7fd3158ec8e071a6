/**
 * The sandbox's ed25519 check, by node:crypto (OpenSSL, built into Node): another
 * implementation than the gateway signs with (libsodium or noble, ../auth/engines), so a bug
 * in the gateway's engine fails here instead of being verified by itself. Same answers as the
 * gateway's `verifyRequestSignature`: standard or url-safe base64, padded or not; false, never
 * an exception, on any bad input.
 */
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { parseEd25519PublicKey } from '../auth/keys.ts';
import { decodeSignature } from '../auth/signature-base64.ts';

// The DER prefix that wraps a raw 32-byte ed25519 public key as SPKI.
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** `ed25519:<base58>` → OpenSSL key; cleared when full (clients use few keys). */
const keys = new Map<string, KeyObject>();
const KEYS_MAX = 4096;

function keyOf(publicKey: string): KeyObject {
  let key = keys.get(publicKey);
  if (key === undefined) {
    const raw = parseEd25519PublicKey(publicKey);
    key = createPublicKey({
      key: Buffer.concat([SPKI_ED25519, raw]),
      format: 'der',
      type: 'spki',
    });
    if (keys.size >= KEYS_MAX) keys.clear();
    keys.set(publicKey, key);
  }
  return key;
}

/**
 * Whether `signature` is an ed25519 signature of `message` (a string's UTF-8 bytes, or the raw
 * bytes received) by `publicKey` (`ed25519:…` or bare base58).
 */
export function verifyRequestSignature(
  publicKey: string,
  message: string | Uint8Array,
  signature: string,
): boolean {
  try {
    if (typeof signature !== 'string') return false;
    const bytes = decodeSignature(signature);
    if (bytes === null) return false;
    const data = typeof message === 'string' ? Buffer.from(message, 'utf8') : message;
    return verify(null, data, keyOf(publicKey), bytes);
  } catch {
    return false;
  }
}
