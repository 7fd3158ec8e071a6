/**
 * Measuring the request scenarios: each is set up, checked with one request and warmed up;
 * then all are measured in slices taken in turn (MEASURE_ORDER, every other slice backwards)
 * under load, then one request at a time, then the open-loop pair. Per slice this records the
 * CPU time of the server, the sandbox and the load generator (/proc) and the sandbox's
 * requests, so that paired figures can be taken slice by slice.
 */
import type { Measurements, SliceCost } from './figures.ts';
import { combineLoads, failureCount } from './load.ts';
import { type LoadSpec, preflight } from './load-spec.ts';
import { cpuTimeUs, type RunningChild } from './processes.ts';
import { LABELS, type ScenarioName } from './report.ts';
import type { BenchContext, Scenario } from './scenarios.ts';
import { sandboxControl } from './servers.ts';

export interface MeasureOptions {
  connections: number;
  warmupS: number;
  durationS: number;
  latencyS: number;
  openLoopS: number;
  slices: number;
  smoke: boolean;
  log: (line: string) => void;
}

export interface Measuring extends Measurements {
  scenario: Scenario;
  spec: LoadSpec;
  server: RunningChild | undefined;
  /** The sandbox behind the server (undefined when the sandbox is the server). */
  sandbox: RunningChild | undefined;
  failed: boolean;
}

/** The longest a warm-up goes on for its `warmupRequests`. */
const WARMUP_MAX_MS = 90_000;

/**
 * The warm-up: `warmupS` under load, then more rounds while the scenario's `warmupRequests`
 * are not answered yet (a smoke run warms by seconds only).
 */
async function warmUp(scenario: Scenario, spec: LoadSpec, ctx: BenchContext, o: MeasureOptions) {
  const round = { connections: o.connections, durationS: o.warmupS };
  const started = Date.now();
  let answered = (await ctx.load.closed(spec, round)).ok;
  const wanted = o.smoke ? 0 : (scenario.warmupRequests ?? 0);
  if (wanted === 0) return;
  while (answered < wanted && Date.now() - started < WARMUP_MAX_MS) {
    answered += (await ctx.load.closed(spec, { ...round, durationS: 2 })).ok;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  o.log(`  ${LABELS[scenario.name]}: warmed up with ${answered} requests in ${seconds} s`);
}

/** Set up, check and warm up each scenario; a failing one is reported and left out. */
export async function prepare(
  scenarios: Scenario[],
  ctx: BenchContext,
  options: MeasureOptions,
  problems: string[],
): Promise<Measuring[]> {
  const measuring: Measuring[] = [];
  for (const scenario of scenarios) {
    try {
      // Every scenario starts from an empty request log and empty rate-limit windows.
      await sandboxControl(ctx.servers.sandbox, 'POST', '/reset');
      await scenario.setup?.(ctx);
      const spec = scenario.spec(ctx);
      await preflight(scenario.name, spec);
      await warmUp(scenario, spec, ctx, options);
      measuring.push({
        scenario,
        spec,
        server: ctx.servers[scenario.server],
        // The ceiling has no upstream; the floor (2) is the sandbox itself.
        sandbox: ['sandbox', 'ceiling'].includes(scenario.server) ? undefined : ctx.servers.sandbox,
        failed: false,
        loads: [],
        costs: [],
        latencies: [],
        openLoop: [],
        openLoopRate: null,
      });
    } catch (error) {
      problems.push(`${scenario.name}: ${(error as Error).message}`);
      options.log(`  ${LABELS[scenario.name]}: FAILED`);
    }
  }
  return measuring;
}

const cpu = (child: RunningChild | undefined): number | null =>
  child ? cpuTimeUs(child.pid) : null;
const spent = (before: number | null, after: number | null): number | null =>
  before === null || after === null ? null : after - before;

/** One loaded slice of one scenario, with what it cost every process involved. */
async function loadedSlice(m: Measuring, ctx: BenchContext, options: MeasureOptions) {
  const sandbox = ctx.servers.sandbox;
  const calls =
    m.scenario.server === 'ceiling' ? null : await sandboxControl(sandbox, 'GET', '/count');
  const before = { server: cpu(m.server), sandbox: cpu(m.sandbox), load: ctx.load.cpuUs() };
  const result = await ctx.load.closed(m.spec, {
    connections: options.connections,
    durationS: options.durationS / options.slices,
  });
  const cost: SliceCost = {
    ok: result.ok,
    serverCpuUs: spent(before.server, cpu(m.server)),
    sandboxCpuUs: spent(before.sandbox, cpu(m.sandbox)),
    loadCpuUs: spent(before.load, ctx.load.cpuUs()),
    upstreamCalls: spent(
      calls,
      calls === null ? null : await sandboxControl(sandbox, 'GET', '/count'),
    ),
  };
  m.loads.push(result);
  m.costs.push(cost);
}

/** The slices, in turn: forwards on even slices, backwards on odd ones. */
async function inSlices(
  measuring: Measuring[],
  options: MeasureOptions,
  problems: string[],
  each: (m: Measuring) => Promise<void>,
): Promise<void> {
  for (let slice = 0; slice < options.slices; slice++) {
    const order = slice % 2 === 0 ? measuring : [...measuring].reverse();
    for (const m of order) {
      if (m.failed) continue;
      try {
        await each(m);
      } catch (error) {
        m.failed = true;
        problems.push(`${m.scenario.name}: ${(error as Error).message}`);
        options.log(`  ${LABELS[m.scenario.name]}: FAILED`);
      }
    }
  }
}

export async function measureAll(
  measuring: Measuring[],
  ctx: BenchContext,
  options: MeasureOptions,
  problems: string[],
): Promise<void> {
  await inSlices(measuring, options, problems, (m) => loadedSlice(m, ctx, options));
  await inSlices(measuring, options, problems, async (m) => {
    m.latencies.push(
      await ctx.load.closed(m.spec, {
        connections: 1,
        durationS: options.latencyS / options.slices,
      }),
    );
  });
  await measureOpenLoop(measuring, ctx, options, problems);
}

/**
 * `uncachedP99OpenLoop`: 2b′ and the uncached gateway at one fixed arrival rate, half of what
 * 2b′ answered under load, in slices taken in turn.
 */
async function measureOpenLoop(
  measuring: Measuring[],
  ctx: BenchContext,
  options: MeasureOptions,
  problems: string[],
): Promise<void> {
  const pair = (['ceilingCallTuned', 'accountUncached'] as ScenarioName[]).map((name) =>
    measuring.find((m) => m.scenario.name === name && !m.failed),
  );
  const [floor, gateway] = pair;
  if (!floor || !gateway || options.openLoopS <= 0) return;
  const answered = floor.loads.reduce((n, l) => n + l.ok, 0);
  const seconds = floor.loads.reduce((n, l) => n + l.durationS, 0);
  const rate = Math.max(1, (answered / seconds) * 0.5);
  options.log(`  open loop: ${Math.round(rate)} req/s (half of 2b′'s rate under load)`);
  for (const m of [floor, gateway]) m.openLoopRate = rate;
  await inSlices([floor, gateway], options, problems, async (m) => {
    m.openLoop.push(
      await ctx.load.open(m.spec, { rate, durationS: options.openLoopS / options.slices }),
    );
  });
}

/** The failed requests of a scenario's runs, as problems of the run. */
export function failuresOf(m: Measuring): string[] {
  return [m.loads, m.latencies, m.openLoop].flatMap((runs) => {
    const all = combineLoads(runs);
    const f = all.failures;
    if (failureCount(all) === 0) return [];
    return [
      `${m.scenario.name}: ${failureCount(all)} failed requests (non-2xx ${f.non2xx}, ` +
        `errors ${f.errors}, timeouts ${f.timeouts}, bad bodies ${f.mismatches})` +
        (all.sample ? `; e.g. ${all.sample}` : ''),
    ];
  });
}
