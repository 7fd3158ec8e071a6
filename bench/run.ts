/**
 * `npm run bench`: the gateway's performance benchmark. This process only steers: every server
 * under test runs in its own child process (bench/lib/servers.ts) and so does the load
 * generator (bench/lib/load-worker.ts), pinned to a CPU of its own where the machine allows
 * (bench/lib/pinning.ts). A full run makes two passes, on Node 24 then on Node 20
 * (bench/lib/node-binary.ts); each measures every request scenario in slices taken in turn
 * (bench/lib/measure.ts), and the first also runs fan-out, hostile and connection-flood runs.
 * See docs/performance.md.
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { type BenchOptions, parseBenchArgs, USAGE } from './lib/args.ts';
import { type NodeBinary, resolveNode } from './lib/node-binary.ts';
import { type PassResult, runPass } from './lib/pass.ts';
import { describePinning, type Pinning, planPinning } from './lib/pinning.ts';
import { killAllChildren, runMain } from './lib/processes.ts';
import { TARGETS } from './lib/ratios.ts';
import {
  formatBounds,
  formatOpenLoop,
  formatRatios,
  formatTable,
  writeResults,
} from './lib/report.ts';

const log = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

const loadNow = (): number[] => loadavg().map((v) => Math.round(v * 100) / 100);

interface MachineFacts {
  cpu: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  /** The Node of each pass, in order. */
  nodes: string[];
  pinning: Pinning;
  /** 1, 5 and 15 minute load averages as the run starts and as it ends. */
  loadAverageAtStart: number[];
  loadAverageAtEnd?: number[];
}

function describeMachine(m: MachineFacts): string {
  const busy = Math.max(m.loadAverageAtStart[0]!, m.loadAverageAtEnd?.[0] ?? 0) > 0.5;
  return (
    `machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, ${m.platform}; node ${m.nodes.join(' then ')}; ` +
    `${describePinning(m.pinning)}; load average (1/5/15 min) ${m.loadAverageAtStart.join(' ')} ` +
    `at start, ${m.loadAverageAtEnd?.join(' ') ?? '?'} at end` +
    // Two cores: a 1-minute load above ~0.5 means another process took CPU from the run.
    (busy ? ' — the machine was busy: the figures are noisy' : '')
  );
}

/** Seconds a run may take before the watchdog stops it. */
function budgetS(o: BenchOptions, passes: number): number {
  const perScenario = o.warmupS + o.durationS + o.latencyS + 10;
  // + the longest warm-up by requests (measure.ts), for placeOrder.
  const pass = 120 + o.only.length * perScenario + 2 * o.openLoopS + (o.smoke ? 0 : 90);
  const extras = o.onlyGiven ? 0 : o.smoke ? 300 : 1_000;
  return passes * pass + extras + o.warmupS + 2 * o.durationS + 60;
}

function printPass(pass: PassResult): string[] {
  const { text, missed } = formatRatios(pass.ratios, pass.spreads);
  const open = formatOpenLoop(pass.scenarios);
  process.stdout.write(
    `\n## node ${pass.node}\n\n${formatTable(pass.scenarios)}\n\n${open ? `${open}\n\n` : ''}` +
      `${text}\n\n${formatBounds(pass.bounds)}\n`,
  );
  return missed;
}

function printServers(servers: Record<string, unknown>): void {
  const lines = Object.entries(servers).map(
    ([name, config]) =>
      `  ${name}: ${Object.entries(config as Record<string, string>)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')}`,
  );
  process.stdout.write(`\nservers under test:\n${lines.join('\n')}\n`);
}

/** `latest.json`: the first pass (Node 24 in a full run) is the run's, its figures `ratios`. */
function resultsDocument(
  opts: BenchOptions,
  info: MachineFacts,
  passes: PassResult[],
  missed: string[][],
) {
  const [first, ...others] = passes;
  return {
    date: new Date().toISOString(),
    machine: info,
    settings: {
      durationS: opts.durationS,
      warmupS: opts.warmupS,
      latencyS: opts.latencyS,
      openLoopS: opts.openLoopS,
      slices: opts.slices,
      connections: opts.connections,
      smoke: opts.smoke,
      only: opts.onlyGiven ? opts.only : null,
    },
    node: first?.node,
    scenarios: first?.scenarios,
    ratios: first?.ratios,
    spreads: first?.spreads,
    targets: { ...TARGETS, missed: missed[0] ?? [] },
    bounds: first?.bounds,
    servers: first?.servers,
    ...first?.extras,
    otherPasses: others.map((p, i) => ({
      node: p.node,
      scenarios: p.scenarios,
      ratios: p.ratios,
      spreads: p.spreads,
      missed: missed[i + 1],
      bounds: p.bounds,
    })),
  };
}

/** The machine as the run starts, and the watchdog that stops a run over its budget. */
function startRun(opts: BenchOptions, nodes: NodeBinary[]): MachineFacts {
  const pinning = planPinning();
  const watchdog = setTimeout(() => {
    log('bench: over its time budget; stopping');
    killAllChildren();
    process.exit(1);
  }, budgetS(opts, nodes.length) * 1000);
  watchdog.unref();
  const info: MachineFacts = {
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: availableParallelism(),
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    platform: `${process.platform}-${process.arch}`,
    nodes: nodes.map((n) => n.version),
    pinning,
    loadAverageAtStart: loadNow(),
  };
  log(
    `bench: ${opts.onlyGiven ? opts.only.join(', ') : 'every scenario'} × (${opts.warmupS} s warm-up + ` +
      `${opts.durationS} s at ${opts.connections} connections + ${opts.latencyS} s at 1 connection), ` +
      `${opts.slices} slice(s) taken in turn${opts.smoke ? ' [smoke]' : ''}; node ${info.nodes.join(', then ')}`,
  );
  log(`bench: ${describePinning(pinning)}`);
  if (info.loadAverageAtStart[0]! > 0.5) {
    log(
      `bench: warning: load average ${info.loadAverageAtStart[0]} before starting — figures will be noisy`,
    );
  }
  return info;
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
  const nodes: NodeBinary[] = opts.nodes.map((wanted) => resolveNode(wanted, log));
  const info = startRun(opts, nodes);
  const problems: string[] = [];
  const passes: PassResult[] = [];
  for (const [i, node] of nodes.entries()) {
    log(`\n== pass ${i + 1} of ${nodes.length}: node ${node.version} (${node.path})`);
    passes.push(await runPass(opts, node, info.pinning, i === 0, problems, log));
  }
  info.loadAverageAtEnd = loadNow();
  const missed = passes.map(printPass);
  printServers(passes[0]?.servers ?? {});
  process.stdout.write(`\n${describeMachine(info)}\n`);
  writeResults(opts.out, resultsDocument(opts, info, passes, missed));
  log(`results written to ${opts.out}`);
  if (opts.smoke)
    log('smoke: sub-second runs without a real warm-up check that every scenario works, not speed');
  if (opts.profileDir) log(`CPU profiles in ${opts.profileDir}/node-<major>/`);
  if (problems.length > 0) {
    log(`\nbench: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
    return 1;
  }
  return 0;
}

runMain('bench', main);
