import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateEd25519Secret, generateTradingSecret } from '../../../src/auth/keys.ts';
import {
  generateToken,
  hashToken,
  KeystoreError,
  type KeystorePrincipal,
  PrincipalDirectory,
  parseKeystore,
  resolveKeystore,
} from '../../../src/auth/principals.ts';

const secret = generateEd25519Secret();
const tradingSecret = generateTradingSecret();

function entry(label: string, token: string, extra: Record<string, unknown> = {}) {
  return {
    label,
    tokenSha256: hashToken(token),
    accountId: `0x${label.length.toString(16).padStart(64, '0')}`,
    secret,
    tradingSecret,
    role: 'trader' as const,
    ...extra,
  };
}

describe('keystore', () => {
  it('finds the principal of a token and nobody for another token', () => {
    const alice = generateToken();
    const bob = generateToken();
    const directory = new PrincipalDirectory(
      resolveKeystore(
        { principals: [entry('alice', alice), entry('bob', bob, { role: 'broker_admin' })] },
        {},
      ),
    );
    expect(directory.authenticate(alice)?.label).toBe('alice');
    expect(directory.authenticate(bob)?.role).toBe('broker_admin');
    expect(directory.authenticate(generateToken())).toBeNull();
    expect(directory.authenticate('')).toBeNull();
    // The digest that keys the caller's limits is the token's SHA-256 in hex.
    expect(directory.lookup(alice)?.tokenSha256).toBe(hashToken(alice));
    expect(directory.lookup(alice)?.tokenSha256).toBe(
      createHash('sha256').update(alice).digest('hex'),
    );
    expect(directory.lookup(generateToken())).toBeNull();
  });

  it('keeps the first of two entries with the same digest', () => {
    const token = generateToken();
    const [a, b] = resolveKeystore(
      { principals: [entry('first', token), entry('second', generateToken())] },
      {},
    );
    const directory = new PrincipalDirectory([
      a as KeystorePrincipal,
      { ...(b as KeystorePrincipal), tokenSha256: (a as KeystorePrincipal).tokenSha256 },
    ]);
    expect(directory.authenticate(token)?.label).toBe('first');
    expect(directory.principals.map((p) => p.label)).toEqual(['first', 'second']);
  });

  it('tokens are svcgw_ + 43 base64url characters and differ every time', () => {
    const a = generateToken();
    expect(a).toMatch(/^svcgw_[A-Za-z0-9_-]{43}$/);
    expect(generateToken()).not.toBe(a);
  });

  it('resolves env: secrets and names missing variables without values', () => {
    const token = generateToken();
    const keystore = {
      principals: [entry('alice', token, { secret: 'env:ALICE_SECRET', tradingSecret: 'env:T' })],
    };
    const [resolved] = resolveKeystore(keystore, { ALICE_SECRET: secret, T: tradingSecret });
    expect(resolved?.principal.credentials).toMatchObject({ secret, tradingSecret });
    try {
      resolveKeystore(keystore, { T: tradingSecret });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(KeystoreError);
      expect((error as KeystoreError).problems).toEqual([
        'principals.0.secret: environment variable ALICE_SECRET is not set',
      ]);
    }
  });

  it('rejects malformed keys, bad roles, bad digests and duplicates, never echoing secrets', () => {
    const token = generateToken();
    const bad = {
      principals: [
        entry('alice', token, { secret: 'ed25519:0OIl', tradingSecret: 'zz' }),
        entry('alice', token),
      ],
    };
    const error = (() => {
      try {
        resolveKeystore(bad, {});
      } catch (e) {
        return e as KeystoreError;
      }
    })();
    expect(error?.problems.join('\n')).toMatch(/duplicate/);
    expect(() => parseKeystore({ principals: [entry('x', token, { role: 'root' })] })).toThrow(
      /principals\.0\.role/,
    );
    expect(() =>
      parseKeystore({ principals: [entry('x', token, { tokenSha256: 'abc' })] }),
    ).toThrow(/tokenSha256/);
    const keyError = (() => {
      try {
        resolveKeystore({ principals: [entry('a', token, { secret: 'ed25519:0OIl' })] }, {});
      } catch (e) {
        return e as KeystoreError;
      }
    })();
    expect(keyError?.problems[0]).toMatch(/^principals\.0\.secret: /);
    expect(keyError?.message).not.toContain('0OIl');
  });
});
