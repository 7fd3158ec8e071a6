/**
 * Malformed GraphQL request parameters over real HTTP (GET query strings, form, JSON and
 * multipart bodies): each answers 400 with one BAD_USER_INPUT error naming the parameter,
 * never 500, and logs nothing at error level and no stack (issue 23, item 5).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GraphQLBody, type Running, startGateway, uniquePrefix } from './harness.ts';

let gw: Running;
let token: string;

beforeAll(async () => {
  // Memory stores: nothing here touches Redis.
  gw = await startGateway({ prefix: uniquePrefix('params'), env: { REDIS_URL: undefined } });
  token = gw.gateway.demoTokens?.trader as string;
});
afterAll(() => gw?.close());

const TYPENAME = encodeURIComponent('{ __typename }');
const GRAPHQL_RESPONSE = 'application/graphql-response+json';

interface Case {
  name: string;
  /** Query string (GET) or body. */
  send: { search: string } | { type: string; body: string | FormData };
  /** The parameter the message must name. */
  names: RegExp;
}

const json = (body: unknown) => ({ type: 'application/json', body: JSON.stringify(body) });
const form = (body: string) => ({ type: 'application/x-www-form-urlencoded', body });
const multipart = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return { type: '', body: data };
};

const CASES: Case[] = [
  {
    name: 'GET variables not JSON',
    send: { search: `query=${TYPENAME}&variables=%7Bbad` },
    names: /"variables"/,
  },
  {
    name: 'GET extensions not JSON',
    send: { search: `query=${TYPENAME}&extensions=%7Bbad` },
    names: /"extensions"/,
  },
  {
    name: 'GET variables an array',
    send: { search: `query=${TYPENAME}&variables=%5B1%5D` },
    names: /"variables"/,
  },
  {
    name: 'GET extensions a number',
    send: { search: `query=${TYPENAME}&extensions=3` },
    names: /"extensions"/,
  },
  {
    name: 'form variables not JSON',
    send: form(`query=${TYPENAME}&variables=%7Bbad`),
    names: /"variables"/,
  },
  {
    name: 'form extensions not JSON',
    send: form(`query=${TYPENAME}&extensions=nope`),
    names: /"extensions"/,
  },
  {
    name: 'JSON body not JSON',
    send: { type: 'application/json', body: '{bad' },
    names: /POST body/,
  },
  { name: 'JSON body null', send: { type: 'application/json', body: 'null' }, names: /POST body/ },
  {
    name: 'JSON body a string',
    send: { type: 'application/json', body: '"x"' },
    names: /POST body/,
  },
  {
    name: 'JSON variables a string',
    send: json({ query: '{ __typename }', variables: 'x' }),
    names: /"variables"/,
  },
  {
    name: 'JSON variables an array',
    send: json({ query: '{ __typename }', variables: [1] }),
    names: /"variables"/,
  },
  {
    name: 'JSON variables a number',
    send: json({ query: '{ __typename }', variables: 3 }),
    names: /"variables"/,
  },
  {
    name: 'JSON extensions a string',
    send: json({ query: '{ __typename }', extensions: 'x' }),
    names: /"extensions"/,
  },
  {
    name: 'JSON extensions an array',
    send: json({ query: '{ __typename }', extensions: [] }),
    names: /"extensions"/,
  },
  {
    name: 'JSON operationName a number',
    send: json({ query: '{ __typename }', operationName: 3 }),
    names: /"operationName"/,
  },
  {
    name: 'JSON operationName an object',
    send: json({ query: '{ __typename }', operationName: {} }),
    names: /"operationName"/,
  },
  { name: 'JSON query a number', send: json({ query: 3 }), names: /"query"/ },
  {
    name: 'multipart operations not JSON',
    send: multipart({ operations: '{bad' }),
    names: /"operations"/,
  },
  { name: 'multipart without operations', send: multipart({ other: '1' }), names: /"operations"/ },
];

async function send(c: Case, headers: Record<string, string>): Promise<Response> {
  if ('search' in c.send) return fetch(`${gw.graphqlUrl}?${c.send.search}`, { headers });
  // A FormData body sets its own multipart content type (with the boundary).
  const contentType: Record<string, string> = c.send.type ? { 'content-type': c.send.type } : {};
  return fetch(gw.graphqlUrl, {
    method: 'POST',
    headers: { ...headers, ...contentType },
    body: c.send.body,
  });
}

describe('malformed request parameters', () => {
  it.each(CASES)('$name: 400, BAD_USER_INPUT naming the parameter, no error log', async (c) => {
    const from = gw.logs.length;
    // Anonymous (the CSRF header lets a GET or form through) and a trader, both media types.
    for (const headers of [
      { 'x-graphql-csrf': '1', accept: GRAPHQL_RESPONSE } as Record<string, string>,
      { authorization: `Bearer ${token}`, accept: 'application/json' },
    ]) {
      const response = await send(c, headers);
      const body = (await response.json()) as GraphQLBody;
      expect(response.status).toBe(400);
      expect(body.data).toBeUndefined();
      expect(body.errors).toHaveLength(1);
      expect(body.errors?.[0]?.message).toMatch(c.names);
      expect(body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const lines = gw.logs.slice(from);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toMatch(/"level":"(error|fatal)"/);
      expect(line).not.toMatch(/"stack"/);
    }
  });

  it('names the parameter and the rule in extensions for JSON that does not parse', async () => {
    const response = await send(CASES[0]!, { 'x-graphql-csrf': '1' });
    const body = (await response.json()) as GraphQLBody;
    expect(body.errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'variables',
      rule: 'json',
    });
  });

  it('names operationName when it picks no operation of the document', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const query = 'query A { __typename } query B { __typename }';
    const cases = [
      [
        { query, operationName: 'C' },
        'operationExists',
        /"operationName" parameter names no operation .*A, B/,
      ],
      [{ query }, 'required', /several operations \(A, B\).*"operationName"/],
      [
        { query: 'fragment F on Query { __typename }' },
        'operationExists',
        /"query" parameter holds no operation/,
      ],
    ] as const;
    for (const [params, rule, message] of cases) {
      const response = await send({ name: '', send: json(params), names: /./ }, headers);
      expect(response.status).toBe(400);
      const body = (await response.json()) as GraphQLBody;
      expect(body.errors).toHaveLength(1);
      expect(body.errors?.[0]?.message).toMatch(message);
      expect(body.errors?.[0]?.extensions).toMatchObject({
        code: 'OPERATION_RESOLUTION_FAILURE',
        rule,
      });
    }
  });

  it('still answers well-formed GET, form and JSON requests', async () => {
    const headers = { authorization: `Bearer ${token}`, accept: GRAPHQL_RESPONSE };
    const variables = encodeURIComponent(JSON.stringify({ b: true }));
    const query = encodeURIComponent('query Q($b: Boolean!) { __typename @include(if: $b) }');
    const ok = [
      await fetch(`${gw.graphqlUrl}?query=${query}&variables=${variables}&operationName=Q`, {
        headers,
      }),
      await send(
        { name: '', send: form(`query=${query}&variables=${variables}`), names: /./ },
        headers,
      ),
      await send(
        { name: '', send: json({ query: '{ __typename }', variables: null }), names: /./ },
        headers,
      ),
      await send(
        { name: '', send: multipart({ operations: '{"query":"{ __typename }"}' }), names: /./ },
        headers,
      ),
    ];
    for (const response of ok) {
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
    }
  });
});
