/**
 * Query limits, body size and error masking, over HTTP (and the cost over graphql-ws) against
 * a gateway on the embedded sandbox with Redis stores.
 */
import { type Client, createClient } from 'graphql-ws';
import { createSchema } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { codes, type GraphQLBody, type Running, startGateway, uniquePrefix } from './harness.ts';

const prefix = uniquePrefix('limits');
let gw: Running;

beforeAll(async () => {
  gw = await startGateway({
    prefix,
    env: {
      MAX_DEPTH: '8',
      MAX_ALIASES: '5',
      MAX_TOKENS: '300',
      MAX_BODY_BYTES: '4000',
      MAX_COST: '1000',
    },
    webSockets: true,
  });
});
afterAll(() => gw?.close());

/** A valid query `depth` fields deep: `__type` nesting counts (only `__schema` is exempt). */
function nested(depth: number): string {
  let selection = 'name';
  for (let i = 0; i < depth - 4; i++) selection = `ofType { ${selection} }`;
  return `{ __type(name: "Query") { fields { type { ${selection} } } } }`;
}

describe('query limits', () => {
  it('accepts a query at the depth limit and refuses one past it with BAD_USER_INPUT', async () => {
    const ok = await gw.gql(nested(8));
    expect(ok.status).toBe(200);
    expect(ok.body.errors).toBeUndefined();

    const deep = await gw.gql(nested(9));
    expect(deep.status).toBe(400);
    expect(deep.body.data).toBeUndefined();
    expect(codes(deep.body)).toContain('BAD_USER_INPUT');
    expect(deep.body.errors?.[0]?.message).toMatch(/depth limit of 8 exceeded, found 9/);
  });

  it('refuses more aliases than MAX_ALIASES', async () => {
    const fields = (n: number) =>
      Array.from({ length: n }, (_, i) => `a${i}: __type(name: "Query") { name }`).join(' ');
    expect((await gw.gql(`{ ${fields(5)} }`)).body.errors).toBeUndefined();
    const many = await gw.gql(`{ ${fields(6)} }`);
    expect(many.status).toBe(400);
    expect(codes(many.body)).toContain('BAD_USER_INPUT');
    expect(many.body.errors?.[0]?.message).toMatch(/Aliases limit of 5/);
  });

  it('refuses a document with more tokens than MAX_TOKENS', async () => {
    const query = `{ ${'__typename '.repeat(320)}}`;
    const response = await gw.gql(query);
    expect(response.status).toBe(400);
    expect(codes(response.body)).toContain('BAD_USER_INPUT');
    expect(response.body.errors?.[0]?.message).toMatch(/Token limit of 300/);
  });

  it('answers 413 to a body over MAX_BODY_BYTES, declared or streamed', async () => {
    const query = `{ __typename } # ${'x'.repeat(5000)}`;
    const declared = await gw.post({ query });
    expect(declared.status).toBe(413);
    const chunked = await fetch(gw.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Blob([JSON.stringify({ query })]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    const small = await gw.post({ query: '{ __typename }' });
    expect(small.status).toBe(200);
  });
});

describe('query cost (MAX_COST 1000)', () => {
  // A trade of four scalars costs 2 + 1.5 × 4 = 8; `first` multiplies it: 125 fit, 200 do not.
  const FIELDS = 'side price quantity timestamp';
  const literal = (first: number) =>
    `{ marketTrades(symbol: "PERP_ETH_USDC", first: ${first}) { ${FIELDS} } }`;
  const VARIABLE = `query Trades($first: Int) {
    marketTrades(symbol: "PERP_ETH_USDC", first: $first) { ${FIELDS} } }`;
  const trades = () => gw.gateway.sandbox?.requestCount({ path: '/v1/public/market_trades' });

  function expectRefused(response: { status: number; body: GraphQLBody }) {
    expect(response.status).toBe(400);
    expect(response.body.data).toBeUndefined();
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^Query Cost limit of 1000 exceeded, found 1600\b/),
        extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', rule: 'maxCost' }),
      }),
    ]);
  }

  it('refuses the same over-budget query with first as a literal and as a variable', async () => {
    const before = trades();
    expectRefused(await gw.gql(literal(200)));
    expectRefused(await gw.gql(VARIABLE, { variables: { first: 200 } }));
    expect(trades()).toBe(before);
    const within = await gw.gql(literal(125));
    expect(within.body.errors).toBeUndefined();
    expect(within.body.data?.marketTrades).toBeInstanceOf(Array);
    expect(trades()).toBeGreaterThan(before ?? 0);
  });

  it('checks every request of one document text: within budget, then over it by its variable', async () => {
    const small = await gw.gql(VARIABLE, { variables: { first: 10 } });
    expect(small.status).toBe(200);
    expect(small.body.errors).toBeUndefined();
    // Validation results are cached per document: a check there would let this one through.
    expectRefused(await gw.gql(VARIABLE, { variables: { first: 200 } }));
  });

  it('refuses it over graphql-ws too', async () => {
    const client: Client = createClient({
      url: gw.wsUrl,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    try {
      const result = await new Promise<GraphQLBody>((resolve, reject) => {
        let last: GraphQLBody = {};
        client.subscribe(
          { query: VARIABLE, variables: { first: 200 } },
          {
            next: (value) => {
              last = value as GraphQLBody;
            },
            error: reject,
            complete: () => resolve(last),
          },
        );
      });
      expect(result.data).toBeUndefined();
      expect(result.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        rule: 'maxCost',
      });
    } finally {
      await client.dispose();
    }
  });
});

describe('masked errors', () => {
  let custom: Running;
  /** Holds a demo principal's real secret once the gateway runs. */
  let secret = '';

  beforeAll(async () => {
    // Built with yoga's graphql instance (the test runner may load a second copy of graphql).
    const schema = createSchema({
      typeDefs: 'type Query { boom: String }',
      resolvers: {
        Query: {
          boom: () => {
            throw new Error(`connect to 10.1.2.3 failed; key ${secret}`);
          },
        },
      },
    });
    custom = await startGateway({ prefix, schema });
  });
  afterAll(() => custom?.close());

  it('turns an unexpected error into "Unexpected error." with code INTERNAL and logs it redacted', async () => {
    secret = custom.gateway.principals[0]?.credentials.secret ?? '';
    expect(secret).toMatch(/^ed25519:/);
    const { status, body } = await custom.gql('{ boom }');
    expect(status).toBe(200);
    expect(body.data).toEqual({ boom: null });
    expect(body.errors).toEqual([
      expect.objectContaining({ message: 'Unexpected error.', path: ['boom'] }),
    ]);
    expect(codes(body)).toEqual(['INTERNAL']);
    expect(JSON.stringify(body)).not.toMatch(/10\.1\.2\.3|ed25519|stack|originalError/);
    const logged = custom.logs.join('');
    expect(logged).toContain('connect to 10.1.2.3 failed; key [REDACTED]');
    expect(logged).not.toContain(secret);
  });
});
