/**
 * The order signer signs with libsecp256k1 for speed (the native addon where it loads, its
 * WebAssembly build otherwise); noble stays the reference. All use RFC 6979 nonces and low-s,
 * so for any key and message the bytes agree.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secp } from '../../../src/auth/noble.ts';
import { OrderSigner, verifyOrderSignature } from '../../../src/auth/order-signature.ts';
import {
  publicKeyOf,
  recoverPublicKey,
  SECP256K1_ENGINE,
  signRecoverable,
  signRecoverableWasm,
} from '../../../src/auth/secp256k1.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
// Any text, lone surrogates included (both hashers take them as U+FFFD), and long ones.
const texts = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.string({ maxLength: 600 }),
);
const secrets = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter(secp.utils.isValidSecretKey);

describe('OrderSigner engine', () => {
  it('gives the bytes noble gives, for any secret and normalized string', () => {
    fc.assert(
      fc.property(secrets, texts, (secret, normalized) => {
        const signer = new OrderSigner(hex(secret));
        const reference = secp.sign(keccak_256(new TextEncoder().encode(normalized)), secret, {
          prehash: false,
          format: 'recovered',
          lowS: true,
        });
        const expected = hex(reference.subarray(1)) + hex(reference.subarray(0, 1));
        const signature = signer.signNormalized(normalized);
        expect(signature).toBe(expected);
        expect(verifyOrderSignature(signer.tradingKey, normalized, signature)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('signs natively on the platforms the addon ships for', () => {
    const shipped = ['linux-x64', 'darwin-x64', 'darwin-arm64', 'win32-x64'];
    if (shipped.includes(`${process.platform}-${process.arch}`)) {
      expect(SECP256K1_ENGINE).toBe('native');
    }
  });

  it('gives the same signature from the native addon and the WebAssembly build', () => {
    fc.assert(
      fc.property(secrets, fc.uint8Array({ minLength: 32, maxLength: 32 }), (secret, digest) => {
        const wasm = signRecoverableWasm(digest, secret);
        const used = signRecoverable(digest, secret);
        expect(hex(used.signature)).toBe(hex(wasm.signature));
        expect(used.recoveryId).toBe(wasm.recoveryId);
      }),
      { numRuns: 200 },
    );
  });

  it('derives the public key noble derives', () => {
    fc.assert(
      fc.property(secrets, (secret) => {
        expect(hex(publicKeyOf(secret))).toBe(hex(secp.getPublicKey(secret, false)));
      }),
      { numRuns: 100 },
    );
  });

  it('recovers the signing key, and nothing from a signature that does not parse', () => {
    fc.assert(
      fc.property(secrets, fc.uint8Array({ minLength: 32, maxLength: 32 }), (secret, digest) => {
        const { signature, recoveryId } = signRecoverable(digest, secret);
        const recovered = recoverPublicKey(digest, signature, recoveryId);
        expect(recovered && hex(recovered)).toBe(hex(secp.getPublicKey(secret, false)));
        const other = recoverPublicKey(digest, signature, recoveryId ^ 1);
        expect(other && hex(other)).not.toBe(hex(secp.getPublicKey(secret, false)));
      }),
      { numRuns: 100 },
    );
    const digest = new Uint8Array(32).fill(1);
    const zero = new Uint8Array(64);
    const overflow = new Uint8Array(64).fill(0xff);
    for (const bad of [zero, overflow]) expect(recoverPublicKey(digest, bad, 0)).toBeNull();
    expect(recoverPublicKey(digest, signRecoverable(digest, digest).signature, 4)).toBeNull();
  });
});
