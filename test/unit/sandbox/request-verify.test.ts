/**
 * The sandbox's request-signature check (node:crypto, OpenSSL) answers like the gateway's
 * `verifyRequestSignature` (its engine): on the known answers in every base64 form, on random
 * keys and messages signed by the gateway, and on every tampering.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ed } from '../../../src/auth/engines/noble.ts';
import { formatEd25519PublicKey } from '../../../src/auth/keys.ts';
import { verifyRequestSignature as gatewayVerify } from '../../../src/auth/request-signature.ts';
import { verifyRequestSignature } from '../../../src/sandbox/request-verify.ts';
import { vectors } from '../auth/signing-vectors.ts';

const { key, cases } = vectors.requestSignature;

function variants(urlSafePadded: string): string[] {
  const standard = urlSafePadded.replaceAll('-', '+').replaceAll('_', '/');
  return [urlSafePadded, urlSafePadded.replace(/=+$/, ''), standard, standard.replace(/=+$/, '')];
}

describe('sandbox request verification', () => {
  it('accepts every known answer in the four base64 forms, from text and from bytes', () => {
    for (const c of cases) {
      for (const form of variants(c.signature)) {
        expect(verifyRequestSignature(key, c.message, form)).toBe(true);
        expect(verifyRequestSignature(key, Buffer.from(c.message), form)).toBe(true);
      }
    }
  });

  it('answers as the gateway does for any key, message and tampering', () => {
    const seeds = fc.uint8Array({ minLength: 32, maxLength: 32 });
    fc.assert(
      fc.property(seeds, fc.string({ maxLength: 300 }), fc.nat(85), (seed, message, at) => {
        const publicKey = formatEd25519PublicKey(ed.getPublicKey(seed));
        const signature = `${Buffer.from(ed.sign(Buffer.from(message), seed)).toString('base64url')}==`;
        const flipped =
          signature.slice(0, at) + (signature[at] === 'A' ? 'B' : 'A') + signature.slice(at + 1);
        for (const [m, s] of [
          [message, signature],
          [message, flipped],
          [`${message}x`, signature],
        ] as const) {
          expect(verifyRequestSignature(publicKey, m, s)).toBe(gatewayVerify(publicKey, m, s));
        }
        expect(verifyRequestSignature(publicKey, message, signature)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('returns false, never throws, for garbage', () => {
    const c = cases[0]!;
    const garbage: [unknown, unknown, unknown][] = [
      [key, c.message, ''],
      [key, c.message, c.signature.slice(0, 80)],
      [key, c.message, c.signature.replace('-', '+')],
      ['ed25519:notakey', c.message, c.signature],
      [key, c.message, 42],
      [null, null, null],
    ];
    for (const [k, m, s] of garbage) {
      expect(verifyRequestSignature(k as string, m as string, s as string)).toBe(false);
    }
  });
});
