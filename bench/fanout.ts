/**
 * `npm run bench:fanout`: live-update fan-out of one gateway replica. The sandbox and the
 * gateway run in their own processes; this one opens SUBSCRIBERS graphql-ws subscriptions to
 * `orderUpdates` for one account (over CONNECTIONS WebSockets), then places EVENTS orders at
 * the sandbox one after the other and times each delivery: client receipt − the order
 * change's timestamp (the sandbox's clock; same host). Reports subscribers per replica,
 * upstream connections used, event-to-client p50/p99/max, deliveries per second and the
 * gateway's heap per subscriber (after a full GC, before and after subscribing).
 *
 * Events are paced (`--interval` ms apart) so the latency is the fan-out of one event, not
 * the queueing of a burst; `--interval 0` sends them back to back (throughput).
 *
 *   npm run bench:fanout -- [--subscribers 1000] [--connections 50] [--events 100] [--interval 100]
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { OrderSigner } from '../src/auth/order-signature.ts';
import { RequestSigner } from '../src/auth/request-signature.ts';
import { runMain, startChild } from './lib/processes.ts';

const arg = (name: string, fallback: number, min = 1): number => {
  const i = process.argv.indexOf(`--${name}`);
  const value = i < 0 ? fallback : Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name}: an integer ≥ ${min}`);
  return value;
};

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

const getJson = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;

async function main(): Promise<number> {
  const subscribers = arg('subscribers', 1_000);
  const connections = Math.min(arg('connections', 50), subscribers);
  const events = arg('events', 100);
  const intervalMs = arg('interval', 100, 0);
  const log = (line: string) => process.stderr.write(`${line}\n`);

  const sandbox = await startChild('fanout-sandbox', {
    module: 'servers/sandbox.ts',
    env: { BENCH_TRADER_COUNT: '1' },
  });
  const [trader] = sandbox.info.traders as Array<{
    accountId: string;
    secret: string;
    tradingSecret: string;
  }>;
  const token = `bench_${randomBytes(24).toString('base64url')}`;
  const gateway = await startChild('fanout-gateway', {
    module: 'servers/live-gateway.ts',
    env: {
      SVC_BASE_URL: String(sandbox.info.url),
      SVC_BROKER_ID: 'demo',
      UPSTREAM_LIMIT_SCALE: '1000000',
      // Every subscriber receives every event; the queue must hold a burst of all of them.
      SUBSCRIPTION_QUEUE_MAX: String(Math.max(256, events * 2)),
      LOG_LEVEL: 'warn',
      BENCH_TRADERS: JSON.stringify([{ ...trader, token }]),
    },
  });
  const controlUrl = String(gateway.info.controlUrl);
  const wsUrl = `${String(gateway.info.url).replace(/^http/, 'ws')}/graphql`;

  try {
    const before = await getJson<NodeJS.MemoryUsage>(`${controlUrl}/memory`);
    const clients = Array.from({ length: connections }, () =>
      createClient({
        url: wsUrl,
        webSocketImpl: WebSocket,
        lazy: false,
        retryAttempts: 0,
        connectionParams: { authorization: `Bearer ${token}` },
        onNonLazyError: () => {},
      }),
    );
    const latencies: number[] = [];
    let received = 0;
    let failures = 0;
    const query = 'subscription { orderUpdates { clientOrderId status timestamp } }';
    for (let i = 0; i < subscribers; i++) {
      clients[i % connections]!.subscribe(
        { query },
        {
          next: (result) => {
            const update = (result.data as { orderUpdates?: { timestamp: number } } | undefined)
              ?.orderUpdates;
            if (!update) {
              failures++;
              return;
            }
            latencies.push(Date.now() - update.timestamp);
            received++;
          },
          error: () => {
            failures++;
          },
          complete: () => {},
        },
      );
    }
    const deadline = Date.now() + 30_000;
    while (
      (await getJson<{ accountListeners: number }>(`${controlUrl}/hub`)).accountListeners <
      subscribers
    ) {
      if (Date.now() > deadline) throw new Error('subscribers did not all register in 30 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Let the private stream authenticate and subscribe before the first event.
    while (!(await getJson<{ accounts: number }>(`${controlUrl}/hub`)).accounts) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const subscribed = await getJson<NodeJS.MemoryUsage>(`${controlUrl}/memory`);
    const upstream = await getJson<{ data: { public: number; private: Record<string, number> } }>(
      `${sandbox.info.url}/sandbox/connections`,
    );

    const signer = new RequestSigner({ accountId: trader!.accountId, secret: trader!.secret });
    const orderSigner = new OrderSigner(trader!.tradingSecret);
    const started = Date.now();
    for (let i = 0; i < events; i++) {
      const params = {
        symbol: 'PERP_ETH_USDC',
        order_type: 'LIMIT',
        side: 'BUY',
        order_price: 2000,
        order_quantity: 0.01,
        client_order_id: `fan${i}_${randomBytes(3).toString('hex')}`,
      };
      const body = JSON.stringify({ ...params, signature: orderSigner.sign(params) });
      const headers = signer.headers({
        method: 'POST',
        path: '/v1/order',
        body,
        timestamp: Date.now(),
        tradingKey: orderSigner.tradingKey,
      });
      const r = await fetch(`${sandbox.info.url}/v1/order`, { method: 'POST', headers, body });
      if (r.status !== 200) throw new Error(`order ${i}: HTTP ${r.status} ${await r.text()}`);
      if (intervalMs > 0) await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    const expected = subscribers * events;
    const until = Date.now() + 60_000;
    while (received + failures < expected && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const elapsedMs = Date.now() - started;
    for (const client of clients) await client.dispose();

    latencies.sort((a, b) => a - b);
    const report = {
      subscribers,
      connections,
      events,
      intervalMs,
      upstreamPrivateConnections: Object.values(upstream.data.private).reduce((a, b) => a + b, 0),
      delivered: received,
      expected,
      failures,
      latencyMs: {
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies[latencies.length - 1] ?? Number.NaN,
      },
      deliveriesPerSecond: Math.round((received / elapsedMs) * 1000),
      heapPerSubscriberBytes: Math.round((subscribed.heapUsed - before.heapUsed) / subscribers),
      rssPerSubscriberBytes: Math.round((subscribed.rss - before.rss) / subscribers),
    };
    log(
      [
        `fan-out: ${subscribers} subscribers over ${connections} WebSockets, ${events} events ${intervalMs} ms apart, ${report.upstreamPrivateConnections} upstream private connection(s)`,
        `  delivered ${received}/${expected} (${failures} failures), ${report.deliveriesPerSecond} deliveries/s`,
        `  event → client: p50 ${report.latencyMs.p50} ms, p99 ${report.latencyMs.p99} ms, max ${report.latencyMs.max} ms`,
        `  gateway memory per subscriber: heap ${report.heapPerSubscriberBytes} B, rss ${report.rssPerSubscriberBytes} B`,
      ].join('\n'),
    );
    writeFileSync(
      new URL('./results/fanout.json', import.meta.url),
      `${JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2)}\n`,
    );
    process.stdout.write(`${JSON.stringify(report)}\n`);
    return received === expected && failures === 0 ? 0 : 1;
  } finally {
    await gateway.stop();
    await sandbox.stop();
  }
}

runMain('bench:fanout', main);
