/**
 * `/demo` on a real gateway: bundled from demo/ by esbuild and served in embedded-sandbox mode;
 * absent (404) when an upstream URL is configured and in production, where GraphiQL's demo
 * tokens do not exist either. The page's behaviour is the browser test's
 * (test/e2e/trading-screen.test.ts); the plugin's rules are unit-tested
 * (test/unit/demo/use-demo.test.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildDemoBundle } from '../../../src/demo/bundle.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { type Running, startGateway, uniquePrefix } from './harness.ts';

const started: Running[] = [];
let sandbox: Sandbox | undefined;

afterAll(async () => {
  for (const gw of started) await gw.close();
  await sandbox?.close();
});

async function start(options: Omit<Parameters<typeof startGateway>[0], 'prefix'>) {
  const gw = await startGateway({ prefix: uniquePrefix('demo-screen'), ...options });
  started.push(gw);
  return gw;
}

describe('/demo', () => {
  it('embedded sandbox: the screen, bundled from demo/, with the demo trader token', async () => {
    const gw = await start({});
    const response = await fetch(`${gw.origin}/demo`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`"token":"${gw.gateway.demoTokens?.trader}"`);
    const js = /src="(\/demo\/app\.[0-9a-f]{16}\.js)"/.exec(html)?.[1];
    const bundle = await fetch(`${gw.origin}${js}`);
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    // graphql-ws's client and the screen's own operations are in it, from npm and operations/.
    const code = await bundle.text();
    expect(code).toContain('graphql-transport-ws');
    expect(code).toContain('ScreenOpenOrders');
    expect(gw.logs.some((line) => line.includes('trading screen bundled'))).toBe(true);
  });

  it('builds the same bundle when two gateways of one process build at once', async () => {
    // esbuild's service is shared by the process and stopped after the last build only.
    const [a, b] = await Promise.all([buildDemoBundle(), buildDemoBundle()]);
    expect(a.js.path).toBe(b.js.path);
    expect(a.css.etag).toBe(b.css.etag);
  });

  it('an upstream URL configured: no /demo', async () => {
    sandbox = await createSandbox({});
    const gw = await start({ upstreamUrl: sandbox.url });
    expect(gw.gateway.sandbox).toBeUndefined();
    expect((await fetch(`${gw.origin}/demo`)).status).toBe(404);
  });

  it('production: no /demo, even with the embedded sandbox', async () => {
    const gw = await start({ env: { NODE_ENV: 'production' } });
    expect(gw.gateway.sandbox).toBeDefined();
    expect((await fetch(`${gw.origin}/demo`)).status).toBe(404);
  });
});
