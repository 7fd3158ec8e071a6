/**
 * The request budgets (src/plugins/use-request-budget.ts) checked over real HTTP, shared by the
 * memory-store and the Redis files: the same behaviour whichever store counts.
 */
import { request } from 'node:http';
import { expect, vi } from 'vitest';
import type { GraphQLBody, Running } from './harness.ts';

export interface Answer {
  status: number;
  retryAfter: string | null;
  body: GraphQLBody;
}

/** POSTs `body` (text, sent as is) to /graphql from `localAddress`, with an optional bearer token. */
export function postFrom(
  gw: Running,
  body: string,
  options: { localAddress?: string; token?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      gw.graphqlUrl,
      {
        method: 'POST',
        localAddress: options.localAddress ?? '127.0.0.1',
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json;q=0.9',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
            body: JSON.parse(text) as GraphQLBody,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export const PARSE_ERROR = JSON.stringify({ query: '{ account {' });
export const INTROSPECTION = JSON.stringify({ query: '{ __schema { queryType { name } } }' });
export const ACCOUNT = JSON.stringify({ query: '{ account { id } }' });
/** Not even JSON: answered 400 by the parser, 429 when refused before it. */
export const MALFORMED = '{"query": "{ __typename }", oops';

export function expectRefused(answer: Answer, budget: RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  const error = answer.body.errors?.[0];
  expect(answer.body.errors).toHaveLength(1);
  expect(error?.extensions?.code).toBe('RATE_LIMITED');
  expect(error?.message).toMatch(budget);
  const retryAfterMs = error?.extensions?.retryAfterMs as number;
  expect(retryAfterMs).toBeGreaterThan(0);
  expect(Number(answer.retryAfter)).toBe(Math.ceil(retryAfterMs / 1_000));
}

/** One counter of the gateway's /metrics (0 when absent). */
export async function metric(gw: Running, line: string): Promise<number> {
  const text = await (await fetch(`${gw.adminOrigin}/metrics`)).text();
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

/**
 * With CALLER_ANON_REQUESTS=6: six anonymous requests from 127.0.0.1 — parse errors,
 * introspection, an unknown token — are answered; the seventh (not even JSON) is refused
 * before parsing; 127.0.0.2 and the trader are not.
 */
export async function anonymousFloodIsLimited(gw: Running, traderToken: string): Promise<void> {
  const sent = [PARSE_ERROR, PARSE_ERROR, INTROSPECTION, INTROSPECTION, ACCOUNT, ACCOUNT];
  const tokens = [undefined, undefined, undefined, undefined, 'svcgw_unknown', 'svcgw_unknown'];
  for (const [i, body] of sent.entries()) {
    const token = tokens[i];
    const answer = await postFrom(gw, body, token ? { token } : {});
    expect(answer.status, `request ${i}: ${JSON.stringify(answer.body)}`).not.toBe(429);
  }
  const parseErrors = await metric(gw, 'svc_graphql_errors_total{code="GRAPHQL_PARSE_FAILED"}');
  const badRequests = await metric(gw, 'svc_http_requests_total{route="/graphql",status="400"}');
  for (const body of [MALFORMED, PARSE_ERROR, INTROSPECTION]) {
    expectRefused(await postFrom(gw, body), /anonymous request budget of 6 requests per 60000 ms/);
  }
  expectRefused(
    await postFrom(gw, ACCOUNT, { token: 'svcgw_unknown' }),
    /anonymous request budget/,
  );
  // Refused before the body was read: no parse error, no 400, one refusal each.
  expect(await metric(gw, 'svc_graphql_errors_total{code="GRAPHQL_PARSE_FAILED"}')).toBe(
    parseErrors,
  );
  expect(await metric(gw, 'svc_http_requests_total{route="/graphql",status="400"}')).toBe(
    badRequests,
  );
  expect(await metric(gw, 'svc_request_budget_refusals_total{caller="anonymous"}')).toBe(4);
  // Another IP has its own budget; a principal is not counted by IP.
  const other = await postFrom(gw, INTROSPECTION, { localAddress: '127.0.0.2' });
  expect(other.status).toBe(200);
  expect(other.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  const read = await postFrom(gw, ACCOUNT, { token: traderToken });
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  expect(read.body.data?.account).toEqual({ id: expect.any(String) });
}

/**
 * With CALLER_FREE_REQUESTS=3: a principal's parse errors are counted as they are answered;
 * then every request of that principal is refused before parsing, another principal's are not.
 */
export async function principalFreeFloodIsLimited(
  gw: Running,
  flooder: string,
  other: string,
): Promise<void> {
  for (let i = 0; i < 3; i++) {
    expect((await postFrom(gw, PARSE_ERROR, { token: flooder })).status).toBe(400);
  }
  // Counted as each answer leaves (not awaited): the refusal comes within a few requests.
  await vi.waitFor(
    async () => {
      const read = await postFrom(gw, ACCOUNT, { token: flooder });
      expectRefused(read, /budget of 3 requests per 60000 ms that cost no upstream call/);
    },
    { timeout: 5_000, interval: 20 },
  );
  expectRefused(await postFrom(gw, MALFORMED, { token: flooder }), /cost no upstream call/);
  const read = await postFrom(gw, ACCOUNT, { token: other });
  expect(read.status, JSON.stringify(read.body)).toBe(200);
  expect(read.body.data?.account).toEqual({ id: expect.any(String) });
}
