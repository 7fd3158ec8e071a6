/**
 * Query abuse — depth, aliases, tokens, directives, huge lists, oversize bodies, batches,
 * deep JSON — is refused with a structured error before any upstream call.
 *
 * Batching (a JSON array of operations) is not offered: one HTTP request is one operation,
 * so the query limits and the caller's costs apply per request. An array answers 4xx.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allCodes, type SecurityStack, startSecurityStack, VOCABULARY } from './harness.ts';

let s: SecurityStack;
beforeAll(async () => {
  s = await startSecurityStack('abuse');
});
afterAll(() => s?.close());
beforeEach(() => s.sandbox.resetRequestLog());

/** `{ account { id } … }` plus a valid `__type` selection `depth` levels deep. */
function deep(depth: number): string {
  let selection = 'name';
  for (let i = 0; i < depth - 4; i++) selection = `ofType { ${selection} }`;
  return `{ account { id } __type(name: "Query") { fields { type { ${selection} } } } }`;
}

const aliases = (n: number, field = 'account { id }') =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

/** Refused with one of `codes` (and HTTP `status` when given); the upstream untouched. */
async function expectRefused(
  reply: Awaited<ReturnType<SecurityStack['send']>>,
  codes: string[],
  status?: number,
) {
  if (status !== undefined) expect(reply.status).toBe(status);
  expect(reply.status).toBeGreaterThanOrEqual(200);
  expect(reply.status).toBeLessThan(500);
  // No data, or only nulls (a field refused at validation, the request still well formed).
  expect(Object.values(reply.body?.data ?? {}).every((v) => v === null)).toBe(true);
  const found = allCodes(reply.body);
  expect(found.length).toBeGreaterThan(0);
  for (const code of found) expect(codes).toContain(code);
  expect(s.upstreamCalls()).toBe(0);
}

describe('query shape', () => {
  it('depth over MAX_DEPTH (8) → BAD_USER_INPUT', async () => {
    await expectRefused(await s.gql('trader', deep(9)), ['BAD_USER_INPUT'], 400);
    await expectRefused(await s.gql('trader', deep(40)), ['BAD_USER_INPUT'], 400);
  });

  it('depth hidden in fragments → BAD_USER_INPUT', async () => {
    const fragments = Array.from(
      { length: 12 },
      (_, i) => `fragment F${i} on __Type { ofType { ...F${i + 1} } }`,
    ).join('\n');
    const query = `{ account { id } __type(name: "Query") { ...F0 } }\n${fragments}\nfragment F12 on __Type { name }`;
    await expectRefused(await s.gql('trader', query), ['BAD_USER_INPUT'], 400);
  });

  it('fragment cycles → GRAPHQL_VALIDATION_FAILED', async () => {
    const query =
      '{ account { ...A } } fragment A on Account { id ...B } fragment B on Account { ...A }';
    await expectRefused(await s.gql('trader', query), [
      'GRAPHQL_VALIDATION_FAILED',
      'BAD_USER_INPUT',
    ]);
  });

  it('more aliases than MAX_ALIASES (30) → BAD_USER_INPUT', async () => {
    await expectRefused(await s.gql('trader', aliases(31)), ['BAD_USER_INPUT'], 400);
    await expectRefused(await s.gql('trader', aliases(500, 'withdrawNonce')), ['BAD_USER_INPUT']);
    await expectRefused(await s.gql('anonymous', aliases(200, 'strategyVaultNonce')), [
      'BAD_USER_INPUT',
    ]);
  });

  it('more tokens than MAX_TOKENS, and directive floods → BAD_USER_INPUT', async () => {
    await expectRefused(await s.gql('trader', `{ account { id ${'__typename '.repeat(2_100)}} }`), [
      'BAD_USER_INPUT',
    ]);
    await expectRefused(
      await s.gql('trader', `{ account { id ${'@include(if: true) '.repeat(60)}} }`),
      ['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED'],
    );
  });

  it('a repeated field without aliases is one read, not many', async () => {
    const reply = await s.gql('trader', `{ ${'account { id } '.repeat(20)}}`);
    expect(reply.body?.data).toEqual({ account: { id: s.accountOf('trader') } });
    expect(s.sandbox.requestCount({ path: '/v1/client/info' })).toBe(1);
  });
});

describe('huge inputs', () => {
  const ids = Array.from({ length: 10_000 }, (_, i) => `o${i}`);

  it('orders(clientOrderIds) with 10,000 ids → BAD_USER_INPUT', async () => {
    const query = 'query($ids: [String!]!) { orders(clientOrderIds: $ids) { status } }';
    await expectRefused(await s.gql('trader', query, { ids }), ['BAD_USER_INPUT']);
    // Inline: too many tokens (or too large) before it is even validated.
    const inline = `{ orders(clientOrderIds: ${JSON.stringify(ids.slice(0, 5_000))}) { status } }`;
    await expectRefused(await s.gql('trader', inline), [
      'BAD_USER_INPUT',
      'REQUEST_ENTITY_TOO_LARGE',
    ]);
  });

  it('setAffiliateRebateRate with 10,000 account ids → refused, no upstream call', async () => {
    const reply = await s.gql(
      'admin',
      `mutation($input: SetAffiliateRebateRateInput!) { setAffiliateRebateRate(input: $input) {
         __typename ... on Error { code } } }`,
      { input: { rebateRate: 0.1, accountIds: ids } },
    );
    expect(reply.status).toBeLessThan(500);
    const found = allCodes(reply.body);
    expect(found).toEqual(['BAD_USER_INPUT']);
    expect(s.upstreamCalls()).toBe(0);
  });

  it('a body over MAX_BODY_BYTES → 413, declared or streamed', async () => {
    const query = `{ account { id } } # ${'x'.repeat(120_000)}`;
    const declared = await s.send('trader', { query });
    expect(declared.status).toBe(413);
    const chunked = await fetch(s.gw.graphqlUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${s.callers.trader.token}`,
      },
      body: new Blob([JSON.stringify({ query })]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    await chunked.arrayBuffer();
    const bigVariable = await s.gql(
      'trader',
      'query($id: String!) { order(clientOrderId: $id) { status } }',
      {
        id: 'x'.repeat(200_000),
      },
    );
    expect(bigVariable.status).toBe(413);
    expect(s.upstreamCalls()).toBe(0);
  });

  it('deeply nested JSON variables → a structured error, not a crash', async () => {
    const nested = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const reply = await s.send(
      'trader',
      `{"query":"query($ids: [String!]!) { orders(clientOrderIds: $ids) { status } }","variables":{"ids":${nested}}}`,
    );
    expect(reply.status).toBeLessThan(500);
    for (const code of allCodes(reply.body)) expect(VOCABULARY.has(code as string)).toBe(true);
    expect(allCodes(reply.body).length).toBeGreaterThan(0);
    expect(s.upstreamCalls()).toBe(0);
  });
});

describe('batched requests', () => {
  it('an array of operations is refused (4xx) and runs none of them', async () => {
    const one = { query: '{ account { id } }' };
    for (const batch of [[one, one], Array.from({ length: 100 }, () => one), []]) {
      const reply = await s.send('trader', batch);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      expect(Array.isArray(reply.body)).toBe(false);
      for (const code of allCodes(reply.body)) expect(VOCABULARY.has(code as string)).toBe(true);
    }
    expect(s.upstreamCalls()).toBe(0);
  });

  it('several operations in one document run only the one named', async () => {
    const reply = await s.send('trader', {
      query: 'query A { account { id } } query B { withdrawNonce }',
      operationName: 'A',
    });
    expect(reply.body?.data).toEqual({ account: { id: s.accountOf('trader') } });
    expect(s.sandbox.requestCount({ path: '/v1/withdraw_nonce' })).toBe(0);
    const unnamed = await s.send('trader', {
      query: 'query A { account { id } } query B { withdrawNonce }',
    });
    expect(unnamed.status).toBeLessThan(500);
    expect(unnamed.body?.data ?? null).toBeNull();
    expect(s.sandbox.requestCount({ path: '/v1/withdraw_nonce' })).toBe(0);
  });
});

it('leaks no secret, token or key in any log line, response, error or metric of this file', async () => {
  expect(await s.leaks()).toEqual([]);
});
