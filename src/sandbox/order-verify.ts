/**
 * The sandbox's order-signature check, as strict as the upstream's: the public key is
 * recovered from r, s and v and compared with the trading key; high s is refused. Independent
 * of the gateway's signer at every step: the parameters are normalized by the sandbox's own
 * code, hashed by noble's keccak, and the key recovered by noble, the reference engine,
 * where the gateway signs with libsecp256k1 (docs/signing.md has what this costs per order).
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { nobleSecp256k1 } from '../auth/engines/noble.ts';
import { parseTradingKey } from '../auth/keys.ts';
import { normalizeForSignature } from './normalize.ts';

/** n/2 of secp256k1: a larger s is the high-s twin of a valid signature, refused. */
const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/** Parsed trading keys (64 bytes, without `04`); cleared when full. */
const keys = new Map<string, Uint8Array>();
const KEYS_MAX = 4096;

function keyBytes(tradingKey: string): Uint8Array {
  let bytes = keys.get(tradingKey);
  if (bytes === undefined) {
    bytes = parseTradingKey(tradingKey).subarray(1);
    if (keys.size >= KEYS_MAX) keys.clear();
    keys.set(tradingKey, bytes);
  }
  return bytes;
}

const SIGNATURE_HEX = /^(?:0x)?([0-9a-fA-F]{64})([0-9a-fA-F]{64})([0-9a-fA-F]{2})$/;
const encoder = new TextEncoder();

/**
 * Whether `signature` (r + s + v, 130 hex; v 0..3 or 27..30) signs the order parameters with
 * the secret of `tradingKey` (128 hex). High-s signatures are rejected. Same answers as
 * `verifyOrderSignature`; returns false, never throws, on any bad input.
 */
export function verifyOrderByRecovery(
  tradingKey: string,
  params: Record<string, unknown>,
  signature: string,
): boolean {
  try {
    const match = typeof signature === 'string' ? SIGNATURE_HEX.exec(signature) : null;
    if (match === null) return false;
    let v = Number.parseInt(match[3]!, 16);
    if (v >= 27 && v <= 30) v -= 27;
    if (v > 3) return false;
    if (BigInt(`0x${match[2]}`) > HALF_N) return false;
    const expected = keyBytes(tradingKey);
    const digest = keccak_256(encoder.encode(normalizeForSignature(params)));
    const rs = Buffer.from(match[1]! + match[2]!, 'hex');
    const recovered = nobleSecp256k1.recover(digest, rs, v);
    return recovered !== null && Buffer.compare(recovered.subarray(1), expected) === 0;
  } catch {
    return false;
  }
}
