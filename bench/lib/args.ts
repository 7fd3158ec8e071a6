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
  /**
   * The measured seconds of every scenario are run in this many slices, round robin over the
   * scenarios, so that each side of a ratio sees the same moments of a shared machine.
   */
  slices: number;
  connections: number;
  smoke: boolean;
  /** Scenarios, and `hostile` (10), which runs after them (bench/lib/hostile.ts). */
  only: (ScenarioName | 'hostile')[];
  /** Directory for `--cpu-prof` profiles of the servers, or undefined. */
  profileDir: string | undefined;
  out: string;
}

export const USAGE = `usage: npm run bench -- [options]
  --duration S      measured seconds per scenario under load (default 10)
  --warmup S        seconds of the same load before each measurement (default 6: V8 is still
                    compiling the per-request code for the first few thousand requests)
  --connections N   concurrent connections under load, each its own trader (default 10)
  --slices N        measure every scenario in N slices, taken in turn across the scenarios
                    (default 5; 1 = each scenario's measurement in one piece)
  --smoke           tiny durations: every scenario once, a few seconds in all (for CI)
  --only a,b        run only these scenarios, in this order (${SCENARIOS.join(', ')},
                    and hostile: trader reads beside an anonymous flood; it runs last)
  --profile         write a V8 CPU profile (--cpu-prof) of every server on exit
  --profile-dir D   where (default bench/results/profiles)
  --out FILE        results file (default bench/results/latest.json)
  --help
environment: BENCH_SANDBOX_LIMITS=off (sandbox without limits; default: limits ×10⁶); the
  gateways read the rest of the environment like npm start (e.g. REDIS_URL, LOG_LEVEL)`;

export function parseBenchArgs(argv: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      slices: { type: 'string' },
      smoke: { type: 'boolean', default: false },
      only: { type: 'string' },
      profile: { type: 'boolean', default: false },
      'profile-dir': { type: 'string', default: 'bench/results/profiles' },
      out: { type: 'string', default: 'bench/results/latest.json' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const number = (text: string | undefined, fallback: number, name: string): number => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0)
      throw new Error(`--${name}: expected a positive number`);
    return value;
  };
  const smoke = values.smoke;
  const durationS = number(values.duration, smoke ? 0.3 : 10, 'duration');
  const connections = Math.round(number(values.connections, 10, 'connections'));
  const only = (values.only?.split(',') ?? [...SCENARIOS]).map((name) => name.trim());
  for (const name of only) {
    if (name !== 'hostile' && !(SCENARIOS as readonly string[]).includes(name)) {
      throw new Error(`--only: unknown scenario "${name}" (known: ${SCENARIOS.join(', ')})`);
    }
  }
  return {
    durationS,
    // Steady state: the order path needs ~4,500 requests (a few seconds) before V8's background
    // compilation, whose CPU the process figures include, dies down.
    warmupS: number(values.warmup, smoke ? 0.2 : 6, 'warmup'),
    latencyS: smoke ? 0.2 : Math.max(1, Math.round(durationS * 4) / 10),
    slices: Math.max(1, Math.round(number(values.slices, smoke ? 1 : 5, 'slices'))),
    connections,
    smoke,
    only: only as BenchOptions['only'],
    profileDir: values.profile ? values['profile-dir'] : undefined,
    out: values.out,
  };
}
