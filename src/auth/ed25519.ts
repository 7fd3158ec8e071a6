/**
 * ed25519 signatures (RFC 8032, deterministic) by libsodium: the `sodium-native` package's
 * prebuilt addon (Linux x64/arm64, macOS, Windows, …) where it loads, node:crypto (OpenSSL)
 * otherwise. Every private upstream call is signed, so this is on every uncached read and
 * every order: libsodium signs in about 16 µs against about 35 µs for node:crypto here
 * (OpenSSL 3 sets up a digest context and fetches the algorithm per call), and verifies in
 * about 42 against 99 µs (the sandbox verifies every request). Both give the same bytes (the
 * scheme is deterministic; test/unit/auth/request-signature.test.ts holds both to the vectors
 * and to noble).
 */

import {
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  sign as opensslSign,
  verify as opensslVerify,
} from 'node:crypto';
import { createRequire } from 'node:module';

export type Ed25519Engine = 'libsodium' | 'openssl';

/** The part of `sodium-native` used here. */
interface Sodium {
  crypto_sign_BYTES: number;
  crypto_sign_SECRETKEYBYTES: number;
  crypto_sign_PUBLICKEYBYTES: number;
  crypto_sign_seed_keypair(pk: Uint8Array, sk: Uint8Array, seed: Uint8Array): void;
  crypto_sign_detached(signature: Uint8Array, message: Uint8Array, sk: Uint8Array): void;
  crypto_sign_verify_detached(signature: Uint8Array, message: Uint8Array, pk: Uint8Array): boolean;
}

function loadSodium(): Sodium | null {
  try {
    return createRequire(import.meta.url)('sodium-native') as Sodium;
  } catch {
    return null;
  }
}

const sodium = loadSodium();

/** Which library signs and verifies in this process. */
export const ED25519_ENGINE: Ed25519Engine = sodium ? 'libsodium' : 'openssl';

// DER prefixes that wrap a raw 32-byte ed25519 seed (PKCS#8) or public key (SPKI).
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex');

/** Signs messages with one 32-byte seed; the key is expanded once, here. */
export type Ed25519Sign = (message: Uint8Array) => Buffer;

function opensslSigner(seed: Uint8Array): Ed25519Sign {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  return (message) => opensslSign(null, message, key);
}

function sodiumSigner(s: Sodium, seed: Uint8Array): Ed25519Sign {
  // A plain buffer, not sodium_malloc's guarded pages: those cost three mappings per key, and
  // a gateway holds one signer per account.
  const secretKey = Buffer.alloc(s.crypto_sign_SECRETKEYBYTES);
  s.crypto_sign_seed_keypair(Buffer.alloc(s.crypto_sign_PUBLICKEYBYTES), secretKey, seed);
  return (message) => {
    const signature = Buffer.allocUnsafe(s.crypto_sign_BYTES);
    s.crypto_sign_detached(signature, message, secretKey);
    return signature;
  };
}

/** A signer for `seed` by `engine` (default: this process's engine; tests compare both). */
export function ed25519Signer(
  seed: Uint8Array,
  engine: Ed25519Engine = ED25519_ENGINE,
): Ed25519Sign {
  return engine === 'libsodium' && sodium ? sodiumSigner(sodium, seed) : opensslSigner(seed);
}

/** A verifier for one 32-byte public key (its parsed form is kept by the caller). */
export type Ed25519Verify = (message: Uint8Array, signature: Uint8Array) => boolean;

export function ed25519Verifier(
  publicKey: Uint8Array,
  engine: Ed25519Engine = ED25519_ENGINE,
): Ed25519Verify {
  if (engine === 'libsodium' && sodium) {
    const s = sodium;
    const key = Buffer.from(publicKey);
    return (message, signature) => s.crypto_sign_verify_detached(signature, message, key);
  }
  const key: KeyObject = createPublicKey({
    key: Buffer.concat([SPKI_ED25519, publicKey]),
    format: 'der',
    type: 'spki',
  });
  return (message, signature) => opensslVerify(null, message, key, signature);
}
