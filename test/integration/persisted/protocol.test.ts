// @module-tag redis
/**
 * The persisted-operations protocol over real HTTP: GET by hash with cache headers fit for a
 * CDN, `require` mode refusing text, unknown hashes, APQ registration when text is allowed,
 * and `off` mode — by raw requests and by Apollo Client's link.
 */
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLBody, type Running, uniquePrefix } from '../server/harness.ts';
import {
  apolloClient,
  type Callers,
  carriesText,
  hashOf,
  makeCallers,
  sha256,
  startPersistedGateway,
} from './harness.ts';

const GQL_RESPONSE = 'application/graphql-response+json, application/json;q=0.9';
const DASHBOARD = hashOf('query TradingDashboard');
const NONCE = hashOf('query StrategyVaultNonce');

interface Init {
  token?: string;
  accept?: string;
  headers?: Record<string, string>;
}

function headers({ token, accept = GQL_RESPONSE, headers: extra }: Init): Record<string, string> {
  return {
    accept,
    // A header only a preflighted (non-simple) request can carry: passes CSRF prevention.
    'x-apollo-operation-name': 'test',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  };
}

/** GET /graphql?… with the given parameters (objects JSON-encoded). */
function get(gw: Running, params: Record<string, unknown>, init: Init = {}): Promise<Response> {
  const url = new URL(gw.graphqlUrl);
  for (const [key, value] of Object.entries(params)) {
    url.searchParams.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return fetch(url, { headers: headers(init) });
}

function post(gw: Running, body: Record<string, unknown>, init: Init = {}): Promise<Response> {
  return fetch(gw.graphqlUrl, {
    method: 'POST',
    headers: { ...headers(init), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const pq = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });
const json = async (r: Response) => (await r.json()) as GraphQLBody;
const codeOf = async (r: Response) => (await json(r)).errors?.[0]?.extensions?.code;

describe('PERSISTED_OPERATIONS=require', () => {
  let gw: Running;
  let callers: Callers;
  beforeAll(async () => {
    callers = makeCallers('req');
    gw = await startPersistedGateway(uniquePrefix('po-require'), callers, {
      PERSISTED_OPERATIONS: 'require',
    });
  });
  afterAll(() => gw?.close());

  it('GET by hash, authenticated: private max-age, Vary: Authorization, ETag and 304', async () => {
    const input = {
      symbol: 'PERP_ETH_USDC',
      orderType: 'LIMIT',
      side: 'BUY',
      orderPrice: 2000,
      orderQuantity: 0.1,
      clientOrderId: 'po-cache-1',
    };
    const placed = await post(
      gw,
      { variables: { input }, extensions: pq(hashOf('mutation PlaceOrder')) },
      { token: callers.trader.token },
    );
    expect((await json(placed)).data?.placeOrder).toMatchObject({
      __typename: 'PlaceOrderSuccess',
    });
    expect(placed.headers.get('cache-control')).toBe('no-store');

    const params = {
      operationName: 'TradingDashboard',
      variables: { clientOrderIds: ['po-cache-1'] },
      extensions: pq(DASHBOARD),
    };
    const r = await get(gw, params, { token: callers.trader.token });
    expect(r.status).toBe(200);
    expect((await json(r)).data?.account).toMatchObject({ id: callers.trader.entry.accountId });
    expect(r.headers.get('cache-control')).toMatch(/^private, max-age=[1-9]\d*$/);
    expect(r.headers.get('vary')).toMatch(/\bAuthorization\b/);
    const etag = r.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]{32}"$/);

    const again = await get(gw, params, {
      token: callers.trader.token,
      headers: { 'if-none-match': etag as string },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('GET by documentId, as POST takes it, with the same cache headers', async () => {
    const input = {
      symbol: 'PERP_ETH_USDC',
      orderType: 'LIMIT',
      side: 'BUY',
      orderPrice: 2000,
      orderQuantity: 0.1,
      clientOrderId: 'po-doc-1',
    };
    const place = { variables: { input }, extensions: pq(hashOf('mutation PlaceOrder')) };
    expect((await json(await post(gw, place, { token: callers.trader.token }))).errors).toBe(
      undefined,
    );
    const params = {
      documentId: `sha256:${DASHBOARD}`,
      variables: { clientOrderIds: ['po-doc-1'] },
    };
    const r = await get(gw, params, { token: callers.trader.token });
    expect(r.status).toBe(200);
    expect((await json(r)).data?.account).toMatchObject({ id: callers.trader.entry.accountId });
    expect(r.headers.get('cache-control')).toMatch(/^private, max-age=[1-9]\d*$/);
    const posted = await post(gw, params, { token: callers.trader.token });
    expect((await json(posted)).data?.account).toMatchObject({
      id: callers.trader.entry.accountId,
    });
  });

  it('never lets a shared cache keep a nonce, a POST or an error', async () => {
    const nonce = await get(gw, { extensions: pq(NONCE) });
    expect(nonce.status).toBe(200);
    expect(typeof (await json(nonce)).data?.strategyVaultNonce).toBe('number');
    expect(nonce.headers.get('cache-control')).toBe('no-store');

    const byPost = await post(
      gw,
      { variables: { clientOrderIds: ['po-cache-1'] }, extensions: pq(DASHBOARD) },
      { token: callers.trader.token },
    );
    expect(byPost.status).toBe(200);
    expect(byPost.headers.get('cache-control')).toBe('no-store');

    const anonymous = await get(gw, {
      variables: { clientOrderIds: ['po-cache-1'] },
      extensions: pq(DASHBOARD),
    });
    expect(await codeOf(anonymous)).toBe('UNAUTHENTICATED');
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses query text from callers that are not developers: 403 PERSISTED_QUERY_ONLY', async () => {
    const query = '{ account { id } }';
    for (const r of [
      await post(gw, { query }, { token: callers.trader.token }),
      await post(gw, { query }, { token: callers.admin.token }),
      await post(gw, { query: '{ strategyVaultNonce }' }),
      await get(gw, { query }, { token: callers.trader.token }),
      // Text with its own hash would register it (APQ): refused too.
      await post(gw, { query, extensions: pq(sha256(query)) }, { token: callers.trader.token }),
    ]) {
      expect(r.status).toBe(403);
      expect(await codeOf(r)).toBe('PERSISTED_QUERY_ONLY');
    }
    const registered = await post(
      gw,
      { extensions: pq(sha256(query)) },
      { token: callers.trader.token },
    );
    expect(await codeOf(registered)).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('takes text from developer principals and, in embedded mode, from its GraphiQL page', async () => {
    const dev = await post(gw, { query: '{ account { id } }' }, { token: callers.developer.token });
    expect(dev.status).toBe(200);
    expect((await json(dev)).data?.account).toEqual({ id: callers.developer.entry.accountId });

    const graphiql = await post(
      gw,
      { query: '{ strategyVaultNonce }' },
      { headers: { referer: `${gw.origin}/graphql` } },
    );
    expect(graphiql.status).toBe(200);
    const elsewhere = await post(
      gw,
      { query: '{ strategyVaultNonce }' },
      { headers: { referer: 'https://evil.example/graphql' } },
    );
    expect(elsewhere.status).toBe(403);
  });

  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND: 404, or 200 for legacy JSON clients', async () => {
    const unknown = pq('ab'.repeat(32));
    const byGet = await get(gw, { extensions: unknown }, { token: callers.trader.token });
    expect(byGet.status).toBe(404);
    expect(byGet.headers.get('cache-control')).toBe('no-store');
    expect(await json(byGet)).toEqual({
      errors: [
        { message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
      ],
    });

    const byPost = await post(gw, { extensions: unknown });
    expect(byPost.status).toBe(404);
    expect(await codeOf(byPost)).toBe('PERSISTED_QUERY_NOT_FOUND');

    const legacy = await get(gw, { extensions: unknown }, { accept: 'application/json' });
    expect(legacy.status).toBe(200);
    expect(await codeOf(legacy)).toBe('PERSISTED_QUERY_NOT_FOUND');

    const malformed = await get(gw, { extensions: pq('not-a-hash') });
    expect(await codeOf(malformed)).toBe('PERSISTED_QUERY_NOT_FOUND');

    const nothing = await post(gw, { variables: {} });
    expect(nothing.status).toBe(400);
    expect(await codeOf(nothing)).toBe('PERSISTED_QUERY_ID_REQUIRED');
  });
});

describe('PERSISTED_OPERATIONS=allow: automatic persisted queries', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startPersistedGateway(uniquePrefix('po-allow'), makeCallers('allow'), {
      PERSISTED_OPERATIONS: 'allow',
    });
  });
  afterAll(() => gw?.close());

  it('registers text sent with its hash; the hash alone works afterwards', async () => {
    const query = 'query PoApqRaw { n: strategyVaultNonce }';
    const hash = sha256(query);
    expect(await codeOf(await get(gw, { extensions: pq(hash) }))).toBe('PERSISTED_QUERY_NOT_FOUND');

    const register = await post(gw, { query, extensions: pq(hash) });
    expect(register.status).toBe(200);
    expect(typeof (await json(register)).data?.n).toBe('number');

    const byHash = await get(gw, { extensions: pq(hash) });
    expect(byHash.status).toBe(200);
    expect(typeof (await json(byHash)).data?.n).toBe('number');
  });

  it('refuses text whose hash does not match: 400 PERSISTED_QUERY_HASH_MISMATCH', async () => {
    const query = 'query PoApqWrong { strategyVaultNonce }';
    const wrong = await post(gw, { query, extensions: pq(sha256(`${query} `)) });
    expect(wrong.status).toBe(400);
    expect(await codeOf(wrong)).toBe('PERSISTED_QUERY_HASH_MISMATCH');
    expect(await codeOf(await get(gw, { extensions: pq(sha256(`${query} `)) }))).toBe(
      'PERSISTED_QUERY_NOT_FOUND',
    );
  });

  it("Apollo's link registers an operation it has never sent, then sends only its hash", async () => {
    const { client, sent } = apolloClient(gw);
    const query = parse('query PoApqApollo { strategyVaultNonce }');
    const first = await client.query({ query });
    expect(typeof (first.data as Record<string, unknown>).strategyVaultNonce).toBe('number');
    expect(sent.map((r) => [r.method, r.status, carriesText(r)])).toEqual([
      ['GET', 404, false],
      ['POST', 200, true],
    ]);

    const second = await client.query({ query });
    expect(typeof (second.data as Record<string, unknown>).strategyVaultNonce).toBe('number');
    expect(sent.slice(2).map((r) => [r.method, r.status, carriesText(r)])).toEqual([
      ['GET', 200, false],
    ]);
  });
});

describe('PERSISTED_OPERATIONS=off', () => {
  let gw: Running;
  beforeAll(async () => {
    gw = await startPersistedGateway(uniquePrefix('po-off'), makeCallers('off'), {
      PERSISTED_OPERATIONS: 'off',
    });
  });
  afterAll(() => gw?.close());

  it('answers a hash with PERSISTED_QUERY_NOT_SUPPORTED; Apollo falls back to text', async () => {
    const r = await get(gw, { extensions: pq(NONCE) });
    expect(r.status).toBe(400);
    expect(await codeOf(r)).toBe('PERSISTED_QUERY_NOT_SUPPORTED');

    const { client, sent } = apolloClient(gw);
    const { data } = await client.query({ query: parse('query PoOff { strategyVaultNonce }') });
    expect(typeof (data as Record<string, unknown>).strategyVaultNonce).toBe('number');
    expect(sent.map((s) => [s.status, carriesText(s)])).toEqual([
      [400, false],
      [200, true],
    ]);
  });
});
