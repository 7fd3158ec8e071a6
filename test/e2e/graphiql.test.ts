// @module-tag browser
/**
 * GraphiQL in headless Chromium against a running gateway (embedded sandbox, demo principals):
 * the page loads with no network access beyond the gateway, comes pre-filled with the demo
 * trader's Authorization header and the `account` query, runs it, and shows the account; the
 * admin example tab runs with the broker admin's token. With GRAPHIQL_SCREENSHOT=<file.png>
 * it also saves the screenshot the README shows (docs/graphiql.png).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Running, startGateway, uniquePrefix } from '../integration/server/harness.ts';

/** CHROMIUM_PATH, else chromium/chromium-browser/google-chrome on PATH (test/setup/dependencies.ts). */
const CHROMIUM = inject('chromiumPath');
let gw: Running;
let browser: BrowserContext;
let profile: string;

beforeAll(async () => {
  gw = await startGateway({ prefix: uniquePrefix('graphiql') });
  profile = await mkdtemp(join(tmpdir(), 'svc-graphiql-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await gw?.close();
  if (profile) await rm(profile, { recursive: true, force: true });
});

describe('GraphiQL', () => {
  it('serves its own assets (no CDN): the machine running it may have no internet', async () => {
    const html = await (await fetch(gw.graphqlUrl, { headers: { accept: 'text/html' } })).text();
    expect(html, 'install @graphql-yoga/render-graphiql to serve GraphiQL locally').not.toMatch(
      /unpkg\.com|jsdelivr|cdn\./,
    );
    expect(html).toContain('YogaGraphiQL');
  });

  it('runs the pre-filled account query with the demo token and shows the result', async () => {
    const page = await browser.newPage();
    const foreign: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(gw.origin) && !/^(data|blob):/.test(url)) foreign.push(url);
    });
    // Nothing outside the gateway may be needed: fail such requests at once.
    await page.route(
      (url) => url.origin !== gw.origin && !/^(data|blob):/.test(url.protocol),
      (route) => route.abort(),
    );

    const response = await page.goto(gw.graphqlUrl);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);

    const run = page.locator('.graphiql-execute-button');
    await run.waitFor({ state: 'visible', timeout: 30_000 });
    // The query editor holds the default `account` query.
    await expect
      .poll(() => page.locator('.graphiql-query-editor').textContent())
      .toContain('account');
    await run.click();

    const accountId = gw.gateway.principals.find((p) => p.role === 'trader')?.credentials.accountId;
    expect(accountId).toMatch(/^0x[0-9a-f]{64}$/);
    // The response editor wraps long lines: compare without whitespace.
    const result = async () =>
      ((await page.locator('.graphiql-response').textContent()) ?? '').replace(/\s+/g, '');
    await expect.poll(result, { timeout: 30_000 }).toContain(`"account":{"id":"${accountId}"`);
    expect(await result()).not.toContain('"errors"');
    expect(foreign).toEqual([]);

    // The request GraphiQL sent carried the demo trader's token and reached the sandbox.
    expect(gw.gateway.sandbox?.requestCount({ accountId: accountId as string })).toBeGreaterThan(0);
  });

  it('opens on the example tabs; the admin tab runs with the broker admin token', async () => {
    const page = await browser.newPage();
    await page.goto(gw.graphqlUrl);
    const tab = (name: string) =>
      page.locator('.graphiql-tab-button', { hasText: new RegExp(`^${name}$`) });
    for (const name of ['Account', 'PlaceOrder', 'Portfolio', 'ReferralAdmin']) {
      await tab(name).waitFor({ state: 'visible', timeout: 30_000 });
    }
    const result = async () =>
      ((await page.locator('.graphiql-response').textContent()) ?? '').replace(/\s+/g, '');

    // Switches to a tab; a click during a re-render can be lost, so click until it shows.
    const open = (name: string, field: string) =>
      expect
        .poll(
          async () => {
            await tab(name).click();
            return page.locator('.graphiql-query-editor').textContent();
          },
          { timeout: 30_000 },
        )
        .toContain(field);
    await open('ReferralAdmin', 'referralAdminInfo');
    // The headers editor follows the tab switch: wait for the admin's token before running.
    const adminToken = gw.gateway.demoTokens?.brokerAdmin as string;
    await expect
      .poll(() => page.locator('.graphiql-editor-tool').textContent(), { timeout: 30_000 })
      .toContain(adminToken.slice(0, 20));
    await page.locator('.graphiql-execute-button').click();
    await expect.poll(result, { timeout: 30_000 }).toContain('"referralAdminInfo":{"rows":');
    expect(await result()).not.toContain('"errors"');
    const admin = gw.gateway.principals.find((p) => p.role === 'broker_admin');
    const adminCalls = { accountId: admin?.credentials.accountId as string };
    expect(gw.gateway.sandbox?.requestCount(adminCalls)).toBeGreaterThan(0);

    await open('PlaceOrder', 'placeOrder');
    await page.getByRole('button', { name: 'Variables' }).click();
    await page.locator('.graphiql-execute-button').click();
    await expect.poll(result, { timeout: 30_000 }).toContain('"__typename":"PlaceOrderSuccess"');
    const file = process.env.GRAPHIQL_SCREENSHOT;
    if (file) {
      await page.setViewportSize({ width: 1360, height: 760 });
      await page.screenshot({ path: file });
    }
    await page.close();
  });
});
