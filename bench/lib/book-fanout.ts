/**
 * Live order book fan-out of one gateway replica (issue 25's `bookFanoutP99Ms`,
 * `bookFanoutCpuMsPerUpdate`). The sandbox and the gateway run in their own processes; this
 * one opens `subscribers` anonymous `orderBook(symbol, depth: 20)` subscriptions of one
 * symbol, first over SSE (one HTTP response each), then over graphql-ws (multiplexed over
 * `wsConnections` WebSockets), turns the sandbox's activity control on at `updatesPerSecond`
 * book updates for `durationS` seconds and times every delivery: receipt − the frame's
 * `timestamp`, which is the `ts` of the upstream push it shows (the sandbox's clock; same
 * host). p99 over every delivery is the time an update takes to reach (nearly) its last
 * subscriber.
 *
 * Every delivery is checked: its best bid must be below its best ask (a crossed book fails
 * the run loudly), its timestamp must be later than the subscriber's previous frame, and every
 * 50th subscriber also checks each frame whole (asks ascending, bids descending). At the end
 * every subscriber must hold the book of the last upstream update, and all of them the same
 * number of frames (at most 10 a second: the gateway coalesces).
 *
 * CPU per update: the gateway's CPU time (user + kernel, /proc) over the measured phase,
 * divided by the upstream updates in it (counted on a raw connection to the sandbox).
 */
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { BookTally as Tally } from './book-tally.ts';
import { cpuTimesUs } from './fanout.ts';
import { type RunningChild, startChild } from './processes.ts';
import { openSseSubscriber } from './sse-subscriber.ts';
import { UpdateCounter } from './update-counter.ts';
import { WsSubscriberConnection } from './ws-subscriber.ts';

export interface BookFanoutOptions {
  /** SSE subscribers (and graphql-ws subscribers). @default 5000 */
  subscribers?: number;
  /** WebSockets the graphql-ws subscribers share. @default 50 */
  wsConnections?: number;
  /** Measured seconds per transport. @default 30 */
  durationS?: number;
  /** Book updates a second at the sandbox. @default 10 */
  updatesPerSecond?: number;
  /** Seconds of updates to a few hundred subscribers before the measured phases. @default 3 */
  warmupS?: number;
  /** Skip graphql-ws. @default false */
  sseOnly?: boolean;
  /** V8 CPU profiles of the gateway's measured phases into this directory (`book-fanout-{sse,ws}.cpuprofile`). */
  profileDir?: string;
  log?: (line: string) => void;
}

export interface BookTransportFigures {
  subscribers: number;
  /** Upstream book updates during the measured phase. */
  updates: number;
  /** Frames each subscriber received in the phase (every subscriber the same). */
  framesPerSubscriber: number;
  delivered: number;
  failures: number;
  /** Deliveries whose best bid was at or above the best ask. Must be 0. */
  crossed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Gateway CPU (user + kernel) per upstream update, ms. */
  gatewayCpuMsPerUpdate: number | null;
  /** This process's (the subscribers') CPU per upstream update, ms. */
  clientCpuMsPerUpdate: number;
  loadAverage1m: number;
}

export interface BookFanoutResult {
  /** SSE: upstream update → last subscriber, p99 over every delivery. Target ≤ 100. */
  bookFanoutP99Ms: number;
  bookFanoutP50Ms: number;
  bookFanoutCpuMsPerUpdate: number | null;
  wsP99Ms: number | null;
  wsCpuMsPerUpdate: number | null;
  sse: BookTransportFigures;
  ws: BookTransportFigures | null;
  durationS: number;
  updatesPerSecond: number;
  /** The gateway's public upstream connections while every subscriber was open. */
  upstreamPublicConnections: number;
  /** Every subscriber got every frame, none crossed, nothing failed. */
  ok: boolean;
  problems: string[];
}

export const BOOK_FANOUT_TARGETS = { bookFanoutP99Ms: 100 } as const;

const SYMBOL = 'PERP_ETH_USDC';
const DEPTH = 20;
const QUERY = `subscription { orderBook(symbol: "${SYMBOL}", depth: ${DEPTH}) { timestamp asks { price quantity } bids { price quantity } } }`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load1m = () => Math.round(loadavg()[0]! * 100) / 100;

async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`GET ${url}: HTTP ${r.status}`);
  return (await r.json()) as T;
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`book fan-out: ${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

async function activity(sandboxUrl: string, bookUpdatesPerSecond: number): Promise<void> {
  const r = await fetch(`${sandboxUrl}/sandbox/markets/${SYMBOL}/activity`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ bookUpdatesPerSecond, tradesPerSecond: 0 }),
  });
  if (!r.ok) throw new Error(`activity control: HTTP ${r.status} ${await r.text()}`);
}

interface Subscribers {
  close(): Promise<void>;
}

async function openSse(graphqlUrl: URL, t: Tally): Promise<Subscribers> {
  const sockets: { destroy(): void }[] = [];
  for (let opened = 0; opened < t.subscribers; ) {
    const batch = Math.min(200, t.subscribers - opened);
    const next = Array.from({ length: batch }, (_, k) => {
      const i = opened + k;
      return openSseSubscriber({
        host: graphqlUrl.hostname,
        port: Number(graphqlUrl.port),
        path: graphqlUrl.pathname,
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ query: QUERY }),
        onBlock: (block) => {
          if (block.startsWith(':')) return; // keep-alive
          if (!block.startsWith('event: next\n')) t.fail(`SSE: ${block.slice(0, 200)}`);
          else t.frame(i, block, () => block.slice(block.indexOf('data: ') + 6));
        },
        onClose: (error) => {
          if (error) t.fail(`SSE closed: ${error.message}`);
        },
      });
    });
    sockets.push(...(await Promise.all(next)));
    opened += batch;
  }
  return {
    close: async () => {
      for (const s of sockets) s.destroy();
    },
  };
}

async function openWs(graphqlUrl: URL, t: Tally, connections: number): Promise<Subscribers> {
  const byConnection: Map<number, number>[] = [];
  const open = Array.from({ length: Math.min(connections, t.subscribers) }, (_, c) => {
    const ids = new Map<number, number>();
    byConnection.push(ids);
    return WsSubscriberConnection.open({
      url: graphqlUrl.href.replace(/^http/, 'ws'),
      onMessage: (id, type, text) => {
        const i = ids.get(id);
        if (i === undefined || type !== 'next')
          return t.fail(`graphql-ws ${type}: ${text.slice(0, 200)}`);
        t.frame(i, text, () => text.slice(text.indexOf('"payload":') + 10, -1));
      },
      onClose: (code) => {
        if (code !== 1000) t.fail(`graphql-ws closed ${code}`);
      },
    }).then((conn) => ({ conn, c }));
  });
  const conns = await Promise.all(open);
  for (let i = 0; i < t.subscribers; i++) {
    const { conn, c } = conns[i % conns.length]!;
    byConnection[c]!.set(conn.subscribe(QUERY), i);
  }
  return {
    close: async () => {
      for (const { conn } of conns) conn.close();
    },
  };
}

interface Env {
  /** Profiles the measured phases (the gateway's control writes them). */
  profiling: boolean;
  sandboxUrl: string;
  controlUrl: string;
  graphqlUrl: URL;
  gatewayPid: number;
  counter: UpdateCounter;
}

async function profile(controlUrl: string, action: 'start' | 'stop', name = ''): Promise<void> {
  const r = await fetch(`${controlUrl}/profile/${action}?name=${name}`, { method: 'POST' });
  if (r.status !== 200) throw new Error(`profile ${action}: HTTP ${r.status} ${await r.text()}`);
}

const bookListeners = async (controlUrl: string) =>
  (await getJson<{ listeners: number }>(`${controlUrl}/book?symbol=${SYMBOL}`)).listeners;

/** One transport's measured phase: open, every subscriber has the book, updates, drain. */
async function phase(
  env: Env,
  t: Tally,
  open: () => Promise<Subscribers>,
  durationS: number,
  rate: number,
  name = '',
): Promise<BookTransportFigures> {
  const subs = await open();
  try {
    await waitFor(
      'subscribers registered',
      async () => (await bookListeners(env.controlUrl)) === t.subscribers,
    );
    // Each one has the current book (the first frame, at once).
    await waitFor('first frames', () => t.lastTs.every((ts) => ts > 0));
    const updatesBefore = env.counter.count;
    const gatewayBefore = cpuTimesUs(env.gatewayPid);
    const clientBefore = process.cpuUsage();
    t.measuring = true;
    if (env.profiling && name) await profile(env.controlUrl, 'start');
    await activity(env.sandboxUrl, rate);
    await sleep(durationS * 1000);
    await activity(env.sandboxUrl, 0);
    // Drained: every subscriber shows the last update (the coalescer always sends the last state).
    await waitFor(
      'last update delivered',
      () => t.at(env.counter.lastTs) === t.subscribers,
      30_000,
    );
    t.measuring = false;
    const gatewayAfter = cpuTimesUs(env.gatewayPid);
    if (env.profiling && name) await profile(env.controlUrl, 'stop', name);
    const client = process.cpuUsage(clientBefore);
    const updates = env.counter.count - updatesBefore;
    const per = (us: number) => Math.round(us / Math.max(1, updates) / 10) / 100;
    return {
      subscribers: t.subscribers,
      updates,
      framesPerSubscriber: Math.max(...t.counts),
      delivered: t.delivered,
      failures: t.failures + (Math.min(...t.counts) === Math.max(...t.counts) ? 0 : 1),
      crossed: t.crossed,
      p50Ms: t.percentile(50),
      p99Ms: t.percentile(99),
      maxMs: t.max(),
      gatewayCpuMsPerUpdate:
        gatewayBefore && gatewayAfter
          ? per(gatewayAfter.user + gatewayAfter.system - gatewayBefore.user - gatewayBefore.system)
          : null,
      clientCpuMsPerUpdate: per(client.user + client.system),
      loadAverage1m: load1m(),
    };
  } finally {
    await activity(env.sandboxUrl, 0).catch(() => {});
    await subs.close();
    await waitFor(
      'subscribers gone',
      async () => (await bookListeners(env.controlUrl)) === 0,
      30_000,
    );
  }
}

function problemsOf(name: string, f: BookTransportFigures, t: Tally, durationS: number): string[] {
  const problems: string[] = [];
  if (f.crossed > 0)
    problems.push(`${name}: ${f.crossed} deliveries showed a CROSSED book (${t.sample})`);
  if (t.failures > 0) problems.push(`${name}: ${t.failures} bad deliveries (${t.sample})`);
  if (Math.min(...t.counts) !== Math.max(...t.counts)) {
    problems.push(
      `${name}: subscribers got ${Math.min(...t.counts)} to ${Math.max(...t.counts)} frames, not all the same`,
    );
  }
  if (f.framesPerSubscriber > 10 * (durationS + 1)) {
    problems.push(
      `${name}: ${f.framesPerSubscriber} frames in ${durationS} s, more than 10 a second`,
    );
  }
  if (f.updates === 0) problems.push(`${name}: the sandbox pushed no book update`);
  return problems;
}

async function startProcesses(
  subscribers: number,
  wsConnections: number,
  children: RunningChild[],
  profileDir: string | undefined,
) {
  const sandbox = await startChild('book-fanout-sandbox', {
    module: 'servers/sandbox.ts',
    env: { BENCH_TRADER_COUNT: '1' },
  });
  children.push(sandbox);
  const gateway = await startChild('book-fanout-gateway', {
    module: 'servers/live-gateway.ts',
    env: {
      SVC_BASE_URL: String(sandbox.info.url),
      SVC_BROKER_ID: 'demo',
      BENCH_TRADERS: '[]',
      // Anonymous subscribers from one IP: its caps and budgets out of the way.
      CALLER_POINTS: '1000000000',
      CALLER_ANON_POINTS: '100000000',
      CALLER_ANON_REQUESTS: '100000000',
      CONN_MAX_PER_IP: String(subscribers + wsConnections + 1_000),
      CONN_SSE_MAX_PER_IP: String(subscribers + 1_000),
      CONN_WS_MAX_PER_IP: String(wsConnections + 1_000),
      LOG_LEVEL: 'warn',
      ...(profileDir ? { FANOUT_PROFILE_DIR: profileDir } : {}),
    },
  });
  children.push(gateway);
  return { sandbox, gateway };
}

export async function runBookFanout(options: BookFanoutOptions = {}): Promise<BookFanoutResult> {
  const subscribers = options.subscribers ?? 5_000;
  const wsConnections = options.wsConnections ?? 50;
  const durationS = options.durationS ?? 30;
  const rate = options.updatesPerSecond ?? 10;
  const log = options.log ?? (() => {});
  const children: RunningChild[] = [];
  let counter: UpdateCounter | undefined;
  try {
    if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
    const { sandbox, gateway } = await startProcesses(
      subscribers,
      wsConnections,
      children,
      options.profileDir,
    );
    const sandboxUrl = String(sandbox.info.url);
    counter = await UpdateCounter.open(sandboxUrl, SYMBOL);
    const env: Env = {
      profiling: options.profileDir !== undefined,
      sandboxUrl,
      controlUrl: String(gateway.info.controlUrl),
      graphqlUrl: new URL(`${String(gateway.info.url)}/graphql`),
      gatewayPid: gateway.pid,
      counter,
    };
    const warmupS = options.warmupS ?? 3;
    if (warmupS > 0) {
      const warm = new Tally(Math.min(200, subscribers));
      await phase(env, warm, () => openSse(env.graphqlUrl, warm), warmupS, rate);
      log(`  warm-up: ${warmupS} s of updates to ${warm.subscribers} SSE subscribers`);
    }
    const upstream = { public: 0 };
    const sseTally = new Tally(subscribers);
    log(
      `  SSE: ${subscribers} subscribers of orderBook(depth: ${DEPTH}); ${rate} updates/s for ${durationS} s`,
    );
    const sse = await phase(
      env,
      sseTally,
      async () => {
        const subs = await openSse(env.graphqlUrl, sseTally);
        upstream.public = await publicConnections(sandboxUrl);
        return subs;
      },
      durationS,
      rate,
      'book-fanout-sse',
    );
    const problems = problemsOf('SSE', sse, sseTally, durationS);
    let ws: BookTransportFigures | null = null;
    if (!options.sseOnly) {
      const wsTally = new Tally(subscribers);
      log(`  graphql-ws: ${subscribers} subscribers over ${wsConnections} WebSockets`);
      ws = await phase(
        env,
        wsTally,
        () => openWs(env.graphqlUrl, wsTally, wsConnections),
        durationS,
        rate,
        'book-fanout-ws',
      );
      problems.push(...problemsOf('graphql-ws', ws, wsTally, durationS));
    }
    return {
      bookFanoutP99Ms: sse.p99Ms,
      bookFanoutP50Ms: sse.p50Ms,
      bookFanoutCpuMsPerUpdate: sse.gatewayCpuMsPerUpdate,
      wsP99Ms: ws?.p99Ms ?? null,
      wsCpuMsPerUpdate: ws?.gatewayCpuMsPerUpdate ?? null,
      sse,
      ws,
      durationS,
      updatesPerSecond: rate,
      // The bench's own counter holds one more: the gateway's is the rest.
      upstreamPublicConnections: upstream.public - 1,
      ok: problems.length === 0,
      problems,
    };
  } finally {
    counter?.close();
    for (const child of children.reverse()) await child.stop();
  }
}

async function publicConnections(sandboxUrl: string): Promise<number> {
  return (await getJson<{ data: { public: number } }>(`${sandboxUrl}/sandbox/connections`)).data
    .public;
}

/** The printed lines: each figure with its target and the load average when measured. */
export function bookFanoutLines(r: BookFanoutResult): string[] {
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const target = BOOK_FANOUT_TARGETS.bookFanoutP99Ms;
  const cpu = (ms: number | null) => (ms === null ? 'n/a' : `${ms} ms`);
  const lines = [
    `book fan-out: ${r.sse.subscribers} orderBook(depth: ${DEPTH}) subscribers of one replica, ${r.updatesPerSecond} updates/s for ${r.durationS} s, ${r.upstreamPublicConnections} upstream public connection(s)`,
    `  bookFanoutP99Ms           ${r.bookFanoutP99Ms} ms (target ≤ ${target}: ${mark(r.bookFanoutP99Ms <= target)}); p50 ${r.bookFanoutP50Ms} ms, max ${r.sse.maxMs} ms; ${r.sse.updates} updates, ${r.sse.framesPerSubscriber} frames each, crossed ${r.sse.crossed}; load ${r.sse.loadAverage1m}`,
    `  bookFanoutCpuMsPerUpdate  ${cpu(r.bookFanoutCpuMsPerUpdate)} (gateway, SSE); subscribers (this process) ${r.sse.clientCpuMsPerUpdate} ms`,
  ];
  if (r.ws) {
    lines.push(
      `  graphql-ws: p99 ${r.ws.p99Ms} ms (target ≤ ${target}: ${mark(r.ws.p99Ms <= target)}), p50 ${r.ws.p50Ms} ms, max ${r.ws.maxMs} ms; ${r.ws.updates} updates, ${r.ws.framesPerSubscriber} frames each, crossed ${r.ws.crossed}; gateway CPU ${cpu(r.ws.gatewayCpuMsPerUpdate)}/update; load ${r.ws.loadAverage1m}`,
    );
  }
  for (const p of r.problems) lines.push(`  PROBLEM: ${p}`);
  return lines;
}
