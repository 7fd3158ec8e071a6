/** Command-line options of `npm run bench`. */
import { parseArgs } from 'node:util';
import { SCENARIOS, type ScenarioName } from './report.ts';

export interface BenchOptions {
  /** Measured seconds per scenario under load. */
  durationS: number;
  /** Seconds of warm-up (same load, not measured) before each measurement. */
  warmupS: number;
  /** Seconds of the one-connection latency run of each scenario. */
  latencyS: number;
  /** Seconds of the open-loop run of 2b′ and the uncached gateway, each. */
  openLoopS: number;
  /**
   * The measured seconds of every scenario are run in this many slices, round robin over the
   * scenarios, so that each side of a ratio sees the same moments of a shared machine.
   */
  slices: number;
  connections: number;
  smoke: boolean;
  /** Scenarios, and `hostile` (10), which runs after them (bench/lib/hostile.ts). */
  only: (ScenarioName | 'hostile')[];
  /** Whether `--only` was given (a partial run). */
  onlyGiven: boolean;
  /** Node majors (or `current`) of the passes, in order; the first one's figures are the run's. */
  nodes: string[];
  /** Directory for CPU profiles of the servers, or undefined. */
  profileDir: string | undefined;
  out: string;
}

export const USAGE = `usage: npm run bench -- [options]
  --duration S      measured seconds per scenario under load (default 10)
  --warmup S        seconds of the same load before each measurement (default 6: V8 is still
                    compiling the per-request code for the first few thousand requests)
  --open-loop S     seconds of 2b′ and the uncached gateway at a fixed rate, each (default 10)
  --connections N   concurrent connections under load, each its own trader (default 10)
  --slices N        measure every scenario in N slices, taken in turn across the scenarios
                    (default 5; 1 = each scenario's measurement in one piece)
  --node LIST       Node majors to run on, in order (default 24,20 for a full run, else
                    current); a major other than this process's comes from the npm registry
  --smoke           tiny durations: every scenario once, a few seconds in all (for CI)
  --only a,b        run only these scenarios, in this order (${SCENARIOS.join(', ')},
                    and hostile: trader reads beside an anonymous flood; it runs last)
  --profile         V8 CPU profiles of every server, from the end of the warm-up to its exit
  --profile-dir D   where (default bench/results/profiles)
  --out FILE        results file (default bench/results/latest.json for a full run,
                    else bench/results/partial.json)
  --help
environment: BENCH_SANDBOX_LIMITS=off (sandbox without limits; default: limits ×10⁶);
  BENCH_NODE_<major>=path (a Node binary instead of the registry's); the gateways read the
  rest of the environment like npm start (e.g. REDIS_URL, LOG_LEVEL)`;

function positive(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name}: expected a positive number`);
  return value;
}

function onlyList(text: string | undefined): BenchOptions['only'] {
  const only = (text?.split(',') ?? [...SCENARIOS]).map((name) => name.trim());
  for (const name of only) {
    if (name !== 'hostile' && !(SCENARIOS as readonly string[]).includes(name)) {
      throw new Error(`--only: unknown scenario "${name}" (known: ${SCENARIOS.join(', ')})`);
    }
  }
  return only as BenchOptions['only'];
}

export function parseBenchArgs(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      'open-loop': { type: 'string' },
      connections: { type: 'string' },
      slices: { type: 'string' },
      node: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      'profile-dir': { type: 'string', default: 'bench/results/profiles' },
      out: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const smoke = values.smoke;
  const durationS = positive(values.duration, smoke ? 0.2 : 10, 'duration');
  const onlyGiven = values.only !== undefined;
  const full = !smoke && !onlyGiven;
  return {
    durationS,
    // Steady state: V8 compiles a path over its first few thousand requests, on threads whose
    // CPU the process figures include; placeOrder (~250/s) warms by requests (scenarios.ts).
    warmupS: positive(values.warmup, smoke ? 0.1 : 6, 'warmup'),
    latencyS: smoke ? 0.1 : Math.max(1, Math.round(durationS * 4) / 10),
    openLoopS: positive(values['open-loop'], smoke ? 0.2 : 10, 'open-loop'),
    slices: Math.max(1, Math.round(positive(values.slices, smoke ? 1 : 5, 'slices'))),
    connections: Math.round(positive(values.connections, 10, 'connections')),
    smoke,
    only: onlyList(values.only),
    onlyGiven,
    nodes: (values.node ?? (full ? '24,20' : 'current')).split(',').map((n) => n.trim()),
    profileDir: values.profile ? values['profile-dir'] : undefined,
    out:
      values.out ??
      (full
        ? 'bench/results/latest.json'
        : smoke
          ? 'bench/results/smoke.json'
          : 'bench/results/partial.json'),
  };
}
