/**
 * The order signer signs with libsecp256k1 (tiny-secp256k1) for speed; noble stays the
 * reference. Both use RFC 6979 nonces and low-s, so for any key and message the bytes agree.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secp } from '../../../src/auth/noble.ts';
import { OrderSigner, verifyOrderSignature } from '../../../src/auth/order-signature.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('OrderSigner engine', () => {
  it('gives the bytes noble gives, for any secret and normalized string', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).filter(secp.utils.isValidSecretKey),
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        (secret, normalized) => {
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
        },
      ),
      { numRuns: 50 },
    );
  });
});
