// @module-tag redis
/**
 * The Idempotency-Key plugin on a gateway serving a small schema of its own (counting how
 * often each mutation really runs): what is stored, what is not, and what is left alone.
 */
import { GraphQLError, GraphQLInt, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayContext } from '../../../src/schema/types.ts';
import { makeCaller, type Running, startGateway, uniquePrefix } from '../server/harness.ts';

const runs = { bump: 0, leak: 0, limited: 0 };
const caller = makeCaller('idem-plugin', 'trader');

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: { runs: { type: GraphQLInt, resolve: () => runs.bump } },
  }),
  mutation: new GraphQLObjectType({
    name: 'Mutation',
    fields: {
      bump: {
        type: GraphQLInt,
        args: { by: { type: GraphQLInt } },
        resolve: (_r, a) => (runs.bump += a.by ?? 1),
      },
      // A response carrying the caller's own secret: must never be stored.
      leak: {
        type: GraphQLString,
        resolve: (_r, _a, ctx: GatewayContext) => {
          runs.leak++;
          return `secret=${ctx.principal?.credentials.secret}`;
        },
      },
      limited: {
        type: GraphQLInt,
        resolve: () => {
          runs.limited++;
          throw new GraphQLError('slow down', {
            extensions: { code: 'RATE_LIMITED', retryAfterMs: 5 },
          });
        },
      },
    },
  }),
});

let gw: Running;
beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('idem-plugin'),
    schema,
    upstreamUrl: 'http://127.0.0.1:9',
    keystore: { principals: [caller.entry] },
  });
});
afterAll(() => gw?.close());

async function send(query: string, key?: string, token: string | null = caller.token) {
  const response = await gw.post(
    { query },
    { ...(token ? { token } : {}), ...(key ? { headers: { 'idempotency-key': key } } : {}) },
  );
  return {
    status: response.status,
    replayed: response.headers.get('idempotency-replayed'),
    body: (await response.json()) as {
      data?: unknown;
      errors?: { extensions?: { code?: string } }[];
      extensions?: unknown;
    },
  };
}

describe('Idempotency-Key plugin', () => {
  it('stores a result and replays it; a new key runs again', async () => {
    expect((await send('mutation { bump(by: 2) }', 'k-1')).body).toEqual({ data: { bump: 2 } });
    const again = await send('mutation { bump(by: 2) }', 'k-1');
    expect(again.body).toEqual({
      data: { bump: 2 },
      extensions: { idempotency: { replayed: true } },
    });
    expect(again.replayed).toBe('true');
    expect((await send('mutation { bump(by: 2) }', 'k-2')).body).toEqual({ data: { bump: 4 } });
    expect(runs.bump).toBe(4);
  });

  it('another operation text under the same key is a mismatch (422 for GraphQL-over-HTTP)', async () => {
    await send('mutation { bump(by: 1) }', 'k-3');
    const other = await send('mutation { bump(by: 5) }', 'k-3');
    expect(other.status).toBe(422);
    expect(other.body.errors?.map((e) => e.extensions?.code)).toEqual(['IDEMPOTENCY_MISMATCH']);
  });

  it('never stores a response holding a secret: the repeat runs again', async () => {
    const first = await send('mutation { leak }', 'k-4');
    expect(first.body).toMatchObject({ data: { leak: expect.stringMatching(/^secret=/) } });
    const again = await send('mutation { leak }', 'k-4');
    expect(again.replayed).toBeNull();
    expect(runs.leak).toBe(2);
    expect(gw.logs.some((line) => line.includes('response not stored'))).toBe(true);
    expect(gw.logs.join('\n')).not.toContain(caller.entry.secret);
  });

  it('does not store a RATE_LIMITED answer (nothing ran): the repeat runs again', async () => {
    await send('mutation { limited }', 'k-5');
    await send('mutation { limited }', 'k-5');
    expect(runs.limited).toBe(2);
  });

  it('leaves queries and anonymous callers alone', async () => {
    const before = runs.bump;
    expect((await send('{ runs }', 'k-6')).body).toEqual({ data: { runs: before } });
    expect((await send('{ runs }', 'k-6')).replayed).toBeNull();
    await send('mutation { bump }', 'k-7', null);
    await send('mutation { bump }', 'k-7', null);
    expect(runs.bump).toBe(before + 2);
  });
});
