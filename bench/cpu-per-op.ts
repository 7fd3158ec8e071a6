/**
 * In-process CPU per GraphQL operation, for A/B comparisons of the gateway's per-request
 * work while the machine is busy (throughput figures of `npm run bench` are then noise).
 * Runs one operation at a time through `yoga.fetch` (no sockets: the same for every variant)
 * against a cached gateway over an in-process sandbox, and prints the best of several rounds
 * — the least disturbed by other processes.
 *
 *   npx tsx bench/cpu-per-op.ts [--uncached | --canned] [--rounds 7] [--count 3000] > /dev/null
 * (stdout: the gateway's access log)
 *
 * `--uncached` reads through to a sandbox in a child process (its CPU is not this process's);
 * `--canned` the same with every upstream attempt answered at once by the sandbox's first
 * answer: the gateway's per-request work around the wire, without the wire.
 *
 * `--client` measures the upstream client alone, as the gateway builds it (metrics, logger at
 * info, deadline, cache off): one uncached `accountInfo` call at a time against the sandbox in
 * a child process, so this process's CPU is the client's own per call (socket I/O included),
 * and the median wall time of a call shows its latency at one connection. `--layers`: the same
 * without the wire — every attempt gets, at once, the answer the sandbox gave the first one —
 * for the CPU of the client's own layers (signature included).
 */
import { execFile } from 'node:child_process';
import { parseArgs } from 'node:util';
import { createMetrics } from '../src/admin/metrics.ts';
import { hashToken } from '../src/auth/principals.ts';
import { loadConfig } from '../src/config.ts';
import { createLogger } from '../src/observability/logger.ts';
import { createSandbox } from '../src/sandbox/index.ts';
import { createGateway } from '../src/server.ts';
import { registerUpstreamCallMetrics } from '../src/upstream/call-metrics.ts';
import { createUpstreamClient } from '../src/upstream/client.ts';
import { Deadline } from '../src/upstream/deadline.ts';
import type { Exchange } from '../src/upstream/exchange.ts';
import { createHttpExchange } from '../src/upstream/http-exchange.ts';
import { createMemoryStore } from '../src/upstream/stores/memory.ts';
import { cannedExchange } from './lib/canned-exchange.ts';
import { ACCOUNT_QUERY } from './lib/documents.ts';
import { startChild } from './lib/processes.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    count: { type: 'string', default: '3000' },
    uncached: { type: 'boolean', default: false },
    client: { type: 'boolean', default: false },
    layers: { type: 'boolean', default: false },
    canned: { type: 'boolean', default: false },
  },
});
if (values.client || values.layers) {
  await clientOnly(Number(values.rounds), Number(values.count), values.layers);
  process.exit(0);
}

// Uncached, the sandbox runs in a child process: its CPU per call is not the gateway's.
const sandbox = await startSandbox(values.uncached || values.canned);
const { trader } = sandbox;
const upstreamUrl = sandbox.url.replace(/\/$/, '');
const token = 'svcgw_cpu_per_op_token_0123456789abcdef';
const config = loadConfig({
  LOG_LEVEL: 'info',
  CACHE_ENABLED: String(!values.uncached && !values.canned),
  UPSTREAM_LIMIT_SCALE: '1000000',
  CALLER_POINTS: String(1e12),
  CALLER_ANON_POINTS: String(1e12 - 1),
  // Under callgrind everything runs ~50× slower: no deadline may cut a call short.
  ...(process.env.CPU_PER_OP_CALLGRIND === '1'
    ? { UPSTREAM_DEADLINE_MS: '600000', UPSTREAM_TIMEOUT_MS: '600000' }
    : {}),
});
const gateway = await createGateway({
  ...(values.canned ? { exchange: cannedExchange(createHttpExchange(upstreamUrl)) } : {}),
  config,
  upstreamUrl,
  keystore: {
    principals: [
      {
        label: 'cpu-per-op',
        tokenSha256: hashToken(token),
        accountId: trader.accountId,
        secret: trader.secret,
        tradingSecret: trader.tradingSecret,
        role: 'trader',
      },
    ],
  },
});
const body = JSON.stringify({ query: ACCOUNT_QUERY });
// A real client sends the body's length; without it the body-size limit re-streams the body
// (src/plugins/use-limits.ts), a path HTTP requests from the bench never take.
const contentLength = String(Buffer.byteLength(body));
const once = async (): Promise<void> => {
  const response = await gateway.yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': contentLength,
      authorization: `Bearer ${token}`,
    },
    body,
  });
  const text = await response.text();
  if (!text.startsWith('{"data"') || text.includes('"errors"')) throw new Error(text);
};
const count = Number(values.count);
for (let i = 0; i < count; i++) await once();
// Under `valgrind --tool=callgrind --instr-atstart=no`: count the measured operations only.
if (process.env.CPU_PER_OP_CALLGRIND === '1') await callgrindControl('on');
const perRound: number[] = [];
const systemPerRound: number[] = [];
for (let r = 0; r < Number(values.rounds); r++) {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) await once();
  const used = process.cpuUsage(start);
  perRound.push((used.user + used.system) / count);
  systemPerRound.push(used.system / count);
}
if (process.env.CPU_PER_OP_CALLGRIND === '1') await callgrindControl('off');
perRound.sort((a, b) => a - b);
process.stderr.write(
  `account ${values.canned ? 'uncached, canned wire' : values.uncached ? 'uncached' : 'cached'} via yoga.fetch: best ${perRound[0]!.toFixed(1)} µs/op, median ${perRound[perRound.length >> 1]!.toFixed(1)} µs/op (system ${systemPerRound.sort((a, b) => a - b)[systemPerRound.length >> 1]!.toFixed(1)}) (${values.rounds} rounds × ${count}; CPU of this process)\n`,
);
await gateway.close();
await sandbox.close();
process.exit(0);

interface BenchSandbox {
  url: string;
  trader: { accountId: string; secret: string; tradingSecret: string };
  close(): Promise<void>;
}

/** The sandbox in a child process (its CPU is not this one's), or in this process. */
async function startSandbox(inChild: boolean): Promise<BenchSandbox> {
  if (!inChild) {
    const sandbox = await createSandbox({ limits: { scale: 1e6 }, port: 0 });
    return { url: sandbox.url, trader: sandbox.demo!.trader, close: () => sandbox.close() };
  }
  const child = await startChild('cpu-per-op-sandbox', {
    module: 'servers/sandbox.ts',
    env: { BENCH_LIMIT_SCALE: '1000000' },
  });
  const [trader] = child.info.traders as BenchSandbox['trader'][];
  return { url: String(child.info.url), trader: trader!, close: () => child.stop() };
}

/** The `--client` mode (see the top of this file). */
async function clientOnly(rounds: number, count: number, layersOnly: boolean): Promise<void> {
  const child = await startSandbox(true);
  const { trader } = child;
  const config = loadConfig({
    LOG_LEVEL: 'info',
    CACHE_ENABLED: 'false',
    UPSTREAM_LIMIT_SCALE: '1000000',
  });
  const { baseUrl: _baseUrl, network: _network, ...upstreamConfig } = config.upstream;
  const metrics = createMetrics({ defaultMetrics: false });
  let exchange: Exchange | undefined;
  if (layersOnly) exchange = cannedExchange(createHttpExchange(child.url));
  const upstream = createUpstreamClient({
    ...(exchange ? { exchange } : {}),
    baseUrl: child.url,
    config: upstreamConfig,
    store: createMemoryStore(),
    telemetry: registerUpstreamCallMetrics(metrics.registry),
    logger: createLogger({ level: 'info' }),
  });
  const once = async (): Promise<void> => {
    const api = upstream
      .withDeadline(new Deadline(config.upstream.deadlineMs), 'cpu-per-op')
      .forAccount(trader);
    const info = await api.accountInfo();
    if (typeof info !== 'object' || info === null) throw new Error('no account info');
  };
  for (let i = 0; i < count; i++) await once();
  // Under `valgrind --tool=callgrind --instr-atstart=no`: count the measured calls only.
  const callgrind = process.env.CPU_PER_OP_CALLGRIND === '1';
  if (callgrind) await callgrindControl('on');
  const cpu: number[] = [];
  const system: number[] = [];
  const wall: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const times: number[] = [];
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      await once();
      times.push(performance.now() - t);
    }
    const used = process.cpuUsage(start);
    cpu.push((used.user + used.system) / count);
    system.push(used.system / count);
    times.sort((a, b) => a - b);
    wall.push(times[times.length >> 1]! * 1000);
  }
  if (callgrind) await callgrindControl('off');
  cpu.sort((a, b) => a - b);
  system.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  process.stderr.write(
    `upstream accountInfo, ${layersOnly ? 'client layers without the wire' : 'client only'}: best ${cpu[0]!.toFixed(1)} µs CPU/call, median ${cpu[cpu.length >> 1]!.toFixed(1)} (system ${system[system.length >> 1]!.toFixed(1)}); p50 wall per call best ${wall[0]!.toFixed(0)} µs, median ${wall[wall.length >> 1]!.toFixed(0)} µs (${rounds} rounds × ${count}; CPU of this process, sandbox in a child)\n`,
  );
  await upstream.close();
  await child.close();
}

/** Turns callgrind's instrumentation of this process on or off (the event loop keeps running). */
async function callgrindControl(state: 'on' | 'off'): Promise<void> {
  const tick = setInterval(() => {}, 5);
  await new Promise<void>((resolve, reject) =>
    execFile('callgrind_control', ['-i', state, String(process.pid)], (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  clearInterval(tick);
}
