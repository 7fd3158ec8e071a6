/**
 * The `/demo` plugin on yoga's in-process fetch, with a bundle of its own (no esbuild): the
 * demo trader's token only in a loopback peer's page that no proxy forwarded, the page never
 * stored, the assets content-addressed and cached for good, GET and HEAD only, and a failed
 * build answered 503 (with what to do) and tried again on the next request.
 */
import { createHash } from 'node:crypto';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import type { DemoBundle } from '../../../src/demo/bundle.ts';
import { demoScreenPlugin, useDemoScreen } from '../../../src/demo/use-demo.ts';

const TOKENS = { trader: 'svcgw_trader_token_for_the_test', brokerAdmin: 'svcgw_admin_token_x' };
const schema = createSchema({ typeDefs: 'type Query { ok: Boolean }' });

function fakeAsset(ext: 'js' | 'css', text: string) {
  const body = Buffer.from(text);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  const contentType = ext === 'js' ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8';
  return { path: `/demo/app.${hash}.${ext}`, contentType, body, etag: `"${hash}"` };
}

function fakeBundle(): DemoBundle {
  const js = fakeAsset('js', 'console.log("screen")');
  const css = fakeAsset('css', 'body{}');
  return { js, css, byPath: new Map([js, css].map((a) => [a.path, a])), buildMs: 1 };
}

function app(build: () => Promise<DemoBundle> = async () => fakeBundle()) {
  return createYoga({ schema, plugins: [useDemoScreen({ demoTokens: TOKENS, build })] });
}

const peer = (remoteAddress: string) => ({ req: { socket: { remoteAddress } } });
const get = (
  yoga: ReturnType<typeof app>,
  path: string,
  init: RequestInit = {},
  from = '127.0.0.1',
) => yoga.fetch(new Request(`http://localhost${path}`, init), peer(from));

describe('/demo', () => {
  it('gives a loopback peer the page with the demo trader token, never stored', async () => {
    const response = await get(app(), '/demo');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'self'");
    const html = await response.text();
    expect(html).toContain(`"token":"${TOKENS.trader}"`);
    expect(html).not.toContain(TOKENS.brokerAdmin);
    expect(html).toContain(fakeBundle().js.path);
  });

  it('gives a remote peer, or any request a proxy forwarded, the page without a token', async () => {
    const yoga = app();
    const pages = [
      await get(yoga, '/demo', {}, '203.0.113.9'),
      await get(yoga, '/demo', { headers: { 'x-forwarded-for': '127.0.0.1' } }),
      await get(yoga, '/demo', { headers: { forwarded: 'for=127.0.0.1' } }),
    ];
    for (const response of pages) {
      const html = await response.text();
      expect(html).toContain('"token":null');
      expect(html).not.toContain(TOKENS.trader);
    }
  });

  it('serves the bundle content-addressed: immutable, 304 on its ETag, 404 for another name', async () => {
    const yoga = app();
    const { js } = fakeBundle();
    const first = await get(yoga, js.path);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toContain('immutable');
    expect(await first.text()).toBe('console.log("screen")');
    const again = await get(yoga, js.path, { headers: { 'if-none-match': js.etag } });
    expect(again.status).toBe(304);
    expect((await get(yoga, '/demo/app.0000000000000000.js')).status).toBe(404);
  });

  it('answers GET and HEAD only', async () => {
    const response = await get(app(), '/demo', { method: 'POST', body: '{}' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers 503 with the reason when the bundle cannot be built, and builds again next time', async () => {
    let calls = 0;
    const yoga = app(async () => {
      calls++;
      if (calls === 1) throw new Error("Cannot find package 'esbuild'");
      return fakeBundle();
    });
    const failed = await get(yoga, '/demo');
    expect(failed.status).toBe(503);
    expect(await failed.text()).toMatch(/npm install.*esbuild/s);
    expect((await get(yoga, '/demo')).status).toBe(200);
    expect(calls).toBe(2);
  });

  it('leaves every other path alone', async () => {
    const response = await get(app(), '/demonstration');
    expect(response.status).toBe(404);
  });

  it('exists in embedded-sandbox mode outside production only', () => {
    expect(demoScreenPlugin({ embedded: true, production: false }, {})).toBeDefined();
    expect(demoScreenPlugin({ embedded: false, production: false }, {})).toBeUndefined();
    expect(demoScreenPlugin({ embedded: true, production: true }, {})).toBeUndefined();
  });
});
