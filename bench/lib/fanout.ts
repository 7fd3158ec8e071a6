/**
 * Live-update fan-out of one gateway replica (issue 17's `fanoutP99Ms`, `fanoutBytesPerSubscriber`).
 * The sandbox and the gateway run in their own processes; this one opens the subscribers to
 * `orderUpdates` of one account, first over SSE (one HTTP response each, as browsers do), then
 * over graphql-ws (multiplexed over `wsConnections` WebSockets), places `events` orders at
 * the sandbox one after the other and times every delivery: client receipt − the order
 * change's timestamp (the sandbox's clock; same host). The latency of an event is the time to
 * its last subscriber, so p99 over all deliveries is the figure the target speaks of.
 *
 * Heap per idle subscriber: the gateway's heap after a full GC with every subscriber open and
 * idle, minus the same before any subscriber, divided by the subscribers (sockets included).
 *
 * Events are paced (`intervalMs` apart) so each figure is the fan-out of one event, not the
 * queueing of a burst. On a shared machine the latencies follow its load; the CPU time the
 * gateway (and this client) spent per event while the events were delivered is the figure
 * to compare changes by (A/B, back to back). The client parses no JSON (it reads the timestamp with a regex) so the
 * bench process stays cheap next to the gateway on a small machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { type Client, createClient } from 'graphql-ws';
import { WebSocket } from 'ws';
import { OrderSigner } from '../../src/auth/order-signature.ts';
import { RequestSigner } from '../../src/auth/request-signature.ts';
import { type RunningChild, startChild } from './processes.ts';
import { openSseSubscriber } from './sse-subscriber.ts';

export interface FanoutOptions {
  /** SSE subscribers of the replica. @default 5000 */
  subscribers?: number;
  /** graphql-ws subscribers. @default `subscribers` */
  wsSubscribers?: number;
  /** WebSockets the graphql-ws subscribers share. @default 50 */
  wsConnections?: number;
  /** Orders placed (each one an event every subscriber receives). @default 20 */
  events?: number;
  /** Events to a few hundred subscribers before the measured ones (not counted). @default 3 */
  warmupEvents?: number;
  /** Pause between events, ms. @default 300 */
  intervalMs?: number;
  /** Skip graphql-ws (SSE only). @default false */
  sseOnly?: boolean;
  /** Progress lines. @default none */
  log?: (line: string) => void;
  /**
   * V8 CPU profiles of the gateway's delivery phases into this directory
   * (`fanout-sse-events.cpuprofile`, `fanout-ws-events.cpuprofile`).
   */
  profileDir?: string;
}

export interface TransportFigures {
  subscribers: number;
  delivered: number;
  expected: number;
  failures: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  bytesPerSubscriber: number;
  /** Gateway CPU time (user + system) per event while the events were delivered, ms. */
  gatewayCpuMsPerEvent: number | null;
  /** Of which in the kernel (socket writes), ms. */
  gatewaySystemCpuMsPerEvent: number | null;
  /** This process's (the subscribers') CPU time per event, ms: the client's share of the latency. */
  clientCpuMsPerEvent: number;
  /** Of which in the kernel (socket reads), ms. */
  clientSystemCpuMsPerEvent: number;
  loadAverage1m: number;
}

export interface FanoutResult {
  /** SSE: event → last subscriber, p99 over every delivery. Target ≤ 100. */
  fanoutP99Ms: number;
  fanoutP50Ms: number;
  /** SSE: gateway heap per idle subscriber, bytes. Target ≤ 16384. */
  fanoutBytesPerSubscriber: number;
  wsP99Ms: number | null;
  wsP50Ms: number | null;
  wsBytesPerSubscriber: number | null;
  sse: TransportFigures;
  ws: TransportFigures | null;
  events: number;
  intervalMs: number;
  upstreamPrivateConnections: number;
  /** Every subscriber received every event, nothing failed. */
  ok: boolean;
}

export const FANOUT_TARGETS = { fanoutP99Ms: 100, fanoutBytesPerSubscriber: 16_384 } as const;

const QUERY = 'subscription { orderUpdates { clientOrderId status timestamp } }';
const TIMESTAMP = /"timestamp":(\d+)/;
const CLIENT_ORDER_ID = /"clientOrderId":"([^"]*)"/;

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load1m = () => Math.round(loadavg()[0]! * 100) / 100;

async function getJson<T>(url: string): Promise<T> {
  return (await (await fetch(url)).json()) as T;
}

interface Trader {
  accountId: string;
  secret: string;
  tradingSecret: string;
}

interface Tally {
  latencies: number[];
  received: number;
  failures: number;
  /** The client order ids of the orders placed so far, in order: what each subscriber must get. */
  orderIds: string[];
}

const tally = (): Tally => ({ latencies: [], received: 0, failures: 0, orderIds: [] });

/**
 * One delivery to one subscriber: it must be the next order placed (every subscriber gets
 * every event, in order) and carry its timestamp; the latency is receipt − that timestamp.
 * `seen` is how many this subscriber had before.
 */
function onDelivery(t: Tally, seen: number, clientOrderId: string | undefined, ts: number): void {
  if (clientOrderId === undefined || clientOrderId !== t.orderIds[seen] || !Number.isFinite(ts)) {
    t.failures++;
    return;
  }
  t.latencies.push(Date.now() - ts);
  t.received++;
}

/** An `orderUpdates` SSE subscription on a connection of its own, once its response began. */
export function openOrderUpdates(
  url: URL,
  token: string,
  onBlock: (block: string) => void,
  onClose: (error?: Error) => void = () => {},
) {
  return openSseSubscriber({
    host: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ query: QUERY }),
    onBlock,
    onClose,
  });
}

/** One SSE subscriber on its own connection; resolves once the response began. */
async function openSse(url: URL, token: string, t: Tally): Promise<() => void> {
  let seen = 0;
  const socket = await openOrderUpdates(
    url,
    token,
    (block) => {
      if (block.startsWith(':')) return; // keep-alive
      if (!block.startsWith('event: next\n')) {
        t.failures++;
        return;
      }
      // No JSON parse: the fields by regex keep the bench process cheap (see the module comment).
      onDelivery(t, seen++, CLIENT_ORDER_ID.exec(block)?.[1], Number(TIMESTAMP.exec(block)?.[1]));
    },
    (error) => {
      if (error) t.failures++;
    },
  );
  return () => socket.destroy();
}

/** One graphql-ws subscriber on `client` (subscriptions multiplex over its WebSocket). */
function subscribeWs(client: Client, t: Tally): void {
  let seen = 0;
  client.subscribe(
    { query: QUERY },
    {
      next: (result) => {
        const update = (
          result.data as { orderUpdates?: { clientOrderId: string; timestamp: number } } | undefined
        )?.orderUpdates;
        if (!update) t.failures++;
        else onDelivery(t, seen++, update.clientOrderId, update.timestamp);
      },
      error: () => {
        t.failures++;
      },
      complete: () => {},
    },
  );
}

const wsClient = (graphqlUrl: URL, token: string): Client =>
  createClient({
    url: graphqlUrl.href.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    lazy: false,
    retryAttempts: 0,
    connectionParams: { authorization: `Bearer ${token}` },
    onNonLazyError: () => {},
  });

export async function waitListeners(
  controlUrl: string,
  count: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const hub = await getJson<{ accountListeners: number; accounts: number }>(`${controlUrl}/hub`);
    if (hub.accountListeners === count && (count === 0 || hub.accounts > 0)) return;
    if (Date.now() > deadline) {
      throw new Error(`${what}: ${hub.accountListeners} of ${count} subscribers registered`);
    }
    await sleep(50);
  }
}

async function placeOrders(
  sandboxUrl: string,
  trader: Trader,
  events: number,
  intervalMs: number,
  orderIds: string[],
): Promise<void> {
  const signer = new RequestSigner({ accountId: trader.accountId, secret: trader.secret });
  const orderSigner = new OrderSigner(trader.tradingSecret);
  for (let i = 0; i < events; i++) {
    const params = {
      symbol: 'PERP_ETH_USDC',
      order_type: 'LIMIT',
      side: 'BUY',
      order_price: 2000,
      order_quantity: 0.01,
      client_order_id: `fan${i}_${randomBytes(3).toString('hex')}`,
    };
    // Known before the event can arrive: each delivery is checked against it.
    orderIds.push(params.client_order_id);
    const body = JSON.stringify({ ...params, signature: orderSigner.sign(params) });
    const headers = signer.headers({
      method: 'POST',
      path: '/v1/order',
      body,
      timestamp: Date.now(),
      tradingKey: orderSigner.tradingKey,
    });
    const r = await fetch(`${sandboxUrl}/v1/order`, { method: 'POST', headers, body });
    if (r.status !== 200) throw new Error(`order ${i}: HTTP ${r.status} ${await r.text()}`);
    await sleep(intervalMs);
  }
}

async function collect(t: Tally, expected: number): Promise<void> {
  const until = Date.now() + 60_000;
  while (t.received + t.failures < expected && Date.now() < until) await sleep(20);
}

/**
 * User and system CPU time a process has used so far, µs, from /proc (Linux; null elsewhere).
 * The system share is mostly the socket writes (on loopback the sender's write also runs the
 * receiver's TCP path). Kernel ticks are 10 ms, fine over a phase of seconds.
 */
export function cpuTimesUs(pid: number): { user: number; system: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const user = Number(fields[11]) * 10_000;
    const system = Number(fields[12]) * 10_000;
    return Number.isFinite(user + system) ? { user, system } : null;
  } catch {
    return null;
  }
}

const msPer = (us: number, events: number) => Math.round(us / events / 100) / 10;

/** CPU time of the gateway and of this process over a phase of `events` events. */
function cpuMeter(gatewayPid: number, events: number) {
  const gateway = cpuTimesUs(gatewayPid);
  const client = process.cpuUsage();
  return (): Pick<
    TransportFigures,
    | 'gatewayCpuMsPerEvent'
    | 'gatewaySystemCpuMsPerEvent'
    | 'clientCpuMsPerEvent'
    | 'clientSystemCpuMsPerEvent'
  > => {
    const now = cpuTimesUs(gatewayPid);
    const used = process.cpuUsage(client);
    const known = gateway !== null && now !== null;
    return {
      gatewayCpuMsPerEvent: known
        ? msPer(now.user + now.system - gateway.user - gateway.system, events)
        : null,
      gatewaySystemCpuMsPerEvent: known ? msPer(now.system - gateway.system, events) : null,
      clientCpuMsPerEvent: msPer(used.user + used.system, events),
      clientSystemCpuMsPerEvent: msPer(used.system, events),
    };
  };
}

/** Profiles the gateway between `start` and `stop` when profiling was asked for. */
async function phaseProfile(controlUrl: string, on: boolean, action: 'start' | 'stop', name = '') {
  if (!on) return;
  const r = await fetch(`${controlUrl}/profile/${action}?name=${name}`, { method: 'POST' });
  if (r.status !== 200) throw new Error(`profile ${action}: HTTP ${r.status} ${await r.text()}`);
}

function figuresOf(
  t: Tally,
  subscribers: number,
  expected: number,
  bytes: number,
  cpu: Pick<
    TransportFigures,
    | 'gatewayCpuMsPerEvent'
    | 'gatewaySystemCpuMsPerEvent'
    | 'clientCpuMsPerEvent'
    | 'clientSystemCpuMsPerEvent'
  >,
): TransportFigures {
  t.latencies.sort((a, b) => a - b);
  return {
    ...cpu,
    subscribers,
    delivered: t.received,
    expected,
    failures: t.failures,
    p50Ms: percentile(t.latencies, 50),
    p99Ms: percentile(t.latencies, 99),
    maxMs: t.latencies[t.latencies.length - 1] ?? Number.NaN,
    bytesPerSubscriber: Math.round(bytes),
    loadAverage1m: load1m(),
  };
}

export async function runFanout(options: FanoutOptions = {}): Promise<FanoutResult> {
  const subscribers = options.subscribers ?? 5_000;
  const wsSubscribers = options.sseOnly ? 0 : (options.wsSubscribers ?? subscribers);
  const wsConnections = Math.min(options.wsConnections ?? 50, Math.max(1, wsSubscribers));
  const events = options.events ?? 20;
  const intervalMs = options.intervalMs ?? 300;
  const log = options.log ?? (() => {});

  const children: RunningChild[] = [];
  try {
    const sandbox = await startChild('fanout-sandbox', {
      module: 'servers/sandbox.ts',
      env: { BENCH_TRADER_COUNT: '1' },
    });
    children.push(sandbox);
    const trader = (sandbox.info.traders as Trader[])[0]!;
    const token = `bench_${randomBytes(24).toString('base64url')}`;
    const gateway = await startChild('fanout-gateway', {
      module: 'servers/live-gateway.ts',
      env: {
        ...(options.profileDir ? { FANOUT_PROFILE_DIR: options.profileDir } : {}),
        SVC_BASE_URL: String(sandbox.info.url),
        SVC_BROKER_ID: 'demo',
        UPSTREAM_LIMIT_SCALE: '1000000',
        // Every subscriber receives every event; the queue must hold a burst of all of them.
        SUBSCRIPTION_QUEUE_MAX: String(Math.max(256, events * 2)),
        // Every subscriber is the same caller: no per-caller budget in the way.
        CALLER_POINTS: '100000000',
        CALLER_ANON_POINTS: '1000',
        // Thousands of streams from one IP and one caller: the connection caps out of the way.
        CONN_SSE_MAX_PER_IP: String(subscribers + 1_000),
        CONN_SSE_MAX_PER_PRINCIPAL: String(subscribers + 1_000),
        CONN_WS_MAX_PER_IP: String(wsConnections + 1_000),
        CONN_WS_MAX_PER_PRINCIPAL: String(wsConnections + 1_000),
        LOG_LEVEL: 'warn',
        BENCH_TRADERS: JSON.stringify([{ ...trader, token }]),
      },
    });
    children.push(gateway);
    const controlUrl = String(gateway.info.controlUrl);
    const graphqlUrl = new URL(`${String(gateway.info.url)}/graphql`);
    const memory = async () => (await getJson<NodeJS.MemoryUsage>(`${controlUrl}/memory`)).heapUsed;

    // Warm-up, as every other scenario has one: a few events to a few hundred subscribers of
    // each transport, so that the measured events run the delivery path compiled by V8 rather
    // than its first pass (the first event's last delivery took 2-3x the later ones').
    const warmEvents = options.warmupEvents ?? 3;
    if (warmEvents > 0) {
      const warm = tally();
      const sseWarm = Math.min(200, subscribers);
      const wsWarm = Math.min(200, wsSubscribers);
      const warmClosers = await Promise.all(
        Array.from({ length: sseWarm }, () => openSse(graphqlUrl, token, warm)),
      );
      const warmClient = wsWarm > 0 ? wsClient(graphqlUrl, token) : undefined;
      for (let i = 0; i < wsWarm; i++) subscribeWs(warmClient!, warm);
      await waitListeners(controlUrl, sseWarm + wsWarm, 'warm-up');
      await sleep(300);
      await placeOrders(String(sandbox.info.url), trader, warmEvents, intervalMs, warm.orderIds);
      await collect(warm, (sseWarm + wsWarm) * warmEvents);
      if (warm.failures > 0 || warm.received !== (sseWarm + wsWarm) * warmEvents) {
        throw new Error(
          `fan-out warm-up: ${warm.received} of ${(sseWarm + wsWarm) * warmEvents} delivered, ${warm.failures} failures`,
        );
      }
      for (const close of warmClosers) close();
      await warmClient?.dispose();
      await waitListeners(controlUrl, 0, 'warm-up close');
      log(
        `  warm-up: ${warmEvents} event(s) to ${sseWarm} SSE and ${wsWarm} graphql-ws subscribers`,
      );
    }

    // SSE: one response per subscriber, opened a few hundred at a time.
    const sse = tally();
    const before = await memory();
    const closers: (() => void)[] = [];
    for (let opened = 0; opened < subscribers; ) {
      const batch = Math.min(200, subscribers - opened);
      closers.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => openSse(graphqlUrl, token, sse)),
        )),
      );
      opened += batch;
    }
    await waitListeners(controlUrl, subscribers, 'SSE');
    // The private stream is up (a listener count alone does not say so): give it a moment.
    await sleep(300);
    const sseBytes = ((await memory()) - before) / subscribers;
    const upstream = await getJson<{ data: { private: Record<string, number> } }>(
      `${sandbox.info.url}/sandbox/connections`,
    );
    log(`  SSE: ${subscribers} subscribers open; placing ${events} orders ${intervalMs} ms apart`);
    const profiling = options.profileDir !== undefined;
    if (profiling) mkdirSync(options.profileDir!, { recursive: true });
    await phaseProfile(controlUrl, profiling, 'start');
    let cpu = cpuMeter(gateway.pid, events);
    await placeOrders(String(sandbox.info.url), trader, events, intervalMs, sse.orderIds);
    await collect(sse, subscribers * events);
    const sseCpu = cpu();
    await phaseProfile(controlUrl, profiling, 'stop', 'fanout-sse-events');
    const sseFigures = figuresOf(sse, subscribers, subscribers * events, sseBytes, sseCpu);
    for (const close of closers) close();
    await waitListeners(controlUrl, 0, 'SSE close');

    let wsFigures: TransportFigures | null = null;
    if (wsSubscribers > 0) {
      const ws = tally();
      const wsBefore = await memory();
      const clients = Array.from({ length: wsConnections }, () => wsClient(graphqlUrl, token));
      for (let i = 0; i < wsSubscribers; i++) subscribeWs(clients[i % wsConnections]!, ws);
      await waitListeners(controlUrl, wsSubscribers, 'graphql-ws');
      await sleep(300);
      const wsBytes = ((await memory()) - wsBefore) / wsSubscribers;
      log(`  graphql-ws: ${wsSubscribers} subscribers over ${wsConnections} WebSockets`);
      await phaseProfile(controlUrl, profiling, 'start');
      cpu = cpuMeter(gateway.pid, events);
      await placeOrders(String(sandbox.info.url), trader, events, intervalMs, ws.orderIds);
      await collect(ws, wsSubscribers * events);
      const wsCpu = cpu();
      await phaseProfile(controlUrl, profiling, 'stop', 'fanout-ws-events');
      wsFigures = figuresOf(ws, wsSubscribers, wsSubscribers * events, wsBytes, wsCpu);
      for (const client of clients) await client.dispose();
    }

    const ok = (f: TransportFigures | null) =>
      f === null || (f.delivered === f.expected && f.failures === 0);
    return {
      fanoutP99Ms: sseFigures.p99Ms,
      fanoutP50Ms: sseFigures.p50Ms,
      fanoutBytesPerSubscriber: sseFigures.bytesPerSubscriber,
      wsP99Ms: wsFigures?.p99Ms ?? null,
      wsP50Ms: wsFigures?.p50Ms ?? null,
      wsBytesPerSubscriber: wsFigures?.bytesPerSubscriber ?? null,
      sse: sseFigures,
      ws: wsFigures,
      events,
      intervalMs,
      upstreamPrivateConnections: Object.values(upstream.data.private).reduce((a, b) => a + b, 0),
      ok: ok(sseFigures) && ok(wsFigures),
    };
  } finally {
    for (const child of children.reverse()) await child.stop();
  }
}

const cpuText = (ms: number | null, system?: number | null) =>
  ms === null ? 'n/a' : `${ms} ms${system == null ? '' : ` (kernel ${system} ms)`}`;

/** The printed lines: each figure with its target and the load average when measured. */
export function fanoutLines(r: FanoutResult): string[] {
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const t = FANOUT_TARGETS;
  const lines = [
    `fan-out: ${r.sse.subscribers} SSE subscribers of one replica, ${r.events} events ${r.intervalMs} ms apart, ${r.upstreamPrivateConnections} upstream private connection(s)`,
    `  fanoutP99Ms               ${r.fanoutP99Ms} ms (target ≤ ${t.fanoutP99Ms}: ${mark(r.fanoutP99Ms <= t.fanoutP99Ms)}); p50 ${r.fanoutP50Ms} ms, max ${r.sse.maxMs} ms; delivered ${r.sse.delivered}/${r.sse.expected}; load ${r.sse.loadAverage1m}`,
    `  fanoutBytesPerSubscriber  ${r.fanoutBytesPerSubscriber} B (target ≤ ${t.fanoutBytesPerSubscriber}: ${mark(r.fanoutBytesPerSubscriber <= t.fanoutBytesPerSubscriber)})`,
    `  SSE CPU per event: gateway ${cpuText(r.sse.gatewayCpuMsPerEvent, r.sse.gatewaySystemCpuMsPerEvent)}, subscribers (this process) ${cpuText(r.sse.clientCpuMsPerEvent, r.sse.clientSystemCpuMsPerEvent)}`,
  ];
  if (r.ws) {
    lines.push(
      `  graphql-ws: ${r.ws.subscribers} subscribers: p99 ${r.ws.p99Ms} ms (target ≤ ${t.fanoutP99Ms}: ${mark(r.ws.p99Ms <= t.fanoutP99Ms)}), p50 ${r.ws.p50Ms} ms, max ${r.ws.maxMs} ms; heap ${r.ws.bytesPerSubscriber} B/subscriber (target ≤ ${t.fanoutBytesPerSubscriber}: ${mark(r.ws.bytesPerSubscriber <= t.fanoutBytesPerSubscriber)}); delivered ${r.ws.delivered}/${r.ws.expected}; load ${r.ws.loadAverage1m}`,
      `  graphql-ws CPU per event: gateway ${cpuText(r.ws.gatewayCpuMsPerEvent, r.ws.gatewaySystemCpuMsPerEvent)}, subscribers (this process) ${cpuText(r.ws.clientCpuMsPerEvent, r.ws.clientSystemCpuMsPerEvent)}`,
    );
  }
  return lines;
}
