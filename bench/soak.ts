/**
 * `npm run bench:soak [-- --duration S --connections N --traders N --redis URL]`: a steady
 * mixed load on the gateway for 60 s — account reads, order reads, placeOrder with unique
 * client ids — then a report: requests served, errors by code, p50/p99 latency, and the
 * gateway process's memory (RSS, heap) before, during and after.
 *
 * The gateway runs in a child process of its own (honest memory figures, read from its
 * /metrics); the sandbox (limits raised) and the load loop run here. Each connection is a
 * closed loop: it sends its next request when the previous answer arrived. Every answer is
 * parsed and classified. At the end, the orders the sandbox holds are compared with the
 * successful placeOrders: one order per success, none missing, none twice.
 *
 * Exit code 1 when any request failed or the order count does not match.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { generateToken, hashToken, type KeystoreEntry } from '../src/auth/principals.ts';
import { generateDemoAccount } from '../src/sandbox/demo.ts';
import { createSandbox, type Sandbox } from '../src/sandbox/index.ts';
import { killAllChildren, type RunningChild, runMain, startChild } from './lib/processes.ts';

const USAGE = `usage: npm run bench:soak -- [options]
  --duration S      seconds of load (default 60)
  --connections N   concurrent closed-loop connections (default 16)
  --traders N       accounts the load is spread over (default 8)
  --redis URL       gateway stores in Redis (unique key prefix) instead of memory
  --help`;

/** Raises the sandbox's limits and the gateway's mirrored budget alike (soak only). */
const LIMIT_SCALE = 1_000_000;
/** One request in ten of each kind: 5 account reads, 3 order reads, 2 orders. */
const MIX = [
  'account',
  'account',
  'order',
  'account',
  'place',
  'account',
  'order',
  'account',
  'order',
  'place',
] as const;
type Kind = (typeof MIX)[number];
const KINDS: readonly Kind[] = ['account', 'order', 'place'];
const LABEL: Record<Kind, string> = { account: 'account', order: 'order', place: 'placeOrder' };

const ACCOUNT = 'query SoakAccount { account { id maxLeverage feeRates { kind makerFeeRate } } }';
const ORDER = `query SoakOrder($id: String!) {
  order(clientOrderId: $id) { clientOrderId status executedQuantity }
}`;
const PLACE = `mutation SoakPlace($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on PlaceOrderSuccess { receipt { clientOrderId orderId } }
    ... on Error { code message }
  }
}`;

interface Options {
  durationS: number;
  connections: number;
  traders: number;
  redisUrl: string | undefined;
}

interface Trader {
  token: string;
  entry: KeystoreEntry;
  /** client_order_ids of this trader's successful orders, most recent last (bounded). */
  recent: string[];
}

interface Memory {
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
}

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

function parseOptions(argv: string[]): Options | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string', default: '60' },
      connections: { type: 'string', default: '16' },
      traders: { type: 'string', default: '8' },
      redis: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const positive = (text: string, name: string): number => {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name}: a positive number`);
    return value;
  };
  return {
    durationS: positive(values.duration, 'duration'),
    connections: Math.round(positive(values.connections, 'connections')),
    traders: Math.round(positive(values.traders, 'traders')),
    redisUrl: values.redis,
  };
}

/** Latencies in ms; nearest-rank percentiles. */
class Samples {
  readonly values: number[] = [];
  percentile(p: number): number {
    const sorted = Float64Array.from(this.values).sort();
    if (sorted.length === 0) return Number.NaN;
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
  }
}

class Tally {
  readonly served = new Map<Kind, number>(KINDS.map((k) => [k, 0]));
  readonly latency = new Map<Kind | 'all', Samples>(
    [...KINDS, 'all' as const].map((k) => [k, new Samples()]),
  );
  /** `code` → count; codes from GraphQL errors, union members, HTTP or the network. */
  readonly errors = new Map<string, number>();
  readonly errorSamples: string[] = [];
  /** client_order_ids of the successful placeOrders. */
  readonly placed = new Set<string>();

  record(kind: Kind, ms: number, codes: string[], sample?: string): void {
    this.served.set(kind, this.served.get(kind)! + 1);
    this.latency.get(kind)!.values.push(ms);
    this.latency.get('all')!.values.push(ms);
    for (const code of codes) this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
    if (codes.length > 0 && sample && this.errorSamples.length < 5) {
      this.errorSamples.push(`${LABEL[kind]}: ${sample}`);
    }
  }
}

const MiB = (bytes: number): number => Math.round((bytes / 2 ** 20) * 10) / 10;

/** Memory after a full collection in the gateway process (its control server). */
async function collectedMemoryOf(controlUrl: string): Promise<Memory | undefined> {
  const response = await fetch(`${controlUrl}/gc`, { method: 'POST' });
  const m = (await response.json()) as {
    collected: boolean;
    rss: number;
    heapUsed: number;
    heapTotal: number;
  };
  if (!m.collected) return undefined;
  return { rssMiB: MiB(m.rss), heapUsedMiB: MiB(m.heapUsed), heapTotalMiB: MiB(m.heapTotal) };
}

/** Memory as the gateway's /metrics (admin listener) reports it (prom-client process metrics). */
async function memoryOf(adminUrl: string): Promise<Memory> {
  const text = await (await fetch(`${adminUrl}/metrics`)).text();
  const metric = (name: string): number => {
    const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+]+)$`, 'm').exec(text);
    if (!match) throw new Error(`/metrics has no ${name}`);
    return MiB(Number(match[1]));
  };
  return {
    rssMiB: metric('process_resident_memory_bytes'),
    heapUsedMiB: metric('nodejs_heap_size_used_bytes'),
    heapTotalMiB: metric('nodejs_heap_size_total_bytes'),
  };
}

interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** One request of `kind` as trader `t`; classifies and records the answer. */
async function send(
  gatewayUrl: string,
  kind: Kind,
  t: Trader,
  nextId: () => string,
  tally: Tally,
  sequence: number,
): Promise<void> {
  let query = ACCOUNT;
  let variables: Record<string, unknown> | undefined;
  let clientOrderId: string | undefined;
  const known = t.recent[sequence % Math.max(1, t.recent.length)];
  if (kind === 'order' && known) {
    query = ORDER;
    variables = { id: known };
  } else if (kind === 'place') {
    clientOrderId = nextId();
    query = PLACE;
    // Resting limit buys, and market orders that fill and keep the position flat.
    const input =
      sequence % 3 === 0
        ? { orderType: 'LIMIT', side: 'BUY', orderPrice: 2_000, orderQuantity: 0.1 }
        : { orderType: 'MARKET', side: sequence % 3 === 1 ? 'BUY' : 'SELL', orderQuantity: 0.01 };
    variables = { input: { symbol: 'PERP_ETH_USDC', clientOrderId, ...input } };
  }
  const started = performance.now();
  let codes: string[];
  let sample: string | undefined;
  try {
    const response = await fetch(`${gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.token}` },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    codes = classify(kind, response.status, text);
    if (codes.length > 0) sample = text.slice(0, 300);
    else if (clientOrderId) {
      tally.placed.add(clientOrderId);
      t.recent.push(clientOrderId);
      if (t.recent.length > 200) t.recent.shift();
    }
  } catch (error) {
    codes = [(error as Error).name === 'TimeoutError' ? 'CLIENT_TIMEOUT' : 'NETWORK'];
    sample = String((error as Error).cause ?? error);
  }
  tally.record(kind, performance.now() - started, codes, sample);
}

/** Error codes of one answer: [] for a success. */
function classify(kind: Kind, status: number, text: string): string[] {
  let body: GraphQLAnswer;
  try {
    body = JSON.parse(text) as GraphQLAnswer;
  } catch {
    return [`HTTP_${status}_NOT_JSON`];
  }
  const codes = (body.errors ?? []).map((e) => e.extensions?.code ?? 'NO_CODE');
  if (codes.length > 0) return codes;
  if (status !== 200) return [`HTTP_${status}`];
  const data = body.data ?? {};
  if (kind === 'place') {
    const result = data.placeOrder as { __typename?: string; code?: string } | null;
    if (result?.__typename !== 'PlaceOrderSuccess') return [result?.code ?? 'NO_RESULT'];
  } else if (!data.account && !data.order) {
    return ['NO_DATA'];
  }
  return [];
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const mem = (m: Memory): string =>
  `rss ${m.rssMiB} MiB, heap used ${m.heapUsedMiB} MiB of ${m.heapTotalMiB} MiB`;

function report(
  options: Options,
  tally: Tally,
  elapsedS: number,
  memory: {
    before: Memory;
    after: Memory;
    samples: Memory[];
    collected: { before: Memory; after: Memory } | undefined;
  },
  orders: OrderCheck,
  upstreamRequests: number,
  load: { start: number; end: number },
): string {
  const all = tally.latency.get('all')!;
  const total = all.values.length;
  const lines = [
    '',
    `soak: ${elapsedS.toFixed(1)} s, ${options.connections} connections, ${options.traders} traders, ` +
      `mix 50% account / 30% order / 20% placeOrder, store ${options.redisUrl ? 'redis' : 'memory'}, cache on`,
    `requests served    ${total} (${(total / elapsedS).toFixed(1)}/s)`,
  ];
  for (const kind of KINDS) {
    const samples = tally.latency.get(kind)!;
    lines.push(
      `  ${LABEL[kind].padEnd(16)} ${String(tally.served.get(kind)).padStart(8)}   ` +
        `p50 ${ms(samples.percentile(0.5))}   p99 ${ms(samples.percentile(0.99))}`,
    );
  }
  const errorCount = [...tally.errors.values()].reduce((a, b) => a + b, 0);
  lines.push(
    `errors by code     ${
      errorCount === 0
        ? 'none'
        : [...tally.errors].map(([code, count]) => `${code} ${count}`).join(', ')
    }`,
    `latency            p50 ${ms(all.percentile(0.5))}   p99 ${ms(all.percentile(0.99))}   ` +
      `max ${ms(all.percentile(1))}`,
    `gateway memory     before: ${mem(memory.before)}`,
    `                   after:  ${mem(memory.after)}`,
    `                   rss during (MiB): ${memory.samples.map((m) => m.rssMiB).join(' → ')}`,
    `                   heap used during (MiB): ${memory.samples.map((m) => m.heapUsedMiB).join(' → ')}`,
    memory.collected
      ? `                   after a full GC, before: ${mem(memory.collected.before)}\n` +
          `                   after a full GC, after:  ${mem(memory.collected.after)}`
      : '                   (no full-GC figures: the gateway was started without --expose-gc)',
    `orders             ${tally.placed.size} placed, ${orders.inSandbox} in the sandbox: ` +
      `${orders.duplicates} twice, ${orders.missing} missing, ${orders.unreported} not reported placed`,
    `upstream requests  ${upstreamRequests} (sandbox request log)`,
    `machine            ${availableParallelism()} cores, load average ${load.start} at start, ` +
      `${load.end} at end (other processes skew the figures)`,
  );
  for (const sample of tally.errorSamples) lines.push(`  e.g. ${sample}`);
  return `${lines.join('\n')}\n`;
}

interface OrderCheck {
  inSandbox: number;
  /** Orders beyond the first per client_order_id (or without one: the gateway always sets it). */
  duplicates: number;
  /** Successful placeOrders the sandbox does not hold. */
  missing: number;
  /** Orders the sandbox holds that no placeOrder reported as placed. */
  unreported: number;
}

/** Compares the sandbox's orders with the successful placeOrders. */
function checkOrders(sandbox: Sandbox, traders: Trader[], placed: Set<string>): OrderCheck {
  const seen = new Map<string, number>();
  let inSandbox = 0;
  let duplicates = 0;
  for (const t of traders) {
    for (const order of sandbox.orders(t.entry.accountId)) {
      inSandbox++;
      const id = order.clientOrderId;
      if (id === null || seen.has(id)) duplicates++;
      if (id !== null) seen.set(id, (seen.get(id) ?? 0) + 1);
    }
  }
  const missing = [...placed].filter((id) => !seen.has(id)).length;
  const unreported = [...seen.keys()].filter((id) => !placed.has(id)).length;
  return { inSandbox, duplicates, missing, unreported };
}

async function main(): Promise<number> {
  let options: Options | 'help';
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    log(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    log(USAGE);
    return 0;
  }
  const opts = options;
  const watchdog = setTimeout(
    () => {
      log('soak: still running long after its duration; stopping');
      killAllChildren();
      process.exit(1);
    },
    (opts.durationS + 120) * 1000,
  );
  watchdog.unref();

  const sandbox = await createSandbox({ limits: { scale: LIMIT_SCALE } });
  const traders: Trader[] = Array.from({ length: opts.traders }, (_, i) => {
    const { credentials, seed } = generateDemoAccount('demo', 'trader');
    sandbox.registerAccount(seed);
    const token = generateToken();
    return {
      token,
      recent: [],
      entry: {
        label: `soak-${i}`,
        role: 'trader',
        tokenSha256: hashToken(token),
        accountId: credentials.accountId,
        secret: credentials.secret,
        tradingSecret: credentials.tradingSecret,
      },
    };
  });
  const run = randomBytes(4).toString('hex');
  let gateway: RunningChild | undefined;
  try {
    gateway = await startChild('soak-gateway', {
      module: 'servers/soak-gateway.ts',
      env: {
        SVC_BASE_URL: sandbox.url,
        SOAK_KEYSTORE: JSON.stringify({ principals: traders.map((t) => t.entry) }),
        UPSTREAM_LIMIT_SCALE: String(LIMIT_SCALE),
        // The soak measures memory over time, not the per-caller limits: out of the way.
        CALLER_POINTS: String(1e12),
        CALLER_ANON_POINTS: String(1e12 - 1),
        LOG_LEVEL: 'warn',
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim(),
        ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl, REDIS_KEY_PREFIX: `svc-soak-${run}` } : {}),
      },
    });
    const url = gateway.info.url;
    const controlUrl = String(gateway.info.controlUrl);
    const adminUrl = String(gateway.info.adminUrl);
    log(
      `soak: gateway pid ${gateway.pid} at ${url}; sandbox in this process at ${sandbox.url}; ` +
        `${opts.durationS} s of load at ${opts.connections} connections`,
    );

    const collectedBefore = await collectedMemoryOf(controlUrl);
    const before = await memoryOf(adminUrl);
    const samples: Memory[] = [before];
    const tally = new Tally();
    let counter = 0;
    // ≤ 36 characters: "soak-" + 8 hex + "-" + counter.
    const nextId = () => `soak-${run}-${++counter}`;
    const sampleEveryMs = Math.max(1_000, (opts.durationS * 1000) / 6);
    const sampler = setInterval(() => {
      memoryOf(adminUrl).then(
        (m) => samples.push(m),
        () => undefined,
      );
    }, sampleEveryMs);

    const loadStart = Math.round(loadavg()[0]! * 100) / 100;
    const started = performance.now();
    const deadline = started + opts.durationS * 1000;
    let sequence = 0;
    await Promise.all(
      Array.from({ length: opts.connections }, async (_, connection) => {
        const trader = traders[connection % traders.length]!;
        while (performance.now() < deadline) {
          const n = sequence++;
          await send(url, MIX[n % MIX.length]!, trader, nextId, tally, n);
        }
      }),
    );
    const elapsedS = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = await memoryOf(adminUrl);
    samples.push(after);
    const collectedAfter = await collectedMemoryOf(controlUrl);
    const collected =
      collectedBefore && collectedAfter
        ? { before: collectedBefore, after: collectedAfter }
        : undefined;

    const orders = checkOrders(sandbox, traders, tally.placed);
    process.stdout.write(
      report(
        opts,
        tally,
        elapsedS,
        { before, after, samples, collected },
        orders,
        sandbox.requestLog.length,
        { start: loadStart, end: Math.round(loadavg()[0]! * 100) / 100 },
      ),
    );
    const failed =
      tally.errors.size > 0 || orders.duplicates + orders.missing + orders.unreported > 0;
    return failed ? 1 : 0;
  } finally {
    await gateway?.stop();
    await sandbox.close();
  }
}

runMain('soak', main);
