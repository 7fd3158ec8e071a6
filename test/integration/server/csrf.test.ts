/**
 * CSRF prevention (yoga's plugin, bearer-token rule) over HTTP: an anonymous simple request is
 * refused with FORBIDDEN and a message saying what to send; a request carrying a bearer token,
 * a JSON body or a preflight header passes; yoga's own request errors keep to the vocabulary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_MESSAGE } from '../../../src/plugins/use-csrf-prevention.ts';
import { codes, type GraphQLBody, type Running, startGateway, uniquePrefix } from './harness.ts';

let gw: Running;
let token: string;

beforeAll(async () => {
  // Memory stores: nothing here touches Redis.
  gw = await startGateway({ prefix: uniquePrefix('csrf'), env: { REDIS_URL: undefined } });
  token = gw.gateway.demoTokens?.trader as string;
  expect(token).toMatch(/^svcgw_/);
});
afterAll(() => gw?.close());

const url = (query: string) => `${gw.graphqlUrl}?query=${encodeURIComponent(query)}`;
const read = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as GraphQLBody,
});

describe('CSRF prevention', () => {
  it('refuses anonymous simple requests with FORBIDDEN: GET without a header, text/plain and form POSTs', async () => {
    const refused = [
      await fetch(url('{ __typename }'), { headers: { accept: 'application/json' } }),
      await fetch(gw.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({ query: '{ __typename }' }),
      }),
      await fetch(gw.graphqlUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `query=${encodeURIComponent('{ __typename }')}`,
      }),
    ];
    for (const response of refused) {
      const { status, body } = await read(response);
      expect(status).toBe(403);
      expect(body.data).toBeUndefined();
      expect(body.errors).toEqual([{ message: CSRF_MESSAGE, extensions: { code: 'FORBIDDEN' } }]);
    }
  });

  it('accepts a GET carrying a bearer token, as any client sends it with its defaults', async () => {
    const { status, body } = await read(
      await fetch(url('{ account { id } }'), {
        headers: { accept: 'application/graphql-response+json', authorization: `Bearer ${token}` },
      }),
    );
    expect(status).toBe(200);
    const trader = gw.gateway.principals.find((p) => p.role === 'trader');
    expect(body).toEqual({ data: { account: { id: trader?.credentials.accountId } } });
  });

  it('accepts anonymous JSON POSTs and GETs carrying x-graphql-csrf', async () => {
    const get = await read(
      await fetch(url('{ __typename }'), {
        headers: { accept: 'application/json', 'x-graphql-csrf': '1' },
      }),
    );
    expect(get).toEqual({ status: 200, body: { data: { __typename: 'Query' } } });
    expect((await gw.gql('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
  });

  it('lets a non-bearer Authorization past CSRF only to be refused by caller auth (401)', async () => {
    const { status, body } = await read(
      await fetch(url('{ __typename }'), {
        headers: { accept: 'application/json', authorization: 'Basic dXNlcjpwYXNz' },
      }),
    );
    expect(status).toBe(401);
    expect(codes(body)).toEqual(['UNAUTHENTICATED']);
  });
});

describe("yoga's request errors", () => {
  it('answer BAD_USER_INPUT, not BAD_REQUEST: a mutation by GET, a body that is not JSON', async () => {
    const mutationByGet = await read(
      await fetch(url('mutation { __typename }'), {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      }),
    );
    expect(mutationByGet.status).toBe(405);
    expect(codes(mutationByGet.body)).toEqual(['BAD_USER_INPUT']);

    const badJson = await read(await gw.post('{"query": '));
    expect(badJson.status).toBe(400);
    expect(codes(badJson.body)).toEqual(['BAD_USER_INPUT']);
  });
});
