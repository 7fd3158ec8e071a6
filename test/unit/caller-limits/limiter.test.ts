/** The caller-limit rules on the in-process limiter (no Redis): the same code path as the insurance. */
import type { IncomingMessage } from 'node:http';
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationCost } from '../../../src/caller-limits/cost.ts';
import {
  type CallerLimitsConfig,
  createCallerLimiter,
} from '../../../src/caller-limits/limiter.ts';
import { loadConfig } from '../../../src/config.ts';
import { clientIp } from '../../../src/connections/client-address.ts';
import { schema } from '../../../src/schema/index.ts';

const config: CallerLimitsConfig = {
  windowMs: 60_000,
  points: 10,
  anonymousPoints: 4,
  globalShare: 0.5,
};
const cost = (query: string) => operationCost(schema, parse(query), undefined);
const nonces = (n: number) =>
  cost(`{ ${Array.from({ length: n }, (_, i) => `n${i}: strategyVaultNonce`).join(' ')} }`);
const alice = { kind: 'principal', id: 'a'.repeat(64) } as const;
const bob = { kind: 'principal', id: 'b'.repeat(64) } as const;
const anon = (ip: string) => ({ kind: 'anonymous', ip }) as const;

describe('createCallerLimiter (in-process)', () => {
  it('gives anonymous IPs their own, lower allowance, and principals theirs', async () => {
    const limiter = createCallerLimiter({ config, keyPrefix: 't1' });
    const read = cost('{ account { id } }');
    for (let i = 0; i < 4; i++)
      expect(await limiter.consume(anon('10.0.0.1'), read)).toEqual({ allowed: true });
    expect(await limiter.consume(anon('10.0.0.1'), read)).toMatchObject({
      allowed: false,
      reason: expect.stringContaining('anonymous limit of 4'),
    });
    expect((await limiter.consume(anon('10.0.0.2'), read)).allowed).toBe(true);
    for (let i = 0; i < 10; i++) expect((await limiter.consume(alice, read)).allowed).toBe(true);
    const over = await limiter.consume(alice, read);
    expect(over).toMatchObject({ allowed: false, reason: expect.stringContaining('limit of 10') });
    expect(over.allowed === false && over.retryAfterMs).toBeGreaterThan(50_000);
    expect((await limiter.consume(bob, read)).allowed).toBe(true);
  });

  it('caps each caller at its share of a global budget; anonymous callers share one', async () => {
    const limiter = createCallerLimiter({ config, keyPrefix: 't2' });
    // sv_nonce: 10 a second, share 0.5 here → 5 per caller a second.
    expect((await limiter.consume(alice, nonces(5))).allowed).toBe(true);
    const more = await limiter.consume(alice, nonces(1));
    expect(more).toMatchObject({ allowed: false, reason: expect.stringContaining('share') });
    expect(more.allowed === false && more.retryAfterMs).toBeLessThanOrEqual(1_000);
    // Another account still gets its own share.
    expect((await limiter.consume(bob, nonces(5))).allowed).toBe(true);
    // Two anonymous IPs draw on the one anonymous share.
    expect((await limiter.consume(anon('10.0.0.1'), nonces(3))).allowed).toBe(true);
    expect((await limiter.consume(anon('10.0.0.2'), nonces(3))).allowed).toBe(false);
  });

  it('refuses a request needing more than a share outright, and charges refusals nothing', async () => {
    const limiter = createCallerLimiter({ config, keyPrefix: 't3' });
    expect(await limiter.consume(alice, nonces(30))).toMatchObject({
      allowed: false,
      retryAfterMs: 1_000,
      reason: expect.stringContaining('needs 30 calls'),
    });
    // 11 units: over the 10 of the window; refused whole, and nothing kept.
    const eleven = cost(`{ orders(clientOrderIds: [${'"x",'.repeat(11)}]) { status } }`);
    expect((await limiter.consume(alice, eleven)).allowed).toBe(false);
    // The share taken by a request the window rule refuses is given back too.
    const mixed = cost(
      `{ strategyVaultNonce orders(clientOrderIds: [${'"x",'.repeat(10)}]) { status } }`,
    );
    expect((await limiter.consume(alice, mixed)).allowed).toBe(false);
    expect((await limiter.consume(alice, nonces(5))).allowed).toBe(true);
    expect((await limiter.consume(alice, cost('{ account { id } }'))).allowed).toBe(true);
  });

  it('waits for the next window of a share within waitMs, instead of refusing a short burst', async () => {
    const pauses: number[] = [];
    const limiter = createCallerLimiter({
      config,
      keyPrefix: 't5',
      waitMs: 2_000,
      sleep: (ms) => {
        pauses.push(ms);
        return new Promise((resolve) => setTimeout(resolve, ms));
      },
    });
    expect((await limiter.consume(alice, nonces(5))).allowed).toBe(true);
    expect((await limiter.consume(alice, nonces(2))).allowed).toBe(true);
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toBeLessThanOrEqual(1_000 + 25);
    // Still more than a share: refused at once, no wait.
    expect((await limiter.consume(alice, nonces(6))).allowed).toBe(false);
    expect(pauses).toHaveLength(1);
  });

  it('does not count operations that cost nothing', async () => {
    const limiter = createCallerLimiter({
      config: { ...config, anonymousPoints: 1 },
      keyPrefix: 't4',
    });
    for (let i = 0; i < 5; i++) {
      expect((await limiter.consume(anon('10.0.0.9'), cost('{ __typename }'))).allowed).toBe(true);
    }
  });
});

describe('CALLER_* and ADMIN_* configuration', () => {
  it('defaults: admin listener on 127.0.0.1:9090, anonymous callers lower', () => {
    const c = loadConfig({});
    expect(c.admin).toEqual({ host: '127.0.0.1', port: 9090 });
    expect(c.callerLimits).toEqual({
      windowMs: 60_000,
      points: 1_200,
      anonymousPoints: 120,
      globalShare: 0.4,
      proxyHops: 0,
      requests: { windowMs: 10_000, anonymous: 600, free: 600, refusalDelayMs: 500 },
    });
  });

  it('refuses an anonymous limit that is not strictly lower, and a window in part seconds', () => {
    expect(() => loadConfig({ CALLER_POINTS: '100', CALLER_ANON_POINTS: '100' })).toThrow(
      /CALLER_ANON_POINTS: must be lower than CALLER_POINTS/,
    );
    expect(() => loadConfig({ CALLER_WINDOW_MS: '1500' })).toThrow(/CALLER_WINDOW_MS/);
    expect(() => loadConfig({ CALLER_GLOBAL_SHARE: '1.5' })).toThrow(/CALLER_GLOBAL_SHARE/);
    expect(() => loadConfig({ CALLER_REQUEST_WINDOW_MS: '2500' })).toThrow(
      /CALLER_REQUEST_WINDOW_MS/,
    );
    expect(() => loadConfig({ CALLER_ANON_REQUESTS: '-1' })).toThrow(/CALLER_ANON_REQUESTS/);
    expect(loadConfig({ CALLER_FREE_REQUESTS: '0' }).callerLimits.requests.free).toBe(0);
    expect(loadConfig({ ADMIN_PORT: '0' }).admin.port).toBe(0);
  });
});

describe('clientIp', () => {
  const at = (remoteAddress: string, forwarded?: string) => ({
    request: new Request('http://gw/graphql', {
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
    }),
    req: { socket: { remoteAddress } } as IncomingMessage,
  });

  it('uses the peer address and ignores X-Forwarded-For without trusted proxies', () => {
    expect(clientIp(at('203.0.113.7', '1.2.3.4'), 0)).toBe('203.0.113.7');
    expect(clientIp(at('::ffff:203.0.113.7'), 0)).toBe('203.0.113.7');
    expect(clientIp(at('2001:db8::1'), 0)).toBe('2001:db8::1');
  });

  it('takes the address the outermost trusted proxy saw', () => {
    // client-written, then what proxy 1 saw, then what proxy 2 saw
    const request = at('10.0.0.2', '6.6.6.6, 198.51.100.9, 10.0.0.1');
    expect(clientIp(request, 1)).toBe('10.0.0.1');
    expect(clientIp(request, 2)).toBe('198.51.100.9');
    expect(clientIp(at('10.0.0.2'), 1)).toBe('10.0.0.2');
  });
});
