// @module-tag browser
/**
 * GraphiQL in headless Chromium against a running gateway (embedded sandbox, demo principals):
 * the page loads with no network access beyond the gateway, comes pre-filled with the demo
 * trader's Authorization header and the `account` query, runs it, and shows the account; the
 * admin example tab runs with the broker admin's token; the OrderUpdates tab runs a
 * subscription (over SSE) and shows the update of an order placed meanwhile over HTTP. With
 * GRAPHIQL_SCREENSHOT=<file.png>
 * it also saves the screenshot the README shows (docs/graphiql.png).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
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

const TABS = [
  'Account',
  'PlaceOrder',
  'OpenOrders',
  'Portfolio',
  'OrderUpdates',
  'Ticker',
  'Market',
  'ReferralAdmin',
];

const tabButton = (page: Page, name: string) =>
  page.locator('.graphiql-tab-button', { hasText: new RegExp(`^${name}$`) });

/** The response pane's text without whitespace (the editor wraps long lines). */
const responseText = async (page: Page) =>
  ((await page.locator('.graphiql-response').textContent()) ?? '').replace(/\s+/g, '');

/** Switches to a tab; a click during a re-render can be lost, so click until it shows. */
const openTab = (page: Page, name: string, field: string) =>
  expect
    .poll(
      async () => {
        await tabButton(page, name).click();
        return page.locator('.graphiql-query-editor').textContent();
      },
      { timeout: 30_000 },
    )
    .toContain(field);

/**
 * Runs the open tab until the response shows `expected`. GraphiQL infers the operation from the
 * editor shortly after a tab switch; a click before that answers "Cannot infer operation": the
 * click is then repeated.
 */
const runTab = (page: Page, expected: string) =>
  expect
    .poll(
      async () => {
        const now = await responseText(page);
        if (!now.includes(expected) && (now === '' || now.includes('Cannotinferoperation')))
          await page.locator('.graphiql-execute-button').click();
        return responseText(page);
      },
      { timeout: 30_000 },
    )
    .toContain(expected);

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
    // The page calls the workspace script (the tabs), which opens GraphiQL's own bundle.
    const workspace = /<script src="(\/graphiql\/workspace\.[0-9a-f]{16}\.js)">/.exec(html)?.[1];
    expect(html).toContain('svcWorkspace(');
    const script = await (await fetch(`${gw.origin}${workspace}`)).text();
    expect(script).toContain('YogaGraphiQL.renderYogaGraphiQL');
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

  it.each([
    [1360, 760],
    [1024, 700],
  ])(
    'shows the whole token in the Headers pane (%dx%d): no line runs off it',
    async (width, height) => {
      const page = await browser.newPage();
      await page.setViewportSize({ width, height });
      await page.goto(gw.graphqlUrl);
      const traderToken = gw.gateway.demoTokens?.trader as string;
      const tool = page.locator('.graphiql-editor-tool');
      await expect.poll(() => tool.textContent(), { timeout: 30_000 }).toContain(traderToken);
      // Monaco renders a long line whole and hides what passes the editor's right edge.
      const overflow = await tool.evaluate((section) => {
        const editor = section.querySelector('.graphiql-editor:not(.hidden)') as HTMLElement;
        const right = editor.getBoundingClientRect().right;
        const ends = [...editor.querySelectorAll('.view-line span span')].map(
          (span) => span.getBoundingClientRect().right,
        );
        return { lines: ends.length, past: Math.max(...ends) - right };
      });
      expect(overflow.lines).toBeGreaterThan(0);
      expect(overflow.past).toBeLessThanOrEqual(0);
      await page.close();
    },
  );

  it('opens on the example tabs; the admin tab runs with the broker admin token', async () => {
    const page = await browser.newPage();
    await page.goto(gw.graphqlUrl);
    for (const name of TABS) {
      await tabButton(page, name).waitFor({ state: 'visible', timeout: 30_000 });
    }
    const result = () => responseText(page);
    const open = (name: string, field: string) => openTab(page, name, field);
    await open('ReferralAdmin', 'referralAdminInfo');
    // The headers editor follows the tab switch: wait for the admin's token before running.
    const adminToken = gw.gateway.demoTokens?.brokerAdmin as string;
    await expect
      .poll(() => page.locator('.graphiql-editor-tool').textContent(), { timeout: 30_000 })
      .toContain(adminToken.slice(0, 20));
    await runTab(page, '"referralAdminInfo":{"rows":');
    expect(await result()).not.toContain('"errors"');
    const admin = gw.gateway.principals.find((p) => p.role === 'broker_admin');
    const adminCalls = { accountId: admin?.credentials.accountId as string };
    expect(gw.gateway.sandbox?.requestCount(adminCalls)).toBeGreaterThan(0);

    await open('PlaceOrder', 'placeOrder');
    await page.getByRole('button', { name: 'Variables' }).click();
    await page.locator('.graphiql-execute-button').click();
    await runTab(page, '"__typename":"PlaceOrderSuccess"');
    const file = process.env.GRAPHIQL_SCREENSHOT;
    if (file) {
      await page.setViewportSize({ width: 1360, height: 760 });
      await page.screenshot({ path: file });
    }
    await page.close();
  });

  it('the OrderUpdates tab runs a subscription and shows an order placed meanwhile', async () => {
    const page = await browser.newPage();
    await page.goto(gw.graphqlUrl);
    await tabButton(page, 'OrderUpdates').waitFor({ state: 'visible', timeout: 30_000 });
    await openTab(page, 'OrderUpdates', 'orderUpdates');
    const trader = gw.gateway.principals.find((p) => p.role === 'trader');
    const accountId = trader?.credentials.accountId as string;
    const traderToken = gw.gateway.demoTokens?.trader as string;
    await expect
      .poll(() => page.locator('.graphiql-editor-tool').textContent(), { timeout: 30_000 })
      .toContain(traderToken.slice(0, 20));
    // The subscription is live once the gateway holds its listener on a ready private stream.
    // A click right after the tab switch can be lost (or answer "Cannot infer operation"):
    // while the button still offers "Execute" rather than "Stop", click it again.
    const run = page.locator('.graphiql-execute-button');
    await expect
      .poll(
        async () => {
          if ((await run.getAttribute('aria-label'))?.startsWith('Execute')) await run.click();
          const hub = gw.gateway.live.hub;
          return hub.stats().accountListeners > 0 && hub.accountReady(accountId);
        },
        { timeout: 30_000, message: 'the subscription reached the gateway' },
      )
      .toBe(true);

    const clientOrderId = `graphiql-live-${Date.now().toString(36)}`;
    const placed = await gw.gql(
      `mutation($input: PlaceOrderInput!) {
        placeOrder(input: $input) { __typename }
      }`,
      {
        token: traderToken,
        variables: {
          // The order docs/subscriptions.md (From GraphiQL) tells a user to place and watch.
          input: {
            symbol: 'PERP_ETH_USDC',
            orderType: 'LIMIT',
            side: 'BUY',
            orderPrice: 2900,
            orderQuantity: 1,
            clientOrderId,
          },
        },
      },
    );
    expect(placed.body).toEqual({ data: { placeOrder: { __typename: 'PlaceOrderSuccess' } } });
    await expect
      .poll(() => responseText(page), { timeout: 30_000 })
      .toContain(`"clientOrderId":"${clientOrderId}"`);
    expect(await responseText(page)).toContain('"status":"NEW"');
    expect(await responseText(page)).not.toContain('"errors"');
    await page.close();
  });

  it('the Market tab shows the live book, and its change when the market moves', async () => {
    const page = await browser.newPage();
    await page.goto(gw.graphqlUrl);
    await tabButton(page, 'Market').waitFor({ state: 'visible', timeout: 30_000 });
    await openTab(page, 'Market', 'orderBook');
    // Two operations in the tab: ▶ opens a menu of them; pick the book.
    await expect
      .poll(
        async () => {
          const now = await responseText(page);
          if (now.includes('"orderBook"')) return now;
          const item = page.getByRole('menuitem', { name: 'Market', exact: true });
          if (await item.isVisible()) await item.click();
          else await page.locator('.graphiql-execute-button').click();
          return responseText(page);
        },
        { timeout: 30_000 },
      )
      .toContain('"orderBook":{"timestamp":');
    expect(await responseText(page)).not.toContain('"errors"');
    // The best ask follows a move of the mid (levels are set from the mid).
    const before = /"asks":\[\{"price":([\d.]+)/.exec(await responseText(page))?.[1];
    gw.gateway.sandbox?.setMidPrice('PERP_BTC_USDC', 61_000);
    await expect
      .poll(async () => /"asks":\[\{"price":([\d.]+)/.exec(await responseText(page))?.[1], {
        timeout: 30_000,
      })
      .not.toBe(before);
    await page.close();
  });
});
