/**
 * GraphiQL over HTTP: the page and its assets compressed per Accept-Encoding and cacheable
 * (assets immutable by content hash, the page revalidated by ETag), bytes intact.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDoc } from '../../unit/docs/markdown.ts';
import { type Running, startGateway, uniquePrefix } from './harness.ts';

/** A figure docs/api.md (GraphiQL) gives, in bytes: `about 1.5 KB`, `about 2.1 MB (brotli)`. */
function documented(pattern: RegExp): number {
  const m = pattern.exec(readDoc('docs/api.md'));
  expect(m, String(pattern)).not.toBeNull();
  return Number(m?.[1]) * (m?.[2] === 'MB' ? 1_000_000 : 1_000);
}

/** Within a quarter of the documented figure: "about" allows for tokens, tabs and versions. */
const near = (actual: number, figure: number) =>
  expect(Math.abs(actual - figure) / figure, `${actual} B vs ${figure} B`).toBeLessThan(0.25);

let gw: Running;

beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('graphiql-http'),
    env: { REDIS_URL: undefined, LOG_LEVEL: 'silent' },
  });
});
afterAll(() => gw?.close());

/** node's fetch decodes bodies itself: read the raw bytes through a decoding-free request. */
async function raw(path: string, headers: Record<string, string>) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>(
    (resolve, reject) => {
      // A connection per request: no keep-alive socket for the server to close meanwhile.
      const req = request(`${gw.origin}${path}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', (e) => reject(new Error(`${path} ${JSON.stringify(headers)}: ${e.message}`)));
      req.end();
    },
  );
}

describe('GraphiQL page and assets', () => {
  it('serves a small page, compressed, revalidated by ETag, never shared', async () => {
    const plain = await raw('/graphql', { accept: 'text/html' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // The tabs are in the workspace asset: the page holds only options (and demo tokens).
    expect(plain.body.length).toBeLessThan(2_500);
    near(plain.body.length, documented(/The page is about ([\d.]+) (KB)/));
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(plain.headers.vary).toBe('Accept, Accept-Encoding');

    const br = await raw('/graphql', { accept: 'text/html', 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body), 'brotli round trip').toBe(true);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const again = await raw('/graphql', {
      accept: 'text/html',
      'if-none-match': plain.headers.etag as string,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('serves every linked asset immutable, gzip or brotli, byte for byte', async () => {
    const page = (await raw('/graphql', { accept: 'text/html' })).body.toString();
    const paths = [...new Set(page.match(/\/graphiql\/[\w.-]+/g))];
    // GraphiQL's script, CSS, icon and 3 workers, and the workspace script with the tabs.
    expect(paths.length).toBe(7);
    expect(paths.some((p) => /^\/graphiql\/workspace\.[0-9a-f]{16}\.js$/.test(p))).toBe(true);
    let total = 0;
    let sent = 0;
    for (const path of paths) {
      const plain = await raw(path, {});
      expect(plain.status, path).toBe(200);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const gzip = await raw(path, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body), 'gzip round trip').toBe(true);
      const br = await raw(path, { 'accept-encoding': 'br;q=1, gzip;q=0.5' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body), 'brotli round trip').toBe(true);
      const revalidated = await raw(path, { 'if-none-match': plain.headers.etag as string });
      expect(revalidated.status).toBe(304);
      total += plain.body.length;
      sent += br.body.length;
    }
    // About 9 MB of GraphiQL, under a third of it on the wire.
    expect(total).toBeGreaterThan(5_000_000);
    expect(sent / total).toBeLessThan(0.33);
    near(sent, documented(/A first visit transfers about ([\d.]+) (MB) \(brotli\)/));
    near(total, documented(/\(brotli\) instead of ([\d.]+) (MB)/));
    expect((await raw('/graphiql/unknown.js', {})).status).toBe(404);
  });
});
