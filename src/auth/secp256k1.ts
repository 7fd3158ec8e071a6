/**
 * Recoverable ECDSA signatures on secp256k1 by libsecp256k1, the library Bitcoin Core signs
 * with: its native addon (the `secp256k1` package's prebuilt binaries: Linux x64 glibc and
 * musl, macOS, Windows) where that loads, else the same library compiled to WebAssembly
 * (`tiny-secp256k1`). Both take libsecp256k1's RFC 6979 nonce and low-s rule, so they give the
 * same bytes (test/unit/auth/order-signer-engine.test.ts holds both to noble). The native
 * addon signs in about a third of the WASM build's CPU (about 40 against 110 µs here): the
 * largest single item of a placed order.
 *
 * `secp256k1/bindings` is loaded, not the package's main entry, which falls back to the
 * pure-JS `elliptic` (ten times slower) when the addon does not load.
 */
import { createRequire } from 'node:module';
import {
  pointFromScalar,
  type RecoveryIdType,
  recover as recoverWasm,
  signRecoverable as signWasm,
} from 'tiny-secp256k1';

export interface RecoverableSignature {
  /** r ‖ s, 64 bytes, low s. */
  signature: Uint8Array;
  /** 0..3 */
  recoveryId: number;
}

export type Secp256k1Engine = 'native' | 'wasm';

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

function loadNative(): NativeBindings | null {
  try {
    return createRequire(import.meta.url)('secp256k1/bindings') as NativeBindings;
  } catch {
    return null;
  }
}

const native = loadNative();

/** Which build signs in this process. */
export const SECP256K1_ENGINE: Secp256k1Engine = native ? 'native' : 'wasm';

/** Signs a 32-byte digest with the WebAssembly build (the fallback; tests compare both). */
export function signRecoverableWasm(digest: Uint8Array, secret: Uint8Array): RecoverableSignature {
  return signWasm(digest, secret);
}

/** Signs a 32-byte digest with a 32-byte secret: RFC 6979 nonce, low s. */
export const signRecoverable: (digest: Uint8Array, secret: Uint8Array) => RecoverableSignature =
  native
    ? (digest, secret) => {
        const { signature, recid } = native.ecdsaSign(digest, secret);
        return { signature, recoveryId: recid };
      }
    : signRecoverableWasm;

/**
 * The uncompressed public key (65 bytes, `04` first) of a valid secret. By libsecp256k1 too:
 * noble would build its base-point table on first use (about 50 ms, on the first request of
 * the first account) and then take about 0.5 ms per account.
 */
export function publicKeyOf(secret: Uint8Array): Uint8Array {
  if (native) return native.publicKeyCreate(secret, false);
  const point = pointFromScalar(secret, false);
  if (!point) throw new RangeError('secp256k1: the secret is not a valid scalar');
  return point;
}

/**
 * The uncompressed public key (65 bytes) that signed `digest` with `signature` (r ‖ s, 64
 * bytes) and `recoveryId` (0..3; 2 and 3 take r + n as the x coordinate), or null when none
 * does (r or s zero or not below n, no such point). Either s is accepted: callers that want
 * low s only check it themselves.
 */
export function recoverPublicKey(
  digest: Uint8Array,
  signature: Uint8Array,
  recoveryId: number,
): Uint8Array | null {
  if (!(recoveryId >= 0 && recoveryId <= 3)) return null;
  try {
    return native
      ? native.ecdsaRecover(signature, recoveryId, digest, false)
      : recoverWasm(digest, signature, recoveryId as RecoveryIdType, false);
  } catch {
    return null;
  }
}
