/**
 * GraphQL JSON answers compressed per Accept-Encoding above 1 KB (introspection: tens of
 * kilobytes), small ones and clients that accept nothing sent as they are; bytes intact.
 */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Running, startGateway, uniquePrefix } from './harness.ts';

let gw: Running;
beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('json-compression'),
    env: { REDIS_URL: undefined, LOG_LEVEL: 'silent' },
  });
});
afterAll(() => gw?.close());

type Raw = { headers: Record<string, string | undefined>; body: Buffer };

/** node's fetch decodes bodies itself: a POST through node:http reads the raw bytes. */
function post(query: string, acceptEncoding?: string): Promise<Raw> {
  const body = JSON.stringify({ query });
  const headers = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json',
    ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
  };
  return new Promise((resolve, reject) => {
    const req = request(gw.graphqlUrl, { method: 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ headers: res.headers as Raw['headers'], body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

it('compresses a large answer with br or gzip, as accepted', async () => {
  const plain = await post(getIntrospectionQuery());
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.length).toBeGreaterThan(10_000);
  const br = await post(getIntrospectionQuery(), 'gzip, deflate, br');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toMatch(/Accept-Encoding/i);
  expect(Number(br.headers['content-length'])).toBe(br.body.length);
  expect(br.body.length).toBeLessThan(plain.body.length / 4);
  expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(
    JSON.parse(plain.body.toString()),
  );
  const gz = await post(getIntrospectionQuery(), 'gzip');
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
});

it('sends a small answer as it is', async () => {
  const small = await post('{ __typename }', 'br');
  expect(small.headers['content-encoding']).toBeUndefined();
  // Known small from its length: passed on untouched, no Vary added.
  expect(small.headers['content-length']).toBe(String(small.body.length));
  expect(small.headers.vary ?? '').not.toMatch(/Accept-Encoding/i);
  expect(JSON.parse(small.body.toString())).toEqual({ data: { __typename: 'Query' } });
});
