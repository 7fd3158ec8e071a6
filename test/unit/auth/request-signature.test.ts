import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { ed } from '../../../src/auth/engines/noble.ts';
import { KeyFormatError } from '../../../src/auth/keys.ts';
import {
  RequestSigner,
  requestMessage,
  verifyRequestSignature,
} from '../../../src/auth/request-signature.ts';
import { vectors } from './signing-vectors.ts';

const { secret, key, cases } = vectors.requestSignature;
const signer = new RequestSigner({ accountId: 'acc-1', secret });

/** The four base64 forms of the same bytes. */
function variants(urlSafePadded: string): string[] {
  const standard = urlSafePadded.replaceAll('-', '+').replaceAll('_', '/');
  return [urlSafePadded, urlSafePadded.replace(/=+$/, ''), standard, standard.replace(/=+$/, '')];
}

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Same bytes, but with a non-zero unused bit in the last character (decoders ignore it). */
function nonCanonicalTail(signature: string): string {
  const unpadded = signature.replace(/=+$/, '');
  const last = URL_SAFE.indexOf(unpadded.at(-1)!);
  return `${unpadded.slice(0, -1)}${URL_SAFE[last | 1]}==`;
}

describe('request signature vectors', () => {
  it('has cases to check', () => {
    expect(cases.length).toBeGreaterThan(0);
    expect(vectors.requestSignature.encoding).toBe('url-safe base64 with padding');
  });

  it.each(cases)('$method $path: message, signature and key', (c) => {
    const message = requestMessage(c);
    expect(message).toBe(c.message);
    expect(signer.sign(message)).toBe(c.signature);
    expect(signer.publicKey).toBe(key);
    expect(verifyRequestSignature(key, c.message, c.signature)).toBe(true);
  });

  it.each(cases)('$method $path: headers carry the vector values', (c) => {
    const headers = signer.headers({ ...c, tradingKey: vectors.orderSignature.tradingKey });
    expect(headers).toEqual({
      'svc-timestamp': String(c.timestamp),
      'svc-account-id': 'acc-1',
      'svc-key': key,
      'svc-signature': c.signature,
      'svc-trading-key': vectors.orderSignature.tradingKey,
      'Content-Type': c.body === '' ? 'application/x-www-form-urlencoded' : 'application/json',
      'Cache-Control': 'no-cache',
    });
  });

  it('matches an independent ed25519 implementation (noble)', () => {
    const seed = bs58.decode(secret).subarray(0, 32);
    for (const c of cases) {
      const noble = Buffer.from(ed.sign(new TextEncoder().encode(c.message), seed));
      expect(signer.sign(c.message)).toBe(noble.toString('base64url').concat('=='));
    }
  });
});

describe('requestMessage', () => {
  it('upper-cases the method and appends the body only when non-empty', () => {
    expect(requestMessage({ timestamp: '1', method: 'post', path: '/p?q=1', body: '{}' })).toBe(
      '1POST/p?q=1{}',
    );
    expect(requestMessage({ timestamp: 2, method: 'get', path: '/p' })).toBe('2GET/p');
    expect(requestMessage({ timestamp: 2, method: 'DELETE', path: '/p', body: '' })).toBe(
      '2DELETE/p',
    );
  });

  it('omits svc-trading-key unless given', () => {
    const headers = signer.headers({ method: 'GET', path: '/v1/client/info', timestamp: 5 });
    expect(Object.keys(headers)).not.toContain('svc-trading-key');
    expect(headers['svc-timestamp']).toBe('5');
  });
});

describe('RequestSigner keys', () => {
  it('gives the same key and signatures for 32- and 64-byte secrets, prefixed or not', () => {
    const short = bs58.encode(bs58.decode(secret).subarray(0, 32));
    const message = cases[0]!.message;
    for (const text of [secret, `ed25519:${secret}`, short, `ed25519:${short}`]) {
      const other = new RequestSigner({ accountId: 'a', secret: text });
      expect(other.publicKey).toBe(key);
      expect(other.sign(message)).toBe(cases[0]!.signature);
    }
  });

  it('fails at construction on a malformed secret or account id', () => {
    expect(() => new RequestSigner({ accountId: 'a', secret: secret.slice(0, 20) })).toThrow(
      KeyFormatError,
    );
    expect(() => new RequestSigner({ accountId: 'a', secret: '' })).toThrow(KeyFormatError);
    expect(() => new RequestSigner({ accountId: '', secret })).toThrow(/account id/);
  });
});

describe('verifyRequestSignature', () => {
  const c = cases[1]!;

  it('accepts all four base64 variants and the raw key forms', () => {
    for (const signature of variants(c.signature)) {
      expect(verifyRequestSignature(key, c.message, signature)).toBe(true);
    }
    const raw = bs58.decode(key.slice('ed25519:'.length));
    expect(verifyRequestSignature(raw, c.message, c.signature)).toBe(true);
    expect(verifyRequestSignature(key.slice('ed25519:'.length), c.message, c.signature)).toBe(true);
  });

  it('verifies the raw bytes received (head bytes followed by body bytes)', () => {
    const head = Buffer.from(`${c.timestamp}${c.method}${c.path}`);
    const bytes = new Uint8Array(Buffer.concat([head, Buffer.from(c.body)]));
    expect(verifyRequestSignature(key, bytes, c.signature)).toBe(true);
    bytes.set([bytes.at(-2)! ^ 1], bytes.length - 2);
    expect(verifyRequestSignature(key, bytes, c.signature)).toBe(false);
  });

  it('round-trips signatures of fresh messages, including non-ASCII bodies', () => {
    for (const body of ['', '{"a": 1}', '{"name": "Grid Pro — ünïcode ✓"}']) {
      const message = requestMessage({ timestamp: Date.now(), method: 'PUT', path: '/x', body });
      expect(verifyRequestSignature(signer.publicKey, message, signer.sign(message))).toBe(true);
    }
  });

  it('fails on a tampered message, key or signature', () => {
    expect(verifyRequestSignature(key, `${c.message} `, c.signature)).toBe(false);
    expect(verifyRequestSignature(key, c.message.replace('2.11', '2.12'), c.signature)).toBe(false);
    const otherKey = new RequestSigner({
      accountId: 'b',
      secret: `ed25519:${bs58.encode(new Uint8Array(32).fill(7))}`,
    }).publicKey;
    expect(verifyRequestSignature(otherKey, c.message, c.signature)).toBe(false);
    const flipped = c.signature[10] === 'A' ? 'B' : 'A';
    const tampered = c.signature.slice(0, 10) + flipped + c.signature.slice(11);
    expect(verifyRequestSignature(key, c.message, tampered)).toBe(false);
    expect(verifyRequestSignature(key, c.message, cases[0]!.signature)).toBe(false);
  });

  it('rejects a non-canonical encoding of the right bytes', () => {
    const loose = nonCanonicalTail(c.signature);
    expect(loose).not.toBe(c.signature);
    expect(Buffer.from(loose, 'base64url')).toEqual(Buffer.from(c.signature, 'base64url'));
    expect(verifyRequestSignature(key, c.message, loose)).toBe(false);
  });

  it('returns false, never throws, for garbage', () => {
    const garbage: [unknown, unknown, unknown][] = [
      [key, c.message, ''],
      [key, c.message, 'not base64 at all!'],
      [key, c.message, c.signature.slice(0, 80)],
      [key, c.message, `${c.signature}==`],
      [key, c.message, c.signature.replace('-', '+')], // mixed alphabets
      [key, c.message, nonCanonicalTail(c.signature)],
      ['ed25519:notakey', c.message, c.signature],
      [new Uint8Array(31), c.message, c.signature],
      [key, c.message, 42],
      [null, null, null],
    ];
    for (const [k, m, s] of garbage) {
      expect(verifyRequestSignature(k as string, m as string, s as string)).toBe(false);
    }
  });
});
