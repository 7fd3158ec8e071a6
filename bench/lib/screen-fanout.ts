/**
 * Trading screen fan-out of one gateway replica (issue 27's `screenFanoutP99Ms`). The sandbox
 * and the gateway run in their own processes; this one gives each of `accounts` traders a
 * position and a resting order (placeOrder through the gateway), opens `subscribers` SSE
 * `tradingScreen(symbol, depth: 10)` subscriptions spread evenly over those accounts (one
 * screen per account, shared by its subscribers), turns the sandbox's activity control on at
 * `updatesPerSecond` book updates for `durationS` seconds and times every book update each
 * subscriber is shown: receipt − the frame's `book.timestamp` (the upstream push's `ts`, the
 * sandbox's clock; same host). p99 over those is the time an update takes to reach (nearly)
 * the last screen of the last account.
 *
 * Checked: no frame crossed, `sequence` only increasing per subscriber, every subscriber
 * shows the last upstream update once the updates stop, every subscriber of an account shows
 * the same last frame (one computation), at most 10 frames a second each, and the screens
 * gone once the subscribers are (cleanup on the last unsubscribe).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuTimesUs } from './fanout.ts';
import { type RunningChild, startChild } from './processes.ts';
import { ScreenTally } from './screen-tally.ts';
import { openSseSubscriber } from './sse-subscriber.ts';
import { loadNow } from './standalone.ts';
import { UpdateCounter } from './update-counter.ts';

export interface ScreenFanoutOptions {
  /** SSE subscribers. @default 5000 */
  subscribers?: number;
  /** Accounts they are spread over (one screen each). @default 500 */
  accounts?: number;
  /** Measured seconds. @default 30 */
  durationS?: number;
  /** Book updates a second at the sandbox. @default 10 */
  updatesPerSecond?: number;
  /** Seconds of updates before the measured ones. @default 3 */
  warmupS?: number;
  /** A V8 CPU profile of the gateway's measured phase into this directory (`screen-fanout.cpuprofile`). */
  profileDir?: string;
  log?: (line: string) => void;
}

export interface ScreenFanoutResult {
  /** Upstream book update → last subscriber's frame, p99 over every subscriber and update. Target ≤ 150. */
  screenFanoutP99Ms: number;
  screenFanoutP50Ms: number;
  maxMs: number;
  subscribers: number;
  accounts: number;
  updates: number;
  /** Frames a subscriber received in the measured phase, at most. */
  framesPerSubscriber: number;
  /** Frames the gateway computed in the measured phase (shared by each screen's subscribers). */
  framesComputed: number;
  delivered: number;
  crossed: number;
  failures: number;
  /** Gateway CPU (user + kernel) per upstream update, ms. */
  gatewayCpuMsPerUpdate: number | null;
  loadAverage1m: number;
  durationS: number;
  updatesPerSecond: number;
  ok: boolean;
  problems: string[];
}

export const SCREEN_FANOUT_TARGETS = { screenFanoutP99Ms: 150 } as const;

const SYMBOL = 'PERP_ETH_USDC';
const QUERY = `subscription { tradingScreen(symbol: "${SYMBOL}", depth: 10) { sequence book { timestamp asks { price quantity } bids { price quantity } } markPrice coherent openOrders { orderId side price remainingQuantity } positions { quantity unrealizedPnl estLiquidationPrice } balances { token holding } funding { estFundingRate fundingInMs } } }`;
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { __typename ... on Error { code message } } }`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Env {
  sandboxUrl: string;
  controlUrl: string;
  graphqlUrl: URL;
  gatewayPid: number;
  tokens: string[];
  counter: UpdateCounter;
  profiling: boolean;
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`screen fan-out: ${what}: not within ${ms} ms`);
    await sleep(50);
  }
}

async function post(url: string, body: unknown, token?: string): Promise<string> {
  const r = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`POST ${url}: HTTP ${r.status} ${text.slice(0, 300)}`);
  return text;
}

const activity = (env: Env, bookUpdatesPerSecond: number) =>
  post(`${env.sandboxUrl}/sandbox/markets/${SYMBOL}/activity`, {
    bookUpdatesPerSecond,
    tradesPerSecond: 0,
  });

const screens = async (env: Env) =>
  (await (await fetch(`${env.controlUrl}/screens`)).json()) as {
    screens: number;
    subscribers: number;
    frames: number;
  };

/** Each account: a long position and a resting bid far below the market (setup, unmeasured). */
async function prepareAccounts(env: Env): Promise<void> {
  const orders = [
    { symbol: SYMBOL, orderType: 'MARKET', side: 'BUY', orderQuantity: 0.01 },
    { symbol: SYMBOL, orderType: 'LIMIT', side: 'BUY', orderPrice: 2_000, orderQuantity: 0.02 },
  ];
  for (let a = 0; a < env.tokens.length; a += 25) {
    const batch = env.tokens.slice(a, a + 25).flatMap((token) =>
      orders.map(async (input) => {
        const text = await post(env.graphqlUrl.href, { query: PLACE, variables: { input } }, token);
        if (!text.includes('PlaceOrderSuccess'))
          throw new Error(`placeOrder: ${text.slice(0, 300)}`);
      }),
    );
    await Promise.all(batch);
  }
}

async function openSubscribers(env: Env, t: ScreenTally): Promise<{ destroy(): void }[]> {
  const perAccount = t.subscribers / env.tokens.length;
  const sockets: { destroy(): void }[] = [];
  for (let opened = 0; opened < t.subscribers; ) {
    const batch = Math.min(200, t.subscribers - opened);
    const next = Array.from({ length: batch }, (_, k) => {
      const i = opened + k;
      return openSseSubscriber({
        host: env.graphqlUrl.hostname,
        port: Number(env.graphqlUrl.port),
        path: env.graphqlUrl.pathname,
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          authorization: `Bearer ${env.tokens[Math.floor(i / perAccount)]}`,
        },
        body: JSON.stringify({ query: QUERY }),
        onBlock: (block) => {
          if (block.startsWith(':')) return; // keep-alive
          if (!block.startsWith('event: next\n')) t.fail(`SSE: ${block.slice(0, 200)}`);
          else t.frame(i, block);
        },
        onClose: (error) => {
          if (error) t.fail(`SSE closed: ${error.message}`);
        },
      });
    });
    sockets.push(...(await Promise.all(next)));
    opened += batch;
  }
  return sockets;
}

async function profile(env: Env, action: 'start' | 'stop'): Promise<void> {
  if (!env.profiling) return;
  const name = action === 'stop' ? 'screen-fanout' : '';
  await post(`${env.controlUrl}/profile/${action}?name=${name}`, {});
}

/** The measured phase: updates for `durationS`, then every subscriber shows the last one. */
async function measure(env: Env, t: ScreenTally, durationS: number, rate: number) {
  const updatesBefore = env.counter.count;
  const framesBefore = (await screens(env)).frames;
  const cpuBefore = cpuTimesUs(env.gatewayPid);
  t.measuring = true;
  await profile(env, 'start');
  await activity(env, rate);
  await sleep(durationS * 1000);
  await activity(env, 0);
  await waitFor('last update shown', () => t.at(env.counter.lastTs) === t.subscribers, 30_000);
  t.measuring = false;
  const cpuAfter = cpuTimesUs(env.gatewayPid);
  await profile(env, 'stop');
  const updates = env.counter.count - updatesBefore;
  const cpuUs =
    cpuBefore && cpuAfter
      ? cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system
      : null;
  return {
    updates,
    framesComputed: (await screens(env)).frames - framesBefore,
    gatewayCpuMsPerUpdate:
      cpuUs === null ? null : Math.round(cpuUs / Math.max(1, updates) / 10) / 100,
  };
}

async function startProcesses(
  accounts: number,
  subscribers: number,
  children: RunningChild[],
  dir: string,
  profileDir?: string,
) {
  const tradersFile = join(dir, 'traders.json');
  const sandbox = await startChild('screen-fanout-sandbox', {
    module: 'servers/sandbox.ts',
    env: { BENCH_TRADER_COUNT: String(accounts), BENCH_TRADERS_OUT: tradersFile },
    readyTimeoutMs: 120_000,
  });
  children.push(sandbox);
  const traders = (JSON.parse(readFileSync(tradersFile, 'utf8')) as object[]).map((t) => ({
    ...t,
    token: `svcgw_bench_${randomBytes(24).toString('base64url')}`,
  }));
  writeFileSync(tradersFile, JSON.stringify(traders));
  const gateway = await startChild('screen-fanout-gateway', {
    module: 'servers/live-gateway.ts',
    env: {
      SVC_BASE_URL: String(sandbox.info.url),
      SVC_BROKER_ID: 'demo',
      BENCH_TRADERS_FILE: tradersFile,
      UPSTREAM_LIMIT_SCALE: '1000000',
      CALLER_POINTS: '1000000000',
      CONN_MAX_PER_IP: String(subscribers + 1_000),
      CONN_SSE_MAX_PER_IP: String(subscribers + 1_000),
      SCREEN_MAX: String(accounts + 10),
      LOG_LEVEL: 'warn',
      ...(profileDir ? { FANOUT_PROFILE_DIR: profileDir } : {}),
    },
  });
  children.push(gateway);
  return { sandbox, gateway, tokens: traders.map((t) => t.token) };
}

function problemsOf(
  r: Omit<ScreenFanoutResult, 'ok' | 'problems'>,
  t: ScreenTally,
  perAccount: number,
) {
  const problems: string[] = [];
  if (r.crossed > 0) problems.push(`${r.crossed} frames showed a CROSSED book (${t.sample})`);
  if (t.failures > 0) problems.push(`${t.failures} bad frames (${t.sample})`);
  const unshared = t.unshared(perAccount);
  if (unshared > 0) problems.push(`${unshared} accounts' subscribers show different last frames`);
  if (r.framesPerSubscriber > 10 * (r.durationS + 1)) {
    problems.push(`${r.framesPerSubscriber} frames in ${r.durationS} s: more than 10 a second`);
  }
  if (r.updates === 0) problems.push('the sandbox pushed no book update');
  return problems;
}

export async function runScreenFanout(
  options: ScreenFanoutOptions = {},
): Promise<ScreenFanoutResult> {
  const subscribers = options.subscribers ?? 5_000;
  const accounts = options.accounts ?? 500;
  if (subscribers % accounts !== 0) throw new Error('subscribers must be a multiple of accounts');
  const durationS = options.durationS ?? 30;
  const rate = options.updatesPerSecond ?? 10;
  const log = options.log ?? (() => {});
  const children: RunningChild[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'screen-fanout-'));
  let counter: UpdateCounter | undefined;
  let sockets: { destroy(): void }[] = [];
  try {
    if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
    const p = await startProcesses(accounts, subscribers, children, dir, options.profileDir);
    const sandboxUrl = String(p.sandbox.info.url);
    counter = await UpdateCounter.open(sandboxUrl, SYMBOL);
    const env: Env = {
      sandboxUrl,
      controlUrl: String(p.gateway.info.controlUrl),
      graphqlUrl: new URL(`${String(p.gateway.info.url)}/graphql`),
      gatewayPid: p.gateway.pid,
      tokens: p.tokens,
      counter,
      profiling: options.profileDir !== undefined,
    };
    log(`  ${accounts} accounts: a position and a resting order each`);
    await prepareAccounts(env);
    const t = new ScreenTally(subscribers);
    log(
      `  ${subscribers} SSE tradingScreen(depth: 10) subscribers, ${subscribers / accounts} per account`,
    );
    sockets = await openSubscribers(env, t);
    await waitFor('screens up', async () => {
      const s = await screens(env);
      return s.screens === accounts && s.subscribers === subscribers;
    });
    await waitFor('first frames', () => t.lastSequence.every((n) => n > 0));
    const warmupS = options.warmupS ?? 3;
    if (warmupS > 0) {
      await activity(env, rate);
      await sleep(warmupS * 1000);
      await activity(env, 0);
    }
    log(`  ${rate} book updates/s for ${durationS} s`);
    const m = await measure(env, t, durationS, rate);
    const figures = {
      screenFanoutP99Ms: t.percentile(99),
      screenFanoutP50Ms: t.percentile(50),
      maxMs: t.max(),
      subscribers,
      accounts,
      ...m,
      framesPerSubscriber: Math.max(...t.counts),
      delivered: t.delivered,
      crossed: t.crossed,
      failures: t.failures,
      loadAverage1m: loadNow(),
      durationS,
      updatesPerSecond: rate,
    };
    const problems = problemsOf(figures, t, subscribers / accounts);
    for (const s of sockets.splice(0)) s.destroy();
    await waitFor('screens gone', async () => (await screens(env)).screens === 0, 30_000).catch(
      (error: Error) => problems.push(error.message),
    );
    return { ...figures, ok: problems.length === 0, problems };
  } finally {
    for (const s of sockets) s.destroy();
    counter?.close();
    for (const child of children.reverse()) await child.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The printed lines: the figure with its target and the load average when it was measured. */
export function screenFanoutLines(r: ScreenFanoutResult): string[] {
  const target = SCREEN_FANOUT_TARGETS.screenFanoutP99Ms;
  const met = r.screenFanoutP99Ms <= target ? 'met' : 'NOT met';
  const cpu = r.gatewayCpuMsPerUpdate === null ? 'n/a' : `${r.gatewayCpuMsPerUpdate} ms`;
  const lines = [
    `screen fan-out: ${r.subscribers} tradingScreen(depth: 10) SSE subscribers over ${r.accounts} accounts of one replica, ${r.updatesPerSecond} book updates/s for ${r.durationS} s`,
    `  screenFanoutP99Ms   ${r.screenFanoutP99Ms} ms (target ≤ ${target}: ${met}); p50 ${r.screenFanoutP50Ms} ms, max ${r.maxMs} ms; ${r.updates} updates, ${r.framesPerSubscriber} frames each at most, ${r.framesComputed} computed (${r.accounts} screens), crossed ${r.crossed}; load ${r.loadAverage1m}`,
    `  gateway CPU ${cpu} per book update`,
  ];
  for (const p of r.problems) lines.push(`  PROBLEM: ${p}`);
  return lines;
}
