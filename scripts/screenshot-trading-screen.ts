/**
 * `npm run screenshot`: the picture of the reference trading screen in the README
 * (docs/images/trading-screen.png). Starts a gateway with its embedded sandbox on a free
 * loopback port, trades a little as the demo trader (a filled order, so a position with a
 * TP/SL; two resting orders; some synthetic market activity), opens /demo in headless Chromium
 * (CHROMIUM_PATH, else chromium/chromium-browser/google-chrome on PATH) and saves the page.
 *
 *   npm run screenshot [-- --out other.png]
 */
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { loadConfig } from '../src/config.ts';
import { createPublicServer } from '../src/connections/server-limits.ts';
import { createLogger } from '../src/observability/logger.ts';
import { createGateway, type Gateway } from '../src/server.ts';
import { onPath } from '../test/setup/dependencies.ts';

const SYMBOL = 'PERP_ETH_USDC';
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = values.out ?? 'docs/images/trading-screen.png';

const browserPath =
  process.env.CHROMIUM_PATH ||
  onPath(['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']);
if (!browserPath) {
  process.stderr.write('no Chromium: install it, or set CHROMIUM_PATH\n');
  process.exit(1);
}

/** The demo trader's session as the screen would run it, through the gateway's GraphQL. */
function trader(gateway: Gateway, origin: string) {
  const token = gateway.demoTokens?.trader as string;
  return async (query: string) => {
    const response = await fetch(`${origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query }),
    });
    const body = (await response.json()) as { errors?: unknown };
    if (body.errors) throw new Error(`${query}: ${JSON.stringify(body.errors)}`);
  };
}

async function control(gateway: Gateway, path: string, body: unknown) {
  const response = await fetch(`${gateway.sandbox?.url}/sandbox${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST /sandbox${path}: ${response.status}`);
}

const order = (side: string, price: number, quantity: number) =>
  `mutation { placeOrder(input: { symbol: "${SYMBOL}", orderType: LIMIT, side: ${side},
    orderPrice: ${price}, orderQuantity: ${quantity} }) { __typename } }`;

/** A long filled at 2990 and marked at 3004, protected by a TP/SL; two orders resting. */
async function trade(gateway: Gateway, origin: string) {
  const gql = trader(gateway, origin);
  await gql(order('BUY', 2990, 0.5));
  await control(gateway, `/markets/${SYMBOL}/mid`, { price: 2985 });
  await control(gateway, `/markets/${SYMBOL}/mid`, { price: 3004 });
  await gql(`mutation { setPositionTpSl(input: { symbol: "${SYMBOL}",
    takeProfit: { triggerPrice: 3100 }, stopLoss: { triggerPrice: 2900 } }) { __typename } }`);
  await gql(order('BUY', 3003.2, 0.3));
  await gql(order('SELL', 3006.8, 0.2));
  await control(gateway, `/markets/${SYMBOL}/activity`, {
    bookUpdatesPerSecond: 5,
    tradesPerSecond: 3,
  });
}

async function main() {
  const config = loadConfig({ LOG_LEVEL: 'warn', REDIS_URL: '' });
  const gateway = await createGateway({ config, logger: createLogger({ level: 'warn' }) });
  const server = createPublicServer(gateway.handler, {
    ...config.connections,
    budget: gateway.connections,
  });
  gateway.attachWebSockets(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: browserPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1360, height: 820 } });
    await page.goto(`${origin}/demo#${SYMBOL}`);
    await page.locator('[data-testid=book] tr.bid').first().waitFor();
    await page.waitForFunction(
      () => document.querySelector('[data-testid=link]')?.textContent === 'live',
    );
    // The orders stream is up once the gateway holds the trader's upstream stream.
    const accountId = gateway.principals.find((p) => p.role === 'trader')?.credentials.accountId;
    while (!gateway.live.hub.accountReady(accountId as string)) await page.waitForTimeout(50);
    // While the page watches: the fill, the position and the orders arrive live.
    await trade(gateway, origin);
    await page.locator('[data-testid=fills] td.side').first().waitFor();
    const tpsl = page.locator('[data-testid=positions] [data-testid=position-tpsl]');
    await tpsl.filter({ hasText: '3100' }).waitFor();
    await page.locator('[data-testid=trades] tr').nth(8).waitFor({ timeout: 15_000 });
    await page.locator('[data-testid=order-form] input[name=price]').fill('3001.5');
    await page.locator('[data-testid=order-form] input[name=quantity]').fill('0.25');
    await page.locator('[data-testid=order-form] input[name=quantity]').blur();
    await mkdir(dirname(out), { recursive: true });
    await page.screenshot({ path: out });
    process.stdout.write(`saved ${out}\n`);
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await gateway.close();
  }
}

await main();
process.exit(0);
