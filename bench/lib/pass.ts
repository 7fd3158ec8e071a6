/**
 * One pass of the benchmark on one Node binary: start the servers and the load generator,
 * measure the request scenarios (measure.ts), run the extra runs when asked, and turn it all
 * into figures.
 */
import type { BenchOptions } from './args.ts';
import { type Extras, startExtras } from './extras.ts';
import { type ScenarioFigures, scenarioFigures } from './figures.ts';
import { startLoadDriver } from './load-driver.ts';
import { failuresOf, type Measuring, measureAll, prepare } from './measure.ts';
import type { NodeBinary } from './node-binary.ts';
import { type Pinning, steerOn } from './pinning.ts';
import { type RunningChild, setChildNode } from './processes.ts';
import { bounds, type RatioName, type Ratios, ratios, type Spread } from './ratios.ts';
import { LABELS, type ScenarioName } from './report.ts';
import { type BenchContext, MEASURE_ORDER, SCENARIO_LIST, type ServerName } from './scenarios.ts';
import { startServers } from './servers.ts';

export interface PassResult {
  node: string;
  scenarios: Partial<Record<ScenarioName, ScenarioFigures>>;
  ratios: Ratios;
  spreads: Partial<Record<RatioName, Spread>>;
  bounds: Record<string, number | null>;
  /** What each server under test said it is (peers: packages, cache, signing, logging). */
  servers: Record<string, unknown>;
  extras: Extras | null;
}

/** The scenarios to run: `--only`'s order when given, else the slices' measuring order. */
function scenarioList(options: BenchOptions) {
  const names = options.onlyGiven ? options.only : MEASURE_ORDER;
  return [...new Set(names)].flatMap((name) => SCENARIO_LIST.filter((s) => s.name === name));
}

function describeServers(
  servers: Partial<Record<ServerName, RunningChild>>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(servers).flatMap(([name, child]) =>
      child.info.config ? [[name, child.info.config]] : [],
    ),
  );
}

/** Each measured scenario's figures (logged); its failed requests become problems. */
function figuresOf(measuring: Measuring[], problems: string[], log: (line: string) => void) {
  const figures: Partial<Record<ScenarioName, ScenarioFigures>> = {};
  for (const m of measuring) {
    if (m.failed) continue;
    problems.push(...failuresOf(m));
    const f = scenarioFigures(m);
    figures[m.scenario.name] = f;
    log(
      `  ${LABELS[m.scenario.name]}: ${f.rps} req/s, ${f.serverCpuUsPerOp ?? '?'} µs CPU/op, ` +
        `p50 ${f.p50Ms} ms at 1 connection`,
    );
  }
  return figures;
}

export async function runPass(
  options: BenchOptions,
  node: NodeBinary,
  pinning: Pinning,
  withExtras: boolean,
  problems: string[],
  log: (line: string) => void,
): Promise<PassResult> {
  setChildNode(node.path);
  const scenarios = scenarioList(options);
  const needed = new Set<ServerName>(scenarios.map((s) => s.server));
  const hostile = withExtras && (options.only.includes('hostile') || !options.onlyGiven);
  if (hostile) needed.add('gatewayCached');
  const started = Date.now();
  const profileDir = options.profileDir ? `${options.profileDir}/node-${node.wanted}` : undefined;
  steerOn(pinning, false);
  const [{ servers, traders }, load] = await Promise.all([
    startServers(needed, { connections: options.connections, profileDir, pinning }),
    startLoadDriver(pinning),
  ]);
  const children = [...Object.values(servers), load];
  try {
    log(
      `servers up in ${((Date.now() - started) / 1000).toFixed(1)} s on node ${node.version}: ` +
        Object.entries(servers)
          .map(
            ([name, child]) => `${name} pid ${child.pid} (${(child.readyMs / 1000).toFixed(1)} s)`,
          )
          .join(', ') +
        `; load generator pid ${load.pid}`,
    );
    const ctx: BenchContext = { servers, traders, load };
    const extras =
      withExtras && (hostile || !options.onlyGiven)
        ? startExtras({ ...options, fanouts: !options.onlyGiven, hostile, pinning, log }, problems)
        : null;
    // A smoke run's extra runs may be starting processes now: they must not inherit this CPU.
    steerOn(pinning, !options.smoke);
    const measuring = await prepare(scenarios, ctx, { ...options, log }, problems);
    // Profiles from here on: module loading and the warm-up's compilations stay out.
    for (const child of Object.values(servers)) child.startProfile();
    await measureAll(measuring, ctx, { ...options, log }, problems);
    const figures = figuresOf(measuring, problems, log);
    steerOn(pinning, false);
    const extra = (await extras?.finish(ctx)) ?? null;
    const computed = ratios(figures, {
      fanout: extra?.fanout ?? null,
      hostile: extra?.hostile ?? null,
      book: extra?.bookFanout ?? null,
      screen: extra?.screenFanout ?? null,
      resume: extra?.resume ?? null,
    });
    return {
      node: node.version,
      scenarios: figures,
      ...computed,
      bounds: bounds(figures),
      servers: describeServers(servers),
      extras: extra,
    };
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }
}
