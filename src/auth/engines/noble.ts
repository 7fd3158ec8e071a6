/**
 * The reference engine of both curves: @noble/ed25519 and @noble/secp256k1, pure JavaScript,
 * audited, on every platform. Their synchronous hash slots are wired to @noble/hashes here, so
 * import `ed` and `secp` from this module (never from the packages directly) to have the sync
 * APIs (`ed.sign`, `secp.sign`, `secp.recoverPublicKey`) usable.
 */
import * as ed from '@noble/ed25519';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import * as secp from '@noble/secp256k1';
import type { Ed25519Engine, Secp256k1Engine } from './types.ts';

ed.hashes.sha512 = sha512;
secp.hashes.sha256 = sha256;
secp.hashes.hmacSha256 = (key, message) => hmac(sha256, key, message);

export { ed, secp };

export const nobleEd25519: Ed25519Engine = {
  name: 'noble',
  signer: (seed) => {
    const secret = Uint8Array.from(seed);
    return (message) => ed.sign(message, secret);
  },
  verifier: (publicKey) => {
    const key = Uint8Array.from(publicKey);
    // RFC 8032's strict encodings, as libsodium and OpenSSL (noble's default is ZIP-215's).
    return (message, signature) => ed.verify(signature, message, key, { zip215: false });
  },
};

export const nobleSecp256k1: Secp256k1Engine = {
  name: 'noble',
  sign: (digest, secret) => {
    const bytes = secp.sign(digest, secret, { prehash: false, format: 'recovered', lowS: true });
    // noble writes the recovery id first; the interface keeps r ‖ s and the id apart.
    return { signature: bytes.subarray(1), recoveryId: bytes[0]! };
  },
  publicKey: (secret) => secp.getPublicKey(secret, false),
  recover: (digest, signature, recoveryId) => {
    if (!(recoveryId >= 0 && recoveryId <= 3) || signature.length !== 64) return null;
    try {
      const recovered = Uint8Array.of(recoveryId, ...signature);
      return secp.recoverPublicKey(recovered, digest, { prehash: false, isCompressed: false });
    } catch {
      return null;
    }
  },
};
