/**
 * useJit: queries and mutations run compiled by graphql-jit; operations whose variables
 * graphql-js rejects, and subscriptions, run on graphql-js — so a bad variable is worded as
 * before (the gateway's error mapping, which adds BAD_USER_INPUT, expects that wording).
 */
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { useJit } from '../../../src/plugins/use-jit.ts';

function server() {
  const engines: string[] = [];
  const runs = { fail: 0 };
  // graphql-jit's executor tags its results with a compiled `stringify`; graphql-js's do not.
  const observe: Plugin = {
    onExecute: () => ({
      onExecuteDone: ({ result }) => {
        engines.push('stringify' in (result as object) ? 'jit' : 'graphql-js');
      },
    }),
  };
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: /* GraphQL */ `
        type Query { double(n: Int!): Int! }
        type Mutation { echo(text: String!): String! fail(text: String!): String! }
      `,
      resolvers: {
        Query: { double: (_: unknown, { n }: { n: number }) => n * 2 },
        Mutation: {
          echo: (_: unknown, { text }: { text: string }) => text,
          fail: () => {
            runs.fail++;
            throw new Error('failed once');
          },
        },
      },
    }),
    plugins: [useJit(), observe],
    logging: false,
  });
  const post = async (
    query: string,
    variables?: Record<string, unknown>,
    operationName?: string,
  ) => {
    const res = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables, operationName }),
    });
    return res.json() as Promise<{ data?: unknown; errors?: { extensions?: { code?: string } }[] }>;
  };
  return { post, engines, runs };
}

describe('useJit', () => {
  it('runs queries and mutations compiled, with the same answers', async () => {
    const { post, engines } = server();
    expect(await post('query($n: Int!) { double(n: $n) }', { n: 21 })).toEqual({
      data: { double: 42 },
    });
    expect(await post('mutation { echo(text: "hi") }')).toEqual({ data: { echo: 'hi' } });
    expect(engines).toEqual(['jit', 'jit']);
  });

  it('leaves operations with bad variables to graphql-js, worded as before', async () => {
    const { post, engines } = server();
    const answer = await post('query($n: Int!) { double(n: $n) }', { n: 'x' });
    expect(answer.data).toBeUndefined();
    expect(answer.errors?.[0]).toMatchObject({
      message: 'Variable "$n" got invalid value "x"; Int cannot represent non-integer value: "x"',
    });
    expect(engines).toEqual(['graphql-js']);
  });

  it('keeps a compiled answer that ran and failed: a mutation is never run twice', async () => {
    const { post, engines, runs } = server();
    const answer = await post('mutation($t: String!) { fail(text: $t) }', { t: 'x' });
    expect(answer.data).toBeNull();
    expect(answer.errors).toHaveLength(1);
    expect(runs.fail).toBe(1);
    expect(engines).toEqual(['jit']);
  });

  // graphql-jit's cache is keyed by document, not by operation name: running a document's
  // second operation after its first must not replay the first's compiled plan.
  it('leaves documents with several operations to graphql-js, each operation its own answer', async () => {
    const { post, engines } = server();
    const doc = 'query D { double(n: 2) } mutation E { echo(text: "e") }';
    expect(await post(doc, undefined, 'D')).toEqual({ data: { double: 4 } });
    expect(await post(doc, undefined, 'E')).toEqual({ data: { echo: 'e' } });
    expect(engines).toEqual(['graphql-js', 'graphql-js']);
  });
});
