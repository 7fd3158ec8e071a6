/**
 * ed25519 by libsodium, through the `sodium-native` package's prebuilt addon (Linux x64/arm64,
 * macOS, Windows, …). Every private upstream call is signed, so this is on every uncached read
 * and every order (docs/signing.md has what it saves per request against noble).
 */
import { createRequire } from 'node:module';
import type { Ed25519Engine } from './types.ts';

/** The part of `sodium-native` used here. */
interface Sodium {
  crypto_sign_BYTES: number;
  crypto_sign_SECRETKEYBYTES: number;
  crypto_sign_PUBLICKEYBYTES: number;
  crypto_sign_seed_keypair(pk: Uint8Array, sk: Uint8Array, seed: Uint8Array): void;
  crypto_sign_detached(signature: Uint8Array, message: Uint8Array, sk: Uint8Array): void;
  crypto_sign_verify_detached(signature: Uint8Array, message: Uint8Array, pk: Uint8Array): boolean;
}

function engineOf(s: Sodium): Ed25519Engine {
  return {
    name: 'libsodium',
    signer: (seed) => {
      // A plain buffer, not sodium_malloc's guarded pages: those cost three mappings per key,
      // and a gateway holds one signer per account.
      const secretKey = Buffer.alloc(s.crypto_sign_SECRETKEYBYTES);
      s.crypto_sign_seed_keypair(Buffer.alloc(s.crypto_sign_PUBLICKEYBYTES), secretKey, seed);
      return (message) => {
        const signature = Buffer.allocUnsafe(s.crypto_sign_BYTES);
        s.crypto_sign_detached(signature, message, secretKey);
        return signature;
      };
    },
    verifier: (publicKey) => {
      const key = Buffer.from(publicKey);
      return (message, signature) =>
        signature.length === s.crypto_sign_BYTES &&
        s.crypto_sign_verify_detached(signature, message, key);
    },
  };
}

/** The libsodium engine, or null where the addon does not load. */
export function loadSodiumEngine(): Ed25519Engine | null {
  try {
    return engineOf(createRequire(import.meta.url)('sodium-native') as Sodium);
  } catch {
    return null;
  }
}
