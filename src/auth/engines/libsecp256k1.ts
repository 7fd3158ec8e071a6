/**
 * Recoverable ECDSA on secp256k1 by libsecp256k1, the library Bitcoin Core signs with, through
 * the `secp256k1` package's prebuilt addon (Linux x64 glibc and musl, macOS, Windows). It takes
 * the same RFC 6979 nonce and low-s rule as noble, so it gives the same bytes.
 *
 * `secp256k1/bindings` is loaded, not the package's main entry, which falls back to the pure-JS
 * `elliptic` when the addon does not load: noble is the fallback here.
 */
import { createRequire } from 'node:module';
import type { Secp256k1Engine } from './types.ts';

/** The part of `secp256k1/bindings` used here. */
interface NativeBindings {
  ecdsaSign(digest: Uint8Array, secret: Uint8Array): { signature: Uint8Array; recid: number };
  publicKeyCreate(secret: Uint8Array, compressed: boolean): Uint8Array;
  /** Throws when the signature does not parse or no key recovers from it. */
  ecdsaRecover(
    signature: Uint8Array,
    recid: number,
    digest: Uint8Array,
    compressed: boolean,
  ): Uint8Array;
}

function engineOf(native: NativeBindings): Secp256k1Engine {
  return {
    name: 'libsecp256k1',
    sign: (digest, secret) => {
      const { signature, recid } = native.ecdsaSign(digest, secret);
      return { signature, recoveryId: recid };
    },
    publicKey: (secret) => native.publicKeyCreate(secret, false),
    recover: (digest, signature, recoveryId) => {
      if (!(recoveryId >= 0 && recoveryId <= 3)) return null;
      try {
        return native.ecdsaRecover(signature, recoveryId, digest, false);
      } catch {
        return null;
      }
    },
  };
}

/** The libsecp256k1 engine, or null where the addon does not load. */
export function loadLibsecp256k1Engine(): Secp256k1Engine | null {
  try {
    return engineOf(createRequire(import.meta.url)('secp256k1/bindings') as NativeBindings);
  } catch {
    return null;
  }
}
