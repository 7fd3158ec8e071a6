/**
 * Resume after missed events (issue 27's `resumeReplayMs`, target ≤ 200 ms): an SSE client of
 * `orderUpdates` takes one event's cursor and leaves; `missed` order events happen (placements
 * and cancels, alternately, so the account's open orders stay few); the client comes back with
 * `Last-Event-ID`. The figure is the time from sending that request to the last missed event's
 * arrival: the log read (Redis when REDIS_URL is set, else the gateway's memory), the replay
 * through the subscription's queue and its SSE writes. Every missed event must arrive, in
 * order, once, then a live one.
 *
 * The sandbox and the gateway run in their own processes, as in the fan-out run. A subscriber
 * that stays connected (graphql-ws) tells when every missed event is logged: the gateway hands
 * an event to subscribers after its log append. Runs: one warm-up, then `rounds` measured.
 */
import { randomBytes } from 'node:crypto';
import { type Client, createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { normalizeOrderParams, OrderSigner } from '../../src/auth/order-signature.ts';
import { RequestSigner } from '../../src/auth/request-signature.ts';
import { percentile } from './fanout.ts';
import { type RunningChild, startChild } from './processes.ts';
import { openSseSubscriber } from './sse-subscriber.ts';

export interface ResumeOptions {
  /** Order events missed before each resume. @default 1000 */
  missed?: number;
  /** Measured resumes (after one warm-up). @default 5 */
  rounds?: number;
  log?: (line: string) => void;
}

export interface ResumeResult {
  /** Median over the rounds: resume request sent → last missed event received, ms. */
  resumeReplayMs: number;
  maxMs: number;
  missed: number;
  rounds: number;
  /** Where the gateway kept its log. */
  store: 'redis' | 'memory';
  /** Every round replayed every missed event in order, once, then a live one. */
  ok: boolean;
  problems: string[];
}

export const RESUME_TARGET_MS = 200;

const ETH = 'PERP_ETH_USDC';
const QUERY = 'subscription { orderUpdates { clientOrderId status cursor } }';
const EVENT = /"clientOrderId":"([^"]*)","status":"([A-Z_]+)"/;
const ID = /^id: (.*)$/m;

interface Trader {
  accountId: string;
  secret: string;
  tradingSecret: string;
}

/** Signed REST calls of one trader at the sandbox: a resting buy, its cancel. */
function tradingOf(sandboxUrl: string, trader: Trader) {
  const signer = new RequestSigner({ accountId: trader.accountId, secret: trader.secret });
  const orderSigner = new OrderSigner(trader.tradingSecret);
  const send = async (method: string, path: string, body = '') => {
    const headers = signer.headers({
      method,
      path,
      body,
      timestamp: Date.now(),
      tradingKey: orderSigner.tradingKey,
    });
    const r = await fetch(`${sandboxUrl}${path}`, { method, headers, ...(body ? { body } : {}) });
    const text = await r.text();
    if (r.status !== 200) throw new Error(`${method} ${path}: HTTP ${r.status} ${text}`);
    return JSON.parse(text) as { data: { order_id: number } };
  };
  return {
    async buy(clientOrderId: string): Promise<number> {
      const params = {
        symbol: ETH,
        order_type: 'LIMIT',
        side: 'BUY',
        order_price: 2000,
        order_quantity: 0.01,
        client_order_id: clientOrderId,
      };
      const body = JSON.stringify({ ...params, signature: orderSigner.sign(params) });
      return (await send('POST', '/v1/order', body)).data.order_id;
    },
    async cancel(orderId: number): Promise<void> {
      const params = { order_id: String(orderId), symbol: ETH };
      const query = `${normalizeOrderParams(params)}&signature=${orderSigner.sign(params)}`;
      await send('DELETE', `/v1/order?${query}`);
    },
  };
}

type Trading = ReturnType<typeof tradingOf>;

/** `count` order events (a placement, then its cancel, …); what a subscriber must get, in order. */
async function orderEvents(trading: Trading, count: number): Promise<string[]> {
  const expected: string[] = [];
  while (expected.length < count) {
    const id = `rs_${randomBytes(4).toString('hex')}`;
    const orderId = await trading.buy(id);
    expected.push(`${id} NEW`);
    if (expected.length === count) break;
    await trading.cancel(orderId);
    expected.push(`${id} CANCELLED`);
  }
  return expected;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, done: () => boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`resume: timed out waiting for ${what}`);
    await sleep(5);
  }
}

/** One SSE subscriber of QUERY: each order event as `<clientOrderId> <status>`, with its SSE id. */
async function sse(url: URL, token: string, lastEventId?: string) {
  const got: { event: string; id: string | undefined; at: number }[] = [];
  const socket = await openSseSubscriber({
    host: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    body: JSON.stringify({ query: QUERY }),
    onBlock: (block) => {
      const m = EVENT.exec(block);
      if (m) got.push({ event: `${m[1]} ${m[2]}`, id: ID.exec(block)?.[1], at: Date.now() });
    },
    onClose: () => {},
  });
  return { got, close: () => socket.destroy() };
}

/** A subscriber that never leaves: the events it has got are logged. */
function watcher(graphqlUrl: URL, token: string): { seen: Set<string>; client: Client } {
  const seen = new Set<string>();
  const client = createClient({
    url: graphqlUrl.href.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    lazy: false,
    retryAttempts: 0,
    connectionParams: { authorization: `Bearer ${token}` },
    onNonLazyError: () => {},
  });
  client.subscribe(
    { query: QUERY },
    {
      next: (r) => {
        const u = (r.data as { orderUpdates?: { clientOrderId: string; status: string } })
          ?.orderUpdates;
        if (u) seen.add(`${u.clientOrderId} ${u.status}`);
      },
      error: () => {},
      complete: () => {},
    },
  );
  return { seen, client };
}

/** Places orders until the watcher gets one: the account's stream at the gateway is up. */
async function streamUp(trading: Trading, seen: Set<string>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const [event] = await orderEvents(trading, 1);
    try {
      await until('the account stream', () => seen.has(event!), 2_000);
      return;
    } catch (error) {
      if (attempt >= 30) throw error;
    }
  }
}

interface Round {
  ms: number;
  problem?: string;
}

/** One resume: a cursor, `missed` events without the client, the resume timed, then a live one. */
async function round(ctx: {
  url: URL;
  token: string;
  trading: Trading;
  seen: Set<string>;
  missed: number;
}): Promise<Round> {
  const { url, token, trading, seen, missed } = ctx;
  const first = await sse(url, token);
  const [mark] = await orderEvents(trading, 1);
  await until('the first event', () => first.got.some((g) => g.event === mark));
  const cursor = first.got.find((g) => g.event === mark)?.id;
  first.close();
  if (!cursor) return { ms: Number.NaN, problem: 'the event came without an SSE id' };
  const expected = await orderEvents(trading, missed);
  await until('the missed events to be logged', () => expected.every((e) => seen.has(e)));

  const sent = Date.now();
  const resumed = await sse(url, token, cursor);
  const last = expected.at(-1)!;
  await until('the replay', () => resumed.got.some((g) => g.event === last));
  const ms = resumed.got.find((g) => g.event === last)!.at - sent;
  const [live] = await orderEvents(trading, 1);
  await until('a live event after the replay', () => resumed.got.some((g) => g.event === live));
  resumed.close();
  const got = resumed.got.map((g) => g.event);
  const want = [...expected, live];
  if (got.length !== want.length || got.some((e, i) => e !== want[i])) {
    const at = got.findIndex((e, i) => e !== want[i]);
    return { ms, problem: `got ${got.length} events, expected ${want.length}; first off at ${at}` };
  }
  return { ms };
}

export async function runResume(options: ResumeOptions = {}): Promise<ResumeResult> {
  const missed = options.missed ?? 1_000;
  const rounds = options.rounds ?? 5;
  const log = options.log ?? (() => {});
  const children: RunningChild[] = [];
  try {
    const sandbox = await startChild('resume-sandbox', {
      module: 'servers/sandbox.ts',
      env: { BENCH_TRADER_COUNT: '1' },
    });
    children.push(sandbox);
    const trader = (sandbox.info.traders as Trader[])[0]!;
    const token = `bench_${randomBytes(24).toString('base64url')}`;
    const gateway = await startChild('resume-gateway', {
      module: 'servers/live-gateway.ts',
      env: {
        SVC_BASE_URL: String(sandbox.info.url),
        SVC_BROKER_ID: 'demo',
        UPSTREAM_LIMIT_SCALE: '1000000',
        CALLER_POINTS: '100000000',
        LOG_LEVEL: 'warn',
        BENCH_TRADERS: JSON.stringify([{ ...trader, token }]),
      },
    });
    children.push(gateway);
    const url = new URL(`${String(gateway.info.url)}/graphql`);
    const trading = tradingOf(String(sandbox.info.url), trader);
    const { seen, client } = watcher(url, token);
    await streamUp(trading, seen);
    const times: number[] = [];
    const problems: string[] = [];
    for (let i = 0; i <= rounds; i++) {
      // Round 0 warms the path up (V8 compiles the replay and the SSE writes): not measured.
      const r = await round({ url, token, trading, seen, missed: i === 0 ? 100 : missed });
      if (r.problem) problems.push(`round ${i}: ${r.problem}`);
      else if (i > 0) times.push(r.ms);
    }
    await client.dispose();
    times.sort((a, b) => a - b);
    log(`  resume: ${rounds} rounds of ${missed} missed events: ${times.join(', ')} ms`);
    return {
      resumeReplayMs: percentile(times, 50),
      maxMs: times.at(-1) ?? Number.NaN,
      missed,
      rounds,
      store: gateway.info.store === 'redis' ? 'redis' : 'memory',
      ok: problems.length === 0 && times.length === rounds,
      problems,
    };
  } finally {
    for (const child of children.reverse()) await child.stop();
  }
}
