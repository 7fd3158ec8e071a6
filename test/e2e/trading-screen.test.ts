// @module-tag browser
/**
 * The reference trading screen (/demo, demo/) in headless Chromium against a gateway with its
 * embedded sandbox, as the demo trader: the order form's refusal shows the gateway's rule; a
 * limit order placed from the form shows in the book and in the open orders; a mid moved by
 * the sandbox's control API fills it, and the fill, the position and its PnL show; a TP/SL is
 * set from the dialog; an order is edited and cancelled; the upstream's streams are dropped
 * and the page recovers without a reload; no request leaves the gateway's origin. Prints the
 * bundle's size and the first frame's time (not asserted).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
  type WebSocketRoute,
} from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Running, startGateway, uniquePrefix } from '../integration/server/harness.ts';
import { bundleFigures, firstFrame } from './trading-screen-figures.ts';

const CHROMIUM = inject('chromiumPath');
const SYMBOL = 'PERP_ETH_USDC';
const WAIT = { timeout: 10_000 };

let gw: Running;
let browser: BrowserContext;
let profile: string;
let page: Page;
/** Requests and sockets the page opened to another origin than the gateway's. */
const foreign: string[] = [];
/** Top-frame navigations: one (the first load) unless the page reloaded. */
let navigations = 0;
/** The page's graphql-ws connections, passed through to the gateway (so the test can cut one). */
const sockets: WebSocketRoute[] = [];

const control = async (path: string, body?: unknown) => {
  const sandbox = gw.gateway.sandbox;
  if (!sandbox) throw new Error('no embedded sandbox');
  const response = await fetch(`${sandbox.url}/sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, `POST /sandbox${path}`).toBe(200);
  return (await response.json()) as { data: Record<string, unknown> };
};
const moveMid = (price: number) => control(`/markets/${SYMBOL}/mid`, { price });
/** The text as shown (table cells apart), whitespace collapsed. */
const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const traderId = () =>
  gw.gateway.principals.find((p) => p.role === 'trader')?.credentials.accountId as string;

beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('screen'),
    webSockets: true,
    // The upstream streams come back within a second of the sandbox accepting them again.
    env: { STREAM_RECONNECT_BASE_MS: '50', STREAM_RECONNECT_CAP_MS: '300' },
  });
  profile = await mkdtemp(join(tmpdir(), 'svc-screen-'));
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1360, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
});

afterAll(async () => {
  await browser?.close();
  await gw?.close();
  if (profile) await rm(profile, { recursive: true, force: true });
});

describe('the reference trading screen', () => {
  it('is bundled from demo/ and served with the demo token to a loopback peer', async () => {
    const figures = await bundleFigures(gw);
    console.info(
      `trading screen bundle: ${figures.jsBytes} B JS (${figures.jsGzipBytes} B gzip, ` +
        `${figures.jsBrotliBytes} B brotli) + ${figures.cssBytes} B CSS; built in ${figures.buildMs} ms`,
    );
    expect(figures.page).toContain(gw.gateway.demoTokens?.trader);
    expect(figures.csp).toContain("connect-src 'self'");
  });

  it('opens as the demo trader and shows the live book', async () => {
    page = await browser.newPage();
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(gw.origin) && !/^(data|blob):/.test(url)) foreign.push(url);
    });
    page.on('websocket', (socket) => {
      if (!socket.url().startsWith(gw.wsUrl)) foreign.push(socket.url());
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    await page.route(
      (url) => url.origin !== gw.origin && !/^(data|blob):/.test(url.protocol),
      (route) => route.abort(),
    );
    await page.routeWebSocket(gw.wsUrl, (socket) => {
      socket.connectToServer();
      sockets.push(socket);
    });
    await page.goto(`${gw.origin}/demo#${SYMBOL}`);
    await page.locator('[data-testid=book] tr.bid').first().waitFor(WAIT);
    console.info(`trading screen first frame: ${JSON.stringify(await firstFrame(page))}`);
    await expect.poll(() => text(page.getByTestId('link')), WAIT).toBe('live');
    await expect.poll(() => text(page.getByTestId('balances')), WAIT).toContain('USDC');
    await expect.poll(() => text(page.getByTestId('funding')), WAIT).toMatch(/% in \d\d:\d\d:\d\d/);
    // Orders placed from now on reach the page: the gateway holds the trader's stream.
    await expect.poll(() => gw.gateway.live.hub.accountReady(traderId()), WAIT).toBe(true);
  });

  it("shows the gateway's rule when it refuses an order", async () => {
    const form = page.getByTestId('order-form');
    await form.locator('input[name=price]').fill('2990.005');
    await form.locator('input[name=quantity]').fill('0.5');
    const tick = 'li[data-field="input.orderPrice"][data-rule=tick]';
    // The form warns first, from the market's rules …
    await form.locator(`[data-testid=warnings] ${tick}`).waitFor(WAIT);
    await form.locator('button[type=submit]').click();
    // … and shows the gateway's refusal: its InputError, with the field and rule.
    await form.locator(`[data-testid=errors] ${tick}`).waitFor(WAIT);
    expect(await text(form.getByTestId('errors'))).toContain('tick');
  });

  it('places a limit order from the form: it shows in the book and in the open orders', async () => {
    const form = page.getByTestId('order-form');
    await form.locator('input[name=price]').fill('2990');
    await form.locator('button[type=submit]').click();
    await expect
      .poll(() => text(form.getByTestId('notice')), WAIT)
      .toContain('Placed BUY 0.5 @ 2990');
    const row = page.getByTestId('open-orders').locator('tbody tr', { hasText: '2990' });
    await row.waitFor(WAIT);
    expect(await text(row)).toContain('NEW');
    await page.locator('[data-testid=book] tr.bid.mine[data-price="2990.00"]').waitFor(WAIT);
  });

  it('fills it when the sandbox mid moves through it, and shows the position and its PnL', async () => {
    const moved = await moveMid(2985);
    expect((moved.data.crossed as unknown[]).length).toBe(1);
    await expect.poll(() => text(page.getByTestId('fills')), WAIT).toContain('BUY 0.5 @ 2990');
    await expect
      .poll(() => page.getByTestId('open-orders').locator('tbody tr').count(), WAIT)
      .toBe(0);
    const position = page.getByTestId('positions').locator(`tr[data-symbol=${SYMBOL}]`);
    await expect.poll(() => text(position.getByTestId('position-size')), WAIT).toBe('0.5');
    // 0.5 × (2985 − 2990), then 0.5 × (3004 − 2990) as the mark follows the mid.
    await expect.poll(() => text(position.getByTestId('position-pnl')), WAIT).toBe('-2.50');
    await moveMid(3004);
    await expect.poll(() => text(position.getByTestId('position-pnl')), WAIT).toBe('+7.00');
    expect(await text(position.getByTestId('position-liq'))).toMatch(/^(—|\d+\.\d\d)$/);
  });

  it('sets a TP/SL for the position from its dialog', async () => {
    const position = page.getByTestId('positions').locator(`tr[data-symbol=${SYMBOL}]`);
    await position.getByRole('button', { name: 'TP/SL' }).click();
    const dialog = page.getByTestId('tpsl-dialog');
    await dialog.locator('input[name=takeProfit]').fill('3100');
    await dialog.locator('input[name=stopLoss]').fill('2900');
    await dialog.getByRole('button', { name: 'Set TP/SL' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expect
      .poll(() => text(page.getByTestId('algo-orders')), WAIT)
      .toContain('TP 3100 · SL 2900');
    await expect.poll(() => text(position.getByTestId('position-tpsl')), WAIT).toBe('3100 / 2900');
  });

  it('edits an open order, then cancels it', async () => {
    const form = page.getByTestId('order-form');
    await form.getByRole('button', { name: 'Sell / short' }).click();
    await form.locator('input[name=price]').fill('3050');
    await form.locator('input[name=quantity]').fill('0.2');
    await form.locator('button[type=submit]').click();
    const orders = page.getByTestId('open-orders');
    const row = orders.locator('tbody tr', { hasText: 'SELL' });
    await row.waitFor(WAIT);
    await row.getByRole('button', { name: 'Edit' }).click();
    await row.getByLabel('New price').fill('3040');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => text(row), WAIT).toContain('3040');
    await page.locator('[data-testid=book] tr.ask.mine[data-price="3040.00"]').waitFor(WAIT);
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => orders.locator('tbody tr').count(), WAIT).toBe(0);
    await page
      .locator('[data-testid=book] tr[data-price="3040.00"]')
      .waitFor({ state: 'detached', ...WAIT });
  });

  it('recovers without a reload when the upstream streams drop', async () => {
    await control('/connections/drop', { refuse: true });
    await expect.poll(() => gw.gateway.live.hub.accountReady(traderId()), WAIT).toBe(false);
    // Placed while the streams are down: nothing is pushed, the gateway's resync finds it.
    const placed = await gw.gql(
      `mutation { placeOrder(input: { symbol: "${SYMBOL}", orderType: LIMIT, side: BUY,
        orderPrice: 2950, orderQuantity: 0.1, clientOrderId: "during-the-drop" }) { __typename } }`,
      { token: gw.gateway.demoTokens?.trader as string },
    );
    expect(placed.body.data).toEqual({ placeOrder: { __typename: 'PlaceOrderSuccess' } });
    await control('/connections/accept');
    const orders = page.getByTestId('open-orders');
    await orders.locator('tr[data-client-order-id=during-the-drop]').waitFor(WAIT);
    // The public streams are back too: the book follows the next move of the mid.
    await moveMid(3010);
    await page.locator('[data-testid=book] tr.ask[data-price="3010.10"]').waitFor(WAIT);
    await page.locator('[data-testid=book] tr.bid.mine[data-price="2950.00"]').waitFor(WAIT);
    expect(navigations).toBe(1);
  });

  it('subscribes again and re-reads its panels when its own connection drops', async () => {
    const link = page.getByTestId('link');
    expect(sockets).toHaveLength(1);
    // Any read of the open orders from now on is the re-read after the reconnection.
    const reread = page.waitForRequest(
      (r) => r.postDataJSON()?.operationName === 'ScreenOpenOrders',
      WAIT,
    );
    // The gateway goes away (1012, service restart): graphql-ws retries.
    await sockets[0]?.close({ code: 1012, reason: 'test: connection cut' });
    await expect.poll(() => text(link), WAIT).not.toBe('live');
    // Placed while the page has no connection: no subscription can tell it.
    const placed = await gw.gql(
      `mutation { placeOrder(input: { symbol: "${SYMBOL}", orderType: LIMIT, side: BUY,
        orderPrice: 2940, orderQuantity: 0.1, clientOrderId: "while-offline" }) { __typename } }`,
      { token: gw.gateway.demoTokens?.trader as string },
    );
    expect(placed.body.data).toEqual({ placeOrder: { __typename: 'PlaceOrderSuccess' } });
    await expect.poll(() => text(link), WAIT).toBe('live');
    expect(sockets).toHaveLength(2);
    await reread;
    // The snapshot read after the reconnection has it; the stream carries on after it.
    await page
      .locator('[data-testid=open-orders] tr[data-client-order-id=while-offline]')
      .waitFor(WAIT);
    await moveMid(3020);
    await page.locator('[data-testid=book] tr.ask[data-price="3020.10"]').waitFor(WAIT);
    expect(navigations).toBe(1);
  });

  it('made no request to any origin but the gateway', () => {
    expect(foreign).toEqual([]);
  });
});
