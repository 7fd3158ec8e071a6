/**
 * The one interface every signature engine implements, as stripe-node's CryptoProvider:
 * callers ask `./index.ts` for the engine of a curve and never name a library. @noble
 * (`./noble.ts`) is the reference every other engine is tested against.
 */

/** Signs messages with one 32-byte seed; the key is expanded once, when the signer is made. */
export type Ed25519Sign = (message: Uint8Array) => Uint8Array;

/** Checks signatures of one 32-byte public key. */
export type Ed25519Verify = (message: Uint8Array, signature: Uint8Array) => boolean;

/** ed25519 (RFC 8032): deterministic, so every engine gives the same bytes. */
export interface Ed25519Engine {
  /** The library's name, for logs and the benchmarks. */
  readonly name: string;
  signer(seed: Uint8Array): Ed25519Sign;
  verifier(publicKey: Uint8Array): Ed25519Verify;
}

export interface RecoverableSignature {
  /** r ‖ s, 64 bytes, low s. */
  signature: Uint8Array;
  /** 0..3 */
  recoveryId: number;
}

/** Recoverable ECDSA on secp256k1: RFC 6979 nonces and low s, so every engine gives the same bytes. */
export interface Secp256k1Engine {
  readonly name: string;
  /** Signs a 32-byte digest with a valid 32-byte secret. */
  sign(digest: Uint8Array, secret: Uint8Array): RecoverableSignature;
  /** The uncompressed public key (65 bytes, `04` first) of a valid secret. */
  publicKey(secret: Uint8Array): Uint8Array;
  /**
   * The uncompressed public key that signed `digest`, or null when none does (r or s zero
   * or not below n, no such point, recovery id outside 0..3). Either s is accepted: callers
   * that want low s only check it themselves.
   */
  recover(digest: Uint8Array, signature: Uint8Array, recoveryId: number): Uint8Array | null;
}
