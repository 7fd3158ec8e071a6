/**
 * What a client sees for a request it got wrong, over real HTTP: a GraphQL-shaped error with
 * a code, nothing of the server's side (no originalError, no stack, no body echoed), and a
 * log that treats it as the client's error (info, no stack).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_MESSAGE } from '../../../src/plugins/use-csrf-prevention.ts';
import { SUPPORTED_CONTENT_TYPES } from '../../../src/plugins/use-media-type.ts';
import { codes, type GraphQLBody, type Running, startGateway, uniquePrefix } from './harness.ts';

let gw: Running;
let token: string;

beforeAll(async () => {
  gw = await startGateway({ prefix: uniquePrefix('client-errors'), env: { REDIS_URL: undefined } });
  token = gw.gateway.demoTokens?.trader as string;
});
afterAll(() => gw?.close());

const SECRET_ECHO = 'echo-me-8f3a';
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename } }`;
const order = (over: Record<string, unknown>) => ({
  symbol: 'PERP_BTC_USDC',
  orderType: 'LIMIT',
  side: 'BUY',
  orderPrice: 50_000,
  orderQuantity: 0.01,
  ...over,
});

/** Every error's extensions hold no server-side detail and the body never echoes the input. */
function expectNothingServerSide(text: string): GraphQLBody {
  const body = JSON.parse(text) as GraphQLBody;
  expect(body.errors?.length).toBeGreaterThan(0);
  for (const error of body.errors ?? []) {
    expect(Object.keys(error.extensions ?? {})).not.toContain('originalError');
    expect(Object.keys(error.extensions ?? {})).not.toContain('stack');
  }
  expect(text).not.toContain(SECRET_ECHO);
  return body;
}

describe('no client-facing error carries originalError or a stack', () => {
  it('a body that is not JSON: BAD_USER_INPUT, the parser error (quoting the body) left out', async () => {
    const response = await gw.post(`{"query": "{ __typename }", ${SECRET_ECHO}`);
    expect(response.status).toBe(400);
    const body = expectNothingServerSide(await response.text());
    expect(body.errors).toEqual([
      {
        message: 'The POST body is not valid JSON',
        extensions: { code: 'BAD_USER_INPUT', field: 'body', rule: 'json' },
      },
    ]);
  });

  it('a variable that does not coerce, and a zod rule of a query: coded, nothing else attached', async () => {
    const coercion = await gw.post(
      { query: PLACE, variables: { input: order({ orderQuantity: { [SECRET_ECHO]: 1 } }) } },
      { token },
    );
    expect(coercion.status).toBe(400);
    const coerced = JSON.parse(await coercion.text()) as GraphQLBody;
    expect(codes(coerced)).toEqual(['BAD_USER_INPUT']);
    for (const error of coerced.errors ?? []) {
      expect(Object.keys(error.extensions ?? {})).toEqual(['code']);
    }
    const rule = await gw.post(
      { query: '{ account { orders(first: 0) { totalCount } } }' },
      { token },
    );
    const ruled = expectNothingServerSide(await rule.text());
    expect(ruled.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'first',
      rule: 'range',
      issues: [expect.objectContaining({ field: 'first', rule: 'range' })],
    });
    // A mutation's broken rule is its InputError member: no error at all.
    const member = await gw.post(
      { query: PLACE, variables: { input: order({ orderPrice: -5 }) } },
      { token },
    );
    expect(await member.json()).toEqual({ data: { placeOrder: { __typename: 'InputError' } } });
  });
});

describe('an unsupported Content-Type', () => {
  it('answers 415 with a GraphQL error naming the content types read', async () => {
    const response = await gw.post(`<query>${SECRET_ECHO}</query>`, {
      token,
      headers: { 'content-type': 'application/xml' },
    });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toMatch(/json/);
    const body = expectNothingServerSide(await response.text());
    expect(codes(body)).toEqual(['BAD_USER_INPUT']);
    for (const type of SUPPORTED_CONTENT_TYPES) expect(body.errors?.[0]?.message).toContain(type);
  });
});

describe('CSRF refusals are client errors in the log', () => {
  it('one info line without a stack, no error line', async () => {
    const before = gw.logs.length;
    const response = await fetch(`${gw.graphqlUrl}?query=${encodeURIComponent('{ __typename }')}`);
    expect(response.status).toBe(403);
    expect((await response.json()) as GraphQLBody).toEqual({
      errors: [{ message: CSRF_MESSAGE, extensions: { code: 'FORBIDDEN' } }],
    });
    const lines = gw.logs.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    expect(lines.some((l) => JSON.stringify(l).includes('stack'))).toBe(false);
    const refusal = lines.filter((l) => String(l.msg).includes('cross-site'));
    expect(refusal).toMatchObject([{ level: 'info', method: 'GET' }]);
  });
});

/** A POST with the given raw header lines, over node:http (fetch would merge repeats). */
function rawPost(headers: string[], body: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; text: string }>(
    (resolve, reject) => {
      const url = new URL(gw.graphqlUrl);
      const raw = ['host', url.host, 'content-type', 'application/json', ...headers];
      const req = request(url, { method: 'POST', headers: raw, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('two Authorization headers', () => {
  const query = JSON.stringify({ query: '{ account { id } }' });

  it('are refused with UNAUTHENTICATED naming the rule, whichever comes first', async () => {
    for (const pair of [
      [`Bearer ${token}`, 'Bearer not-a-token'],
      ['Bearer not-a-token', `Bearer ${token}`],
      [`Bearer ${token}`, `Bearer ${token}`],
    ]) {
      const answer = await rawPost(
        pair.flatMap((value) => ['authorization', value]),
        query,
      );
      expect(answer.status).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer error="invalid_request"');
      const body = JSON.parse(answer.text) as GraphQLBody;
      expect(body.data).toBeUndefined();
      expect(body.errors).toEqual([
        {
          message: 'Send exactly one Authorization header (this request has 2).',
          extensions: { code: 'UNAUTHENTICATED', rule: 'oneAuthorizationHeader' },
        },
      ]);
      expect(answer.text).not.toContain(token);
    }
  });

  it('one header still authenticates over the same raw client', async () => {
    const answer = await rawPost(['authorization', `Bearer ${token}`], query);
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.text) as GraphQLBody).data?.account).toBeTruthy();
  });
});
