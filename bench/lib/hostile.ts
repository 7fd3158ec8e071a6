/**
 * (10) hostile: trader reads (a cached `account`, every connection its own trader, as in
 * scenario 3) measured idle, then beside an anonymous free-request flood — FLOOD_CONNECTIONS
 * connections of introspection and parse errors from 127.0.0.2, so its per-IP key is not the
 * trader's — in slices taken in turn. `hostileTraderP99Ratio` = trader p99 under the flood ÷
 * trader p99 idle. The flood runs in its own process (bench/lib/hostile-flood.ts).
 */
import { combineLoads, failureCount, type LoadResult } from './load.ts';
import { type LoadSpec, preflight } from './load-spec.ts';
import { startChild } from './processes.ts';
import { type BenchContext, SCENARIO_LIST } from './scenarios.ts';

export interface HostileOptions {
  connections: number;
  floodConnections: number;
  warmupS: number;
  durationS: number;
  slices: number;
}

export interface HostileResult {
  idle: { rps: number; p50Ms: number; p99Ms: number };
  flood: { rps: number; p50Ms: number; p99Ms: number };
  /** Flood answers per second by HTTP status, and socket errors. */
  floodRps: Record<string, number>;
  floodErrors: number;
  hostileTraderP99Ratio: number;
  /** Failed trader requests (non-2xx, errors, timeouts, bad bodies) in both runs. */
  traderFailures: number;
}

const round = (value: number, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;
const summary = (r: LoadResult) => ({
  rps: round(r.rps, 0),
  p50Ms: round(r.p50Ms),
  p99Ms: round(r.p99Ms),
});

type Control = (method: string, path: string) => Promise<string>;

/** The slices, idle then flooded in turn; the flood's answers by status over its seconds. */
async function measure(
  ctx: BenchContext,
  spec: LoadSpec,
  control: Control,
  options: HostileOptions,
) {
  const load = { connections: options.connections, durationS: options.durationS / options.slices };
  const idle: LoadResult[] = [];
  const flooded: LoadResult[] = [];
  const counts: Record<string, number> = {};
  let floodS = 0;
  let floodErrors = 0;
  for (let slice = 0; slice < options.slices; slice++) {
    idle.push(await ctx.load.closed(spec, load));
    await control('POST', '/start');
    const started = performance.now();
    flooded.push(await ctx.load.closed(spec, load));
    await control('POST', '/stop');
    floodS += (performance.now() - started) / 1_000;
    const stats = JSON.parse(await control('GET', '/stats')) as {
      statuses: Record<string, number>;
      errors: number;
    };
    for (const [status, n] of Object.entries(stats.statuses)) {
      counts[status] = (counts[status] ?? 0) + n;
    }
    floodErrors += stats.errors;
  }
  const floodRps = Object.fromEntries(
    Object.entries(counts).map(([status, n]) => [status, Math.round(n / floodS)]),
  );
  return { idle: combineLoads(idle), flooded: combineLoads(flooded), floodRps, floodErrors };
}

export async function runHostile(
  ctx: BenchContext,
  options: HostileOptions,
): Promise<HostileResult> {
  const scenario = SCENARIO_LIST.find((s) => s.name === 'accountCached');
  const gateway = ctx.servers.gatewayCached;
  if (!scenario || !gateway) throw new Error('hostile: needs the cached gateway (scenario 3)');
  const spec = scenario.spec(ctx);
  const flood = await startChild('hostile-flood', {
    module: 'lib/hostile-flood.ts',
    env: {
      FLOOD_TARGET: gateway.info.url,
      FLOOD_CONNECTIONS: String(options.floodConnections),
      FLOOD_LOCAL_ADDRESS: '127.0.0.2',
    },
  });
  const control: Control = (method, path) =>
    fetch(`${flood.info.url}${path}`, { method }).then((r) => r.text());
  try {
    // One read first: the trader is served, and its account is cached before the clock runs.
    await preflight('hostile', spec);
    await ctx.load.closed(spec, { connections: options.connections, durationS: options.warmupS });
    const { idle, flooded, floodRps, floodErrors } = await measure(ctx, spec, control, options);
    return {
      idle: summary(idle),
      flood: summary(flooded),
      floodRps,
      floodErrors,
      // NaN (no trader answer in a run) fails the run (bench/run.ts).
      hostileTraderP99Ratio: round(flooded.p99Ms / idle.p99Ms),
      traderFailures: failureCount(idle) + failureCount(flooded),
    };
  } finally {
    await flood.stop();
  }
}
