/**
 * The upstream for scenarios 2–7: the in-memory sandbox on its own port and process, with its
 * rate limits raised (scaled by BENCH_LIMIT_SCALE, default 1e6) so that hundreds of thousands
 * of requests per minute from one account stay within them. Everything else — signature and
 * timestamp checks, routing, validation — runs as it does in the tests.
 *
 * A second, tiny control server (`controlUrl`) lets the parent count the upstream requests a
 * scenario caused and start every scenario from the same state:
 *   GET  /count?path=/v1/client/info   requests received since the last reset
 *   POST /reset                        forgets the request log and every rate-limit window
 * Announces both URLs and the traders' credentials (one per connection of the load), or
 * writes the credentials to BENCH_TRADERS_OUT when set (too many for the ready line).
 * The sandbox is dist/'s, like the gateway's.
 */
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announce, onShutdown } from '../lib/child.ts';
import { fromDist } from '../lib/dist.ts';

const { generateDemoAccount } =
  await fromDist<typeof import('../../src/sandbox/demo.ts')>('sandbox/demo');
const { createSandbox } =
  await fromDist<typeof import('../../src/sandbox/index.ts')>('sandbox/index');

// `off` turns the limits off altogether (for comparing the limiter's own cost).
const scale = process.env.BENCH_LIMIT_SCALE ?? '1000000';
const sandbox = await createSandbox({
  limits: scale === 'off' ? false : { scale: Number(scale) },
  port: 0,
});
if (!sandbox.demo) throw new Error('the sandbox generated no demo accounts');
// The demo trader and BENCH_TRADER_COUNT − 1 more: one per connection of the load generator.
const traders = [sandbox.demo.trader];
for (let i = 1; i < Number(process.env.BENCH_TRADER_COUNT ?? 1); i++) {
  const { credentials, seed } = generateDemoAccount('demo', 'trader');
  sandbox.registerAccount(seed);
  traders.push(credentials);
}

const control = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://control');
  if (req.method === 'GET' && url.pathname === '/count') {
    const path = url.searchParams.get('path');
    const count = sandbox.requestCount(path ? { path } : {});
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count }));
  } else if (req.method === 'POST' && url.pathname === '/reset') {
    sandbox.resetRequestLog();
    sandbox.resetLimits();
    res.writeHead(204).end();
  } else {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));

const credentials = traders.map(({ accountId, secret, tradingSecret }) => ({
  accountId,
  secret,
  tradingSecret,
}));
// Hundreds of traders do not fit a ready line: BENCH_TRADERS_OUT names a file for them.
const tradersOut = process.env.BENCH_TRADERS_OUT;
if (tradersOut) writeFileSync(tradersOut, JSON.stringify(credentials));
announce({
  url: sandbox.url.replace(/\/$/, ''),
  controlUrl: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
  traders: tradersOut ? [] : credentials,
});
onShutdown(async () => {
  control.closeAllConnections();
  control.close();
  await sandbox.close();
});
