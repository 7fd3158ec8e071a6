/**
 * Caller auth over HTTP: bearer token → keystore → principal, against the embedded sandbox
 * (every keystore account registered in it) and Redis stores. Refused callers cause no
 * upstream call; tokens and keys never reach a log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToken } from '../../../src/auth/principals.ts';
import { codes, makeCaller, type Running, startGateway, uniquePrefix } from './harness.ts';

const prefix = uniquePrefix('auth');
const alice = makeCaller('alice', 'trader');
const bob = makeCaller('bob', 'broker_admin');
const carol = makeCaller('carol', 'trader');
const ACCOUNT = '{ account { id } }';
const ADMIN = '{ referralAdminInfo(page: 1, size: 10) { meta { total } rows { accountId } } }';
let gw: Running;

function upstreamCalls(): number {
  return gw.gateway.sandbox?.requestCount() ?? Number.NaN;
}

beforeAll(async () => {
  gw = await startGateway({
    prefix,
    keystore: {
      principals: [
        alice.entry,
        bob.entry,
        { ...carol.entry, secret: 'env:CAROL_SECRET', tradingSecret: 'env:CAROL_TRADING' },
      ],
    },
    env: { CAROL_SECRET: carol.entry.secret, CAROL_TRADING: carol.entry.tradingSecret },
  });
});
afterAll(() => gw?.close());

describe('caller auth', () => {
  it('no token: anonymous, UNAUTHENTICATED on fields that need a caller, no upstream call', async () => {
    const before = upstreamCalls();
    for (const query of [ACCOUNT, ADMIN]) {
      const { status, body } = await gw.gql(query);
      expect(status).toBe(200);
      expect(codes(body)).toEqual(['UNAUTHENTICATED']);
      expect(Object.values(body.data ?? {})).toEqual([null]);
    }
    expect((await gw.gql('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
    expect(upstreamCalls()).toBe(before);
  });

  it('unknown or malformed token: 401 UNAUTHENTICATED for the whole request, no upstream call', async () => {
    const before = upstreamCalls();
    const headers = [
      `Bearer ${generateToken()}`,
      `Bearer ${alice.token}x`,
      `Basic ${Buffer.from('alice:pw').toString('base64')}`,
      'Bearer',
      `Bearer ${alice.token} extra`,
      alice.token,
    ];
    for (const authorization of headers) {
      const response = await gw.post({ query: ACCOUNT }, { headers: { authorization } });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      const body = (await response.json()) as { data?: unknown; errors: unknown[] };
      expect(body.data).toBeUndefined();
      expect(body.errors).toEqual([
        {
          message: 'Missing, malformed or unknown bearer token.',
          extensions: { code: 'UNAUTHENTICATED' },
        },
      ]);
    }
    expect(upstreamCalls()).toBe(before);
  });

  it('a trader reads its own account, signed with its keystore keys', async () => {
    const before = gw.gateway.sandbox?.requestCount({ accountId: alice.entry.accountId }) ?? 0;
    const { status, body } = await gw.gql(ACCOUNT, { token: alice.token });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { account: { id: alice.entry.accountId } } });
    expect(gw.gateway.sandbox?.requestCount({ accountId: alice.entry.accountId })).toBe(before + 1);
  });

  it('the bearer scheme is case-insensitive', async () => {
    const response = await gw.post(
      { query: ACCOUNT },
      { headers: { authorization: `bearer ${alice.token}` } },
    );
    expect(await response.json()).toEqual({ data: { account: { id: alice.entry.accountId } } });
  });

  it('secrets given as env:NAME are read from the environment', async () => {
    const { body } = await gw.gql(ACCOUNT, { token: carol.token });
    expect(body).toEqual({ data: { account: { id: carol.entry.accountId } } });
  });

  it('a trader on a broker-admin field: FORBIDDEN with no upstream call', async () => {
    const before = upstreamCalls();
    const { status, body } = await gw.gql(ADMIN, { token: alice.token });
    expect(status).toBe(200);
    expect(body.data).toEqual({ referralAdminInfo: null });
    expect(codes(body)).toEqual(['FORBIDDEN']);
    expect(upstreamCalls()).toBe(before);
  });

  it('a broker admin reads the broker-admin field', async () => {
    const before = gw.gateway.sandbox?.requestCount({ accountId: bob.entry.accountId }) ?? 0;
    const { status, body } = await gw.gql(ADMIN, { token: bob.token });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    expect(body.data?.referralAdminInfo).toMatchObject({ meta: { total: expect.any(Number) } });
    expect(gw.gateway.sandbox?.requestCount({ accountId: bob.entry.accountId })).toBe(before + 1);
  });

  it('no token, secret or token digest ever reaches the log', () => {
    const logs = gw.logs.join('');
    expect(logs).toContain('"caller":"alice"');
    for (const caller of [alice, bob, carol]) {
      for (const secret of [
        caller.token,
        caller.entry.secret,
        caller.entry.tradingSecret,
        caller.entry.tokenSha256,
      ]) {
        expect(logs).not.toContain(secret);
      }
    }
  });
});

describe('demo principals (embedded mode, no keystore)', () => {
  let demo: Running;
  beforeAll(async () => {
    demo = await startGateway({ prefix });
  });
  afterAll(() => demo?.close());

  it('generates a trader and a broker admin with fresh tokens, registered in the sandbox', async () => {
    const tokens = demo.gateway.demoTokens;
    expect(tokens?.trader).toMatch(/^svcgw_/);
    expect(tokens?.brokerAdmin).toMatch(/^svcgw_/);
    expect(demo.gateway.principals.map((p) => [p.label, p.role])).toEqual([
      ['demo-trader', 'trader'],
      ['demo-broker-admin', 'broker_admin'],
    ]);
    const trader = await demo.gql(ACCOUNT, { token: tokens?.trader as string });
    expect(trader.body.data?.account).toEqual({
      id: demo.gateway.principals[0]?.credentials.accountId,
    });
    expect(codes((await demo.gql(ADMIN, { token: tokens?.trader as string })).body)).toEqual([
      'FORBIDDEN',
    ]);
    const admin = await demo.gql(ADMIN, { token: tokens?.brokerAdmin as string });
    expect(admin.body.errors).toBeUndefined();
    expect(demo.logs.join('')).not.toContain(tokens?.trader as string);
  });
});
