/**
 * A scenario's figures from its measured slices: pooled over the slices for the table, and
 * per slice for the paired ratios (ratios.ts), which compare slice i of one scenario with
 * slice i of another, measured moments apart.
 */
import { combineLoads, type LoadResult } from './load.ts';

/** What one loaded slice of a scenario cost, from /proc and the sandbox's request log. */
export interface SliceCost {
  ok: number;
  /** CPU time of the server under test, µs (null: unknown). */
  serverCpuUs: number | null;
  /** CPU time of the sandbox behind it, µs (null: none or unknown). */
  sandboxCpuUs: number | null;
  /** CPU time of the load generator, µs. */
  loadCpuUs: number | null;
  /** Sandbox requests during the slice (null: the server has no upstream). */
  upstreamCalls: number | null;
}

/** Everything measured of one scenario. */
export interface Measurements {
  loads: LoadResult[];
  costs: SliceCost[];
  /** One connection at a time. */
  latencies: LoadResult[];
  /** At a fixed arrival rate (open loop), when the scenario is one side of that figure. */
  openLoop: LoadResult[];
  openLoopRate: number | null;
}

export interface ScenarioFigures {
  /** Requests per second under load (`connections` concurrent connections). */
  rps: number;
  /** Latency percentiles of one request at a time (one connection, no queueing). */
  p50Ms: number;
  p99Ms: number;
  /** Latency percentiles under load, in the run that measured `rps`. */
  loadedP50Ms: number;
  loadedP99Ms: number;
  connections: number;
  /** Sandbox requests per operation in the measured run (null: the server has no upstream). */
  upstreamPerOp: number | null;
  /** CPU time the server under test spent per operation in the measured run, µs. */
  serverCpuUsPerOp: number | null;
  /** CPU time of the sandbox behind it per operation, µs. */
  sandboxCpuUsPerOp: number | null;
  /** CPU time of the load generator per operation, µs. */
  loadCpuUsPerOp: number | null;
  /** Open loop: the arrival rate (req/s) and the latency percentiles at it. */
  openLoop: { rate: number; p50Ms: number; p99Ms: number } | null;
  /** Per slice, in slice order: the inputs of the paired ratios. */
  slices: { serverCpuUsPerOp: (number | null)[]; p50Ms: number[]; openLoopP99Ms: number[] };
}

export const round = (value: number, digits: number): number => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

const perOp = (total: number | null, ok: number, digits = 0): number | null =>
  total === null || ok === 0 ? null : round(total / ok, digits);

/** Sum of a cost over the slices, or null when any slice lacks it. */
function sum(costs: SliceCost[], key: Exclude<keyof SliceCost, 'ok'>): number | null {
  let total = 0;
  for (const cost of costs) {
    const value = cost[key];
    if (value === null) return null;
    total += value;
  }
  return costs.length === 0 ? null : total;
}

export function scenarioFigures(m: Measurements): ScenarioFigures {
  const load = combineLoads(m.loads);
  const latency = combineLoads(m.latencies);
  const open = m.openLoop.length > 0 ? combineLoads(m.openLoop) : undefined;
  const ok = m.costs.reduce((n, c) => n + c.ok, 0);
  return {
    rps: round(load.rps, 0),
    p50Ms: round(latency.p50Ms, 3),
    p99Ms: round(latency.p99Ms, 3),
    loadedP50Ms: round(load.p50Ms, 3),
    loadedP99Ms: round(load.p99Ms, 3),
    connections: load.connections,
    upstreamPerOp: perOp(sum(m.costs, 'upstreamCalls'), ok, 3),
    serverCpuUsPerOp: perOp(sum(m.costs, 'serverCpuUs'), ok),
    sandboxCpuUsPerOp: perOp(sum(m.costs, 'sandboxCpuUs'), ok),
    loadCpuUsPerOp: perOp(sum(m.costs, 'loadCpuUs'), ok),
    openLoop:
      open && m.openLoopRate !== null
        ? {
            rate: Math.round(m.openLoopRate),
            p50Ms: round(open.p50Ms, 3),
            p99Ms: round(open.p99Ms, 3),
          }
        : null,
    slices: {
      serverCpuUsPerOp: m.costs.map((c) => perOp(c.serverCpuUs, c.ok, 1)),
      p50Ms: m.latencies.map((l) => round(l.p50Ms, 3)),
      openLoopP99Ms: m.openLoop.map((l) => round(l.p99Ms, 3)),
    },
  };
}
