/**
 * GRAPHQL_INTROSPECTION and GRAPHIQL: on by default, off by default under
 * NODE_ENV=production, and each can be set either way explicitly. With introspection off,
 * validation errors suggest no field names either.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { codes, type Running, startGateway, uniquePrefix } from './harness.ts';

const running: Running[] = [];
afterAll(() => Promise.all(running.map((gw) => gw.close())));

async function start(env: Record<string, string>): Promise<Running> {
  const gw = await startGateway({ prefix: uniquePrefix('introspection'), env });
  running.push(gw);
  return gw;
}

async function introspects(gw: Running): Promise<boolean> {
  const token = gw.gateway.demoTokens?.trader as string;
  const schema = await gw.gql('{ __schema { queryType { name } } }', { token });
  const type = await gw.gql('{ __type(name: "Query") { name } }', { token });
  if (schema.body.data?.__schema && type.body.data?.__type) return true;
  for (const { status, body } of [schema, type]) {
    expect(status).toBe(400);
    // One error per introspection field (`__schema`, then `queryType` of type `__Type`).
    expect(new Set(codes(body))).toEqual(new Set(['GRAPHQL_VALIDATION_FAILED']));
    expect(body.errors?.[0]?.message).toMatch(
      /introspection has been disabled.*"__(schema|type)"/i,
    );
    expect(body.data).toBeUndefined();
  }
  return false;
}

async function servesGraphiQL(gw: Running): Promise<boolean> {
  const response = await fetch(gw.graphqlUrl, { headers: { accept: 'text/html' } });
  const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
  await response.body?.cancel();
  return response.status === 200 && html;
}

describe('introspection and GraphiQL', () => {
  it('are on by default outside production', async () => {
    const gw = await start({});
    expect(await introspects(gw)).toBe(true);
    expect(await servesGraphiQL(gw)).toBe(true);
  });

  it('are off by default under NODE_ENV=production; __typename and queries still work', async () => {
    const gw = await start({ NODE_ENV: 'production' });
    expect(await introspects(gw)).toBe(false);
    expect(await servesGraphiQL(gw)).toBe(false);
    const token = gw.gateway.demoTokens?.trader as string;
    const { body } = await gw.gql('{ __typename account { id } }', { token });
    expect(body.errors).toBeUndefined();
    expect(body.data?.__typename).toBe('Query');
  });

  it('follow GRAPHQL_INTROSPECTION and GRAPHIQL when set', async () => {
    const prod = await start({
      NODE_ENV: 'production',
      GRAPHQL_INTROSPECTION: 'true',
      GRAPHIQL: '1',
    });
    expect(await introspects(prod)).toBe(true);
    expect(await servesGraphiQL(prod)).toBe(true);
    const dev = await start({ GRAPHQL_INTROSPECTION: 'false', GRAPHIQL: '0' });
    expect(await introspects(dev)).toBe(false);
    expect(await servesGraphiQL(dev)).toBe(false);
  });

  it('with introspection off, a misspelt field gets no "Did you mean" naming a hidden one', async () => {
    const misspelt = 'mutation { setDefaultFeeRate { __typename } }';
    const on = await start({});
    const open = await on.gql(misspelt, { token: on.gateway.demoTokens?.trader as string });
    // With introspection on the schema is public, and graphql-js's suggestion stays.
    expect(open.body.errors?.[0]?.message).toMatch(/Did you mean "setDefaultFeeRates"\?/);
    const off = await start({ GRAPHQL_INTROSPECTION: 'false' });
    const { status, body } = await off.gql(misspelt, {
      token: off.gateway.demoTokens?.trader as string,
    });
    expect(status).toBe(400);
    expect(codes(body)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(body.errors?.[0]?.message).toBe(
      'Cannot query field "setDefaultFeeRate" on type "Mutation".',
    );
    expect(JSON.stringify(body)).not.toMatch(/Did you mean|setDefaultFeeRates/);
  });
});
