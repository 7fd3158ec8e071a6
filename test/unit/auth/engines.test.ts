/**
 * Every signature engine against the noble reference: the known answers (test/fixtures/
 * signing.json), the Python-made corpus, and random keys and messages. An engine whose addon
 * does not load here is skipped by name, never silently: the platform test says which must.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ed25519, secp256k1 } from '../../../src/auth/engines/index.ts';
import { loadLibsecp256k1Engine } from '../../../src/auth/engines/libsecp256k1.ts';
import { ed, nobleEd25519, nobleSecp256k1, secp } from '../../../src/auth/engines/noble.ts';
import { loadSodiumEngine } from '../../../src/auth/engines/sodium.ts';
import type { Ed25519Engine, Secp256k1Engine } from '../../../src/auth/engines/types.ts';
import { parseEd25519Secret, parseTradingSecret } from '../../../src/auth/keys.ts';
import { corpus } from '../../fixtures/signing-corpus.ts';
import { vectors } from './signing-vectors.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const encoder = new TextEncoder();
const edEngines = [nobleEd25519, loadSodiumEngine()].filter((e) => e !== null);
const secpEngines = [nobleSecp256k1, loadLibsecp256k1Engine()].filter((e) => e !== null);
const seeds = fc.uint8Array({ minLength: 32, maxLength: 32 });
const secrets = fc.uint8Array({ minLength: 32, maxLength: 32 }).filter(secp.utils.isValidSecretKey);
const digests = fc.uint8Array({ minLength: 32, maxLength: 32 });

/** r ‖ s ‖ v as the wire writes it. */
const wire = (e: Secp256k1Engine, digest: Uint8Array, secret: Uint8Array) => {
  const { signature, recoveryId } = e.sign(digest, secret);
  return hex(signature) + recoveryId.toString(16).padStart(2, '0');
};

describe('engine choice', () => {
  it('signs with the addons on the platforms they ship prebuilt for', () => {
    const platform = `${process.platform}-${process.arch}`;
    const sodium = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'win32-x64'];
    const libsecp256k1 = ['linux-x64', 'darwin-arm64', 'win32-x64'];
    if (sodium.includes(platform)) {
      expect(ed25519.name).toBe('libsodium');
      expect(edEngines.map((e) => e.name)).toEqual(['noble', 'libsodium']);
    }
    if (libsecp256k1.includes(platform)) {
      expect(secp256k1.name).toBe('libsecp256k1');
      expect(secpEngines.map((e) => e.name)).toEqual(['noble', 'libsecp256k1']);
    }
  });
});

describe.each(edEngines)('ed25519 engine $name', (engine: Ed25519Engine) => {
  const { secret, cases } = vectors.requestSignature;
  const seed = parseEd25519Secret(secret);

  it('gives every known answer, and accepts it', () => {
    const sign = engine.signer(seed);
    const verify = engine.verifier(ed.getPublicKey(seed));
    for (const c of cases) {
      const signature = sign(encoder.encode(c.message));
      expect(Buffer.from(signature).toString('base64url')).toBe(c.signature.replace(/=+$/, ''));
      expect(verify(encoder.encode(c.message), signature)).toBe(true);
    }
  });

  it('gives the bytes noble gives and accepts each other, for any seed and message', () => {
    fc.assert(
      fc.property(seeds, fc.uint8Array({ maxLength: 600 }), fc.nat(63), (seed, message, at) => {
        const signature = engine.signer(seed)(message);
        expect(hex(signature)).toBe(hex(ed.sign(message, seed)));
        const publicKey = ed.getPublicKey(seed);
        expect(engine.verifier(publicKey)(message, ed.sign(message, seed))).toBe(true);
        expect(nobleEd25519.verifier(publicKey)(message, signature)).toBe(true);
        const tampered = Uint8Array.from(signature);
        tampered[at]! ^= 1;
        expect(engine.verifier(publicKey)(message, tampered)).toBe(false);
        expect(engine.verifier(publicKey)(Uint8Array.of(...message, 0), signature)).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});

describe.each(secpEngines)('secp256k1 engine $name', (engine: Secp256k1Engine) => {
  it('gives every known answer and the Python corpus, byte for byte', () => {
    const { tradingSecret, tradingKey, cases } = vectors.orderSignature;
    const secret = parseTradingSecret(tradingSecret);
    expect(hex(engine.publicKey(secret).subarray(1))).toBe(tradingKey);
    for (const c of cases) {
      expect(wire(engine, keccak_256(encoder.encode(c.normalized)), secret)).toBe(c.signature);
    }
    const keys = corpus.keys.map((k) => parseTradingSecret(k.tradingSecret));
    // Every 7th row: noble's signing is slow enough that all rows would take seconds.
    const rows = corpus.rows.filter((_, i) => i % 7 === 0);
    const wrong = rows.filter(
      (row) =>
        wire(engine, keccak_256(encoder.encode(row.normalized)), keys[row.key]!) !== row.signature,
    );
    expect(wrong.map((row) => row.normalized).slice(0, 5)).toEqual([]);
  });

  it('signs, derives and recovers as noble does, for any secret and digest', () => {
    fc.assert(
      fc.property(secrets, digests, (secret, digest) => {
        expect(wire(engine, digest, secret)).toBe(wire(nobleSecp256k1, digest, secret));
        const publicKey = secp.getPublicKey(secret, false);
        expect(hex(engine.publicKey(secret))).toBe(hex(publicKey));
        const { signature, recoveryId } = nobleSecp256k1.sign(digest, secret);
        expect(hex(engine.recover(digest, signature, recoveryId)!)).toBe(hex(publicKey));
        const other = engine.recover(digest, signature, recoveryId ^ 1);
        const nobleOther = nobleSecp256k1.recover(digest, signature, recoveryId ^ 1);
        expect(other && hex(other)).not.toBe(hex(publicKey));
        expect(other && hex(other)).toBe(nobleOther && hex(nobleOther));
      }),
      { numRuns: 60 },
    );
  });

  it('recovers nothing from a signature that does not parse or a bad recovery id', () => {
    const digest = new Uint8Array(32).fill(1);
    const { signature } = engine.sign(digest, digest);
    for (const bad of [new Uint8Array(64), new Uint8Array(64).fill(0xff)]) {
      expect(engine.recover(digest, bad, 0)).toBeNull();
    }
    for (const id of [-1, 4, 27, Number.NaN])
      expect(engine.recover(digest, signature, id)).toBeNull();
  });
});
