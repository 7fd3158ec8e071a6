/**
 * `npm run bench`: the gateway's performance benchmark. One run, one process tree: this
 * process drives the load (autocannon) and each server under test runs in its own child
 * process, started on port 0 and announced on a pipe (bench/lib/processes.ts). Per scenario:
 * reset the sandbox, set up, check one request, warm up; then every scenario is measured under
 * load in `--slices` slices taken in turn across the scenarios, then one request at a time, the
 * same way. See docs/performance.md.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { ed25519 } from '../src/auth/engines/index.ts';
import { RequestSigner } from '../src/auth/request-signature.ts';
import { type BenchOptions, parseBenchArgs, USAGE } from './lib/args.ts';
import { type BookFanoutResult, bookFanoutLines, runBookFanout } from './lib/book-fanout.ts';
import {
  type ConnectionFloodResult,
  describeConnectionFlood,
  runConnectionFlood,
} from './lib/connection-flood.ts';
import { type FanoutResult, runFanout } from './lib/fanout.ts';
import { type HostileResult, runHostile } from './lib/hostile.ts';
import {
  combineLoads,
  failureCount,
  type LoadResult,
  type LoadTarget,
  runLoad,
} from './lib/load.ts';
import {
  cpuTimeUs,
  killAllChildren,
  type RunningChild,
  runMain,
  startChild,
} from './lib/processes.ts';
import {
  bounds,
  figures,
  formatBounds,
  formatRatios,
  formatTable,
  LABELS,
  ratios,
  type ScenarioFigures,
  type ScenarioName,
  TARGETS,
  writeResults,
} from './lib/report.ts';
import { type ResumeResult, runResume } from './lib/resume.ts';
import { type BenchContext, SCENARIO_LIST, type ServerName, type Trader } from './lib/scenarios.ts';
import {
  runScreenFanout,
  type ScreenFanoutResult,
  screenFanoutLines,
} from './lib/screen-fanout.ts';

/**
 * Raises the sandbox's limits and the gateway's mirrored budget alike, for the benchmark only:
 * GET /v1/client/info allows 10 per 60 s per account, this makes it 10 million.
 */
const LIMIT_SCALE = 1_000_000;

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

const loadNow = (): number[] => loadavg().map((v) => Math.round(v * 100) / 100);

interface MachineFacts {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages as the run starts. */
  loadAverageAtStart: number[];
  loadAverageAtEnd?: number[];
}

function machine(): MachineFacts {
  return {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverageAtStart: loadNow(),
  };
}

function describeMachine(m: MachineFacts): string {
  return (
    `machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, node ${m.node} (${m.platform}); ` +
    `load average (1/5/15 min) ${m.loadAverageAtStart.join(' ')} at start, ` +
    `${m.loadAverageAtEnd?.join(' ') ?? '?'} at end` +
    // Two cores: a 1-minute load above ~0.5 means another process took CPU from the run.
    (Math.max(m.loadAverageAtStart[0]!, m.loadAverageAtEnd?.[0] ?? 0) > 0.5
      ? ' — the machine was busy: the figures are noisy'
      : '')
  );
}

async function preflight(name: ScenarioName, target: LoadTarget): Promise<void> {
  const { request } = target;
  const next = request.prepare?.(0) ?? {};
  const response = await fetch(`${target.url}${request.path}`, {
    method: request.method ?? 'GET',
    headers: next.headers ?? request.headers?.(0) ?? {},
    ...((next.body ?? request.body) !== undefined ? { body: next.body ?? request.body } : {}),
  });
  const body = await response.text();
  if (!response.ok || !target.verify(body)) {
    throw new Error(`${name}: preflight failed: HTTP ${response.status} ${body.slice(0, 500)}`);
  }
}

function describeFailures(name: ScenarioName, result: LoadResult): string {
  const f = result.failures;
  return (
    `${name}: ${failureCount(result)} failed requests (non-2xx ${f.non2xx}, errors ${f.errors}, ` +
    `timeouts ${f.timeouts}, bad bodies ${f.mismatches})${result.sample ? `; e.g. ${result.sample}` : ''}`
  );
}

async function startServers(
  options: BenchOptions,
  needed: Set<ServerName>,
): Promise<{ servers: Partial<Record<ServerName, RunningChild>>; traders: Trader[] }> {
  const servers: Partial<Record<ServerName, RunningChild>> = {};
  const profileDir = options.profileDir;
  const started = Date.now();
  // Every server but the ceiling sits in front of the sandbox, which holds the traders.
  const needsSandbox = [...needed].some((name) => name !== 'ceiling');
  const [sandbox, ceiling] = await Promise.all([
    needsSandbox
      ? startChild('sandbox', {
          module: 'servers/sandbox.ts',
          profileDir,
          env: {
            BENCH_LIMIT_SCALE: process.env.BENCH_SANDBOX_LIMITS ?? String(LIMIT_SCALE),
            BENCH_TRADER_COUNT: String(options.connections),
          },
        })
      : undefined,
    needed.has('ceiling')
      ? startChild('ceiling', { module: 'servers/ceiling.ts', profileDir })
      : undefined,
  ]);
  if (ceiling) servers.ceiling = ceiling;
  const traders: Trader[] = ((sandbox?.info.traders ?? []) as Omit<Trader, 'token'>[]).map(
    (account) => ({ ...account, token: `svcgw_bench_${randomBytes(24).toString('base64url')}` }),
  );
  if (sandbox) {
    servers.sandbox = sandbox;
    const upstream = { SVC_BASE_URL: sandbox.info.url, BENCH_TRADERS: JSON.stringify(traders) };
    const gateway = (cache: boolean) =>
      startChild(cache ? 'gateway-cached' : 'gateway-uncached', {
        module: 'servers/gateway.ts',
        profileDir,
        env: {
          ...upstream,
          CACHE_ENABLED: String(cache),
          UPSTREAM_LIMIT_SCALE: String(LIMIT_SCALE),
          // The bench measures the gateway, not the per-caller limits: out of the way.
          CALLER_POINTS: String(1e12),
          CALLER_ANON_POINTS: String(1e12 - 1),
        },
      });
    const [cached, uncached, ceilingCall, peer, hive] = await Promise.all([
      needed.has('gatewayCached') ? gateway(true) : undefined,
      needed.has('gatewayUncached') ? gateway(false) : undefined,
      needed.has('ceilingCall')
        ? startChild('ceiling-call', {
            module: 'servers/ceiling-call.ts',
            profileDir,
            env: upstream,
          })
        : undefined,
      needed.has('peer')
        ? startChild('peer', { module: 'peers/apollo-peer.ts', profileDir, env: upstream })
        : undefined,
      // Composes its supergraph from the sandbox's OpenAPI description as it starts.
      needed.has('hive')
        ? startChild('hive', {
            module: 'peers/hive-peer.ts',
            profileDir,
            env: upstream,
            readyTimeoutMs: 120_000,
          })
        : undefined,
    ]);
    if (cached) servers.gatewayCached = cached;
    if (uncached) servers.gatewayUncached = uncached;
    if (ceilingCall) servers.ceilingCall = ceilingCall;
    if (peer) servers.peer = peer;
    if (hive) {
      servers.hive = hive;
      log(`hive peer: supergraph composed in ${hive.info.composeMs} ms`);
    }
  }
  log(
    `servers up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${Object.entries(servers)
      .map(([name, child]) => `${name} pid ${child.pid}`)
      .join(', ')}`,
  );
  return { servers, traders };
}

/** Talks to the sandbox child's control server; the request count for GET /count. */
async function sandboxControl(
  servers: Partial<Record<ServerName, RunningChild>>,
  method: 'GET' | 'POST',
  path: '/count' | '/reset',
): Promise<number | null> {
  const controlUrl = servers.sandbox?.info.controlUrl;
  if (typeof controlUrl !== 'string') return null;
  const response = await fetch(`${controlUrl}${path}`, { method });
  if (!response.ok) throw new Error(`sandbox control ${method} ${path}: HTTP ${response.status}`);
  if (method === 'POST') {
    await response.arrayBuffer();
    return null;
  }
  return ((await response.json()) as { count: number }).count;
}

/** Mean cost of signing one request in this process, in microseconds. */
function signingCostUs(signer: RequestSigner, count: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    signer.headers({ method: 'GET', path: '/v1/client/info', timestamp: Date.now() });
  }
  return Number(process.hrtime.bigint() - start) / 1e3 / count;
}

async function main(): Promise<number> {
  let options: BenchOptions | 'help';
  try {
    options = parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    log(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options === 'help') {
    log(USAGE);
    return 0;
  }
  const opts = options;
  // In the order given (`--only 7,4` measures the peer first, to check the order's effect).
  const scenarios = [...new Set(opts.only)].flatMap((name) =>
    SCENARIO_LIST.filter((s) => s.name === name),
  );
  const needed = new Set<ServerName>(scenarios.map((s) => s.server));
  const perScenarioS = opts.warmupS + opts.durationS + opts.latencyS;
  // (9) fan-out runs with the full scenario list (not with --only): its own processes.
  const withFanout = scenarios.length === SCENARIO_LIST.length;
  // (10) hostile: with the full list or `--only hostile`; on the cached gateway.
  const withHostile = withFanout || opts.only.includes('hostile');
  if (withHostile) needed.add('gatewayCached');
  const budgetS =
    60 +
    scenarios.length * (perScenarioS + 10) +
    (withFanout
      ? 180 + 90 + (opts.smoke ? 60 : 240) + (opts.smoke ? 120 : 300) + (opts.smoke ? 60 : 120)
      : 0) +
    (withHostile ? opts.warmupS + 2 * opts.durationS + 30 : 0);
  const watchdog = setTimeout(() => {
    log(`bench: still running after ${budgetS} s; stopping`);
    killAllChildren();
    process.exit(1);
  }, budgetS * 1000);
  watchdog.unref();

  const info = machine();
  log(
    `bench: ${scenarios.length} scenarios × (${opts.warmupS} s warm-up + ${opts.durationS} s at ` +
      `${opts.connections} connections + ${opts.latencyS} s at 1 connection` +
      `${opts.slices > 1 ? `, each measured in ${opts.slices} slices taken in turn` : ''})` +
      `${opts.smoke ? ' [smoke]' : ''}; ${info.cpu}, ${info.cores} cores, node ${info.node}`,
  );

  if (info.loadAverageAtStart[0]! > 0.5) {
    log(
      `bench: warning: load average ${info.loadAverageAtStart[0]} before starting — something else is ` +
        'using the CPUs; figures will be noisy',
    );
  }
  const { servers, traders } = await startServers(opts, needed);
  const signers = new Map<number, RequestSigner>();
  const ctx: BenchContext = {
    servers,
    traders,
    signer: (index) => {
      const trader = traders[index];
      if (!trader) throw new Error(`no trader ${index}`);
      let signer = signers.get(index);
      if (!signer) {
        signer = new RequestSigner({ accountId: trader.accountId, secret: trader.secret });
        signers.set(index, signer);
      }
      return signer;
    },
  };

  const results: Partial<Record<ScenarioName, ScenarioFigures>> = {};
  const problems: string[] = [];
  /** A scenario set up, checked and warmed up, with what its slices have measured so far. */
  interface Measuring {
    scenario: (typeof scenarios)[number];
    target: LoadTarget;
    server: RunningChild | undefined;
    sandboxPid: number | undefined;
    loads: LoadResult[];
    latencies: LoadResult[];
    /** Server CPU, sandbox CPU and sandbox requests over the loaded slices (null: unknown). */
    cpuUs: number | null;
    sandboxCpuUs: number | null;
    upstreamCalls: number | null;
  }
  const measuring: Measuring[] = [];
  for (const scenario of scenarios) {
    try {
      // Every scenario starts from an empty request log and empty rate-limit windows.
      await sandboxControl(servers, 'POST', '/reset');
      await scenario.setup?.(ctx);
      const target = scenario.target(ctx);
      await preflight(scenario.name, target);
      await runLoad(target, { connections: opts.connections, durationS: opts.warmupS });
      measuring.push({
        scenario,
        target,
        server: servers[scenario.server],
        sandboxPid: scenario.server === 'sandbox' ? undefined : servers.sandbox?.pid,
        loads: [],
        latencies: [],
        cpuUs: 0,
        sandboxCpuUs: 0,
        upstreamCalls: scenario.server === 'ceiling' ? null : 0,
      });
    } catch (error) {
      problems.push(`${scenario.name}: ${(error as Error).message}`);
      log(`  ${LABELS[scenario.name]}: FAILED`);
    }
  }
  const add = (sum: number | null, before: number | null, after: number | null) =>
    sum === null || before === null || after === null ? null : sum + after - before;
  // The measurement of every scenario in slices, taken in turn: a moment when the shared
  // machine is slower falls on every scenario alike, not on whichever ran then.
  const failed = new Set<Measuring>();
  for (let slice = 0; slice < opts.slices; slice++) {
    for (const m of measuring) {
      if (failed.has(m)) continue;
      try {
        const before = await sandboxControl(servers, 'GET', '/count');
        const cpuBefore = m.server ? cpuTimeUs(m.server.pid) : null;
        const sandboxCpuBefore = m.sandboxPid === undefined ? null : cpuTimeUs(m.sandboxPid);
        m.loads.push(
          await runLoad(m.target, {
            connections: opts.connections,
            durationS: opts.durationS / opts.slices,
          }),
        );
        m.cpuUs = add(m.cpuUs, cpuBefore, m.server ? cpuTimeUs(m.server.pid) : null);
        m.sandboxCpuUs = add(
          m.sandboxCpuUs,
          sandboxCpuBefore,
          m.sandboxPid === undefined ? null : cpuTimeUs(m.sandboxPid),
        );
        m.upstreamCalls = add(
          m.upstreamCalls,
          before,
          await sandboxControl(servers, 'GET', '/count'),
        );
      } catch (error) {
        failed.add(m);
        problems.push(`${m.scenario.name}: ${(error as Error).message}`);
        log(`  ${LABELS[m.scenario.name]}: FAILED`);
      }
    }
  }
  for (let slice = 0; slice < opts.slices; slice++) {
    for (const m of measuring) {
      if (failed.has(m)) continue;
      m.latencies.push(
        await runLoad(m.target, { connections: 1, durationS: opts.latencyS / opts.slices }),
      );
    }
  }
  for (const m of measuring) {
    if (failed.has(m)) continue;
    const load = combineLoads(m.loads);
    const latency = combineLoads(m.latencies);
    for (const run of [load, latency]) {
      if (failureCount(run) > 0) problems.push(describeFailures(m.scenario.name, run));
    }
    const f = figures(load, latency, m.upstreamCalls, m.cpuUs);
    results[m.scenario.name] = f;
    log(
      `  ${LABELS[m.scenario.name]}: ${f.rps} req/s, p50 ${f.p50Ms} ms / p99 ${f.p99Ms} ms at 1 connection, ` +
        `p50 ${f.loadedP50Ms} ms under load (${Math.round(latency.rps)} req/s at 1 connection)` +
        // The sandbox shares the cores: its CPU per operation bounds the throughput too.
        (m.sandboxCpuUs !== null && load.ok > 0
          ? `; sandbox CPU ${Math.round(m.sandboxCpuUs / load.ok)} µs/op`
          : ''),
    );
  }

  let fanout: FanoutResult | null = null;
  if (withFanout) {
    log('(9) fan-out: one upstream event to every subscriber of one replica, SSE and graphql-ws');
    try {
      fanout = await runFanout(
        opts.smoke
          ? { subscribers: 100, wsConnections: 5, events: 5, intervalMs: 100, warmupEvents: 1 }
          : { subscribers: 5_000 },
      );
      if (!fanout.ok) problems.push('fanout: not every subscriber received every event');
      log(
        `  SSE p50 ${fanout.fanoutP50Ms} / p99 ${fanout.fanoutP99Ms} ms, ` +
          `${fanout.fanoutBytesPerSubscriber} B heap per subscriber (${fanout.sse.subscribers}); ` +
          `graphql-ws p50 ${fanout.wsP50Ms} / p99 ${fanout.wsP99Ms} ms`,
      );
    } catch (error) {
      problems.push(`fanout: ${(error as Error).message}`);
      log('  fan-out: FAILED');
    }
  }

  let hostile: HostileResult | null = null;
  if (withHostile) {
    log('(10) hostile: trader reads idle, then beside an anonymous flood from 127.0.0.2');
    try {
      hostile = await runHostile(ctx, {
        connections: opts.connections,
        floodConnections: opts.smoke ? 10 : 50,
        // Smoke: long enough for the flood to pass its budget and meet 429s.
        warmupS: opts.smoke ? 0.5 : opts.warmupS,
        durationS: opts.smoke ? 1 : opts.durationS,
        slices: opts.slices,
      });
      if (hostile.traderFailures > 0 || !Number.isFinite(hostile.hostileTraderP99Ratio)) {
        problems.push(`hostile: ${hostile.traderFailures} trader requests failed or none answered`);
      }
      log(
        `  trader p99 ${hostile.idle.p99Ms} ms idle, ${hostile.flood.p99Ms} ms beside the flood ` +
          `(hostileTraderP99Ratio ${hostile.hostileTraderP99Ratio}); flood answers/s ${JSON.stringify(hostile.floodRps)}`,
      );
    } catch (error) {
      problems.push(`hostile: ${(error as Error).message}`);
      log('  hostile: FAILED');
    }
  }

  // (12) book fan-out: with the full list too (its own processes; the sandbox's activity).
  let bookFanout: BookFanoutResult | null = null;
  if (withFanout) {
    log('(12) book fan-out: orderBook(depth: 20) subscribers of one replica at 10 book updates/s');
    try {
      bookFanout = await runBookFanout(
        opts.smoke
          ? { subscribers: 100, wsConnections: 5, durationS: 2, warmupS: 0, log }
          : { log },
      );
      for (const line of bookFanoutLines(bookFanout)) log(line);
      for (const p of bookFanout.problems) problems.push(`bookFanout: ${p}`);
    } catch (error) {
      problems.push(`bookFanout: ${(error as Error).message}`);
      log('  book fan-out: FAILED');
    }
  }

  // (13) trading screen fan-out: with the full list too (its own processes, 500 accounts).
  let screenFanout: ScreenFanoutResult | null = null;
  if (withFanout) {
    log(
      '(13) screen fan-out: tradingScreen(depth: 10) subscribers over 500 accounts, 10 book updates/s',
    );
    try {
      screenFanout = await runScreenFanout(
        opts.smoke ? { subscribers: 100, accounts: 10, durationS: 2, warmupS: 0, log } : { log },
      );
      for (const line of screenFanoutLines(screenFanout)) log(line);
      for (const p of screenFanout.problems) problems.push(`screenFanout: ${p}`);
    } catch (error) {
      problems.push(`screenFanout: ${(error as Error).message}`);
      log('  screen fan-out: FAILED');
    }
  }

  // (11) connection flood: with the full list too (its own processes, fd-limited gateway).
  let connectionFlood: ConnectionFloodResult | null = null;
  if (withFanout) {
    try {
      connectionFlood = await runConnectionFlood(opts.smoke ? { connections: 500 } : {});
      log(`  ${describeConnectionFlood(connectionFlood)}`);
      if (!connectionFlood.ok) problems.push(describeConnectionFlood(connectionFlood));
    } catch (error) {
      problems.push(`connectionFlood: ${(error as Error).message}`);
    }
  }

  // (14) resume: with the full list too (its own processes).
  let resume: ResumeResult | null = null;
  if (withFanout) {
    log('(14) resume: an SSE orderUpdates client back after missed events, with Last-Event-ID');
    try {
      resume = await runResume(
        opts.smoke ? { missed: 100, rounds: 1, log } : { missed: 1_000, rounds: 5, log },
      );
      log(
        `  resumeReplayMs ${resume.resumeReplayMs} ms (median; max ${resume.maxMs} ms) after ` +
          `${resume.missed} missed events, log in ${resume.store}`,
      );
      for (const p of resume.problems) problems.push(`resume: ${p}`);
    } catch (error) {
      problems.push(`resume: ${(error as Error).message}`);
      log('  resume: FAILED');
    }
  }

  const signingUs =
    traders.length > 0 ? signingCostUs(ctx.signer(0), opts.smoke ? 200 : 5_000) : Number.NaN;
  const ratioValues = ratios(results, fanout, hostile, bookFanout, screenFanout, resume);
  const { text: ratioText, missed } = formatRatios(ratioValues);
  const boundValues = bounds(results);
  const boundText = formatBounds(boundValues);
  info.loadAverageAtEnd = loadNow();
  process.stdout.write(
    `\n${formatTable(results)}\n\n${ratioText}\n${boundText ? `${boundText}\n` : ''}\n` +
      `${describeMachine(info)}\n` +
      (traders.length > 0
        ? `signing one request (ed25519, ${ed25519.name}) costs ${signingUs.toFixed(1)} µs here; ` +
          `the floor's client pays it before autocannon starts the clock.\n`
        : ''),
  );
  writeResults(opts.out, {
    scenarios: results,
    ratios: ratioValues,
    targets: { ...TARGETS, missed },
    bounds: boundValues,
    settings: {
      durationS: opts.durationS,
      warmupS: opts.warmupS,
      latencyS: opts.latencyS,
      slices: opts.slices,
      connections: opts.connections,
      smoke: opts.smoke,
    },
    fanout,
    bookFanout,
    screenFanout,
    resume,
    connectionFlood,
    hostile,
    signingUs: Number.isFinite(signingUs) ? Math.round(signingUs * 10) / 10 : null,
    machine: info,
    date: new Date().toISOString(),
  });
  log(`results written to ${opts.out}`);
  if (opts.smoke) {
    log('smoke: sub-second runs without a real warm-up check that every scenario works, not speed');
  }

  await Promise.all(Object.values(servers).map((child) => child.stop()));
  if (opts.profileDir) log(`CPU profiles in ${opts.profileDir}/`);
  if (problems.length > 0) {
    log(`\nbench: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    return 1;
  }
  return 0;
}

runMain('bench', main);
