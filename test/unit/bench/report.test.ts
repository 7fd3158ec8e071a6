/**
 * The bench's figures and their targets (issue 29): per-slice paired ratios with their spread,
 * pooled figures, the printed table of targets, the bounds, and the load spec's body checks.
 */
import { describe, expect, it } from 'vitest';
import { type ScenarioFigures, scenarioFigures } from '../../../bench/lib/figures.ts';
import type { LoadResult } from '../../../bench/lib/load.ts';
import { bodyCheck } from '../../../bench/lib/load-spec.ts';
import { bounds, ratios, TARGETS } from '../../../bench/lib/ratios.ts';
import { formatBounds, formatRatios } from '../../../bench/lib/report.ts';

/** A scenario whose slices cost `cpu[i]` µs per op, with one-connection p50s `p50[i]`. */
const scenario = (
  cpu: number[],
  p50: number[] = cpu.map(() => 1),
  openP99?: number[],
): ScenarioFigures => ({
  rps: 1000,
  p50Ms: p50[0]!,
  p99Ms: p50[0]! * 2,
  loadedP50Ms: 3,
  loadedP99Ms: 4,
  connections: 10,
  upstreamPerOp: 1,
  serverCpuUsPerOp: cpu.reduce((a, b) => a + b, 0) / cpu.length,
  sandboxCpuUsPerOp: 100,
  loadCpuUsPerOp: 50,
  openLoop: openP99 ? { rate: 500, p50Ms: 1, p99Ms: openP99[0]! } : null,
  slices: { serverCpuUsPerOp: cpu, p50Ms: p50, openLoopP99Ms: openP99 ?? [] },
});

const all = {
  ceiling: scenario([100, 100, 100]),
  ceilingCallTuned: scenario([200, 180, 220], [0.5, 0.5, 0.6], [2, 2, 2]),
  accountUncached: scenario([300, 360, 330], [0.55, 0.7, 0.65], [2.5, 4, 3]),
  accountCached: scenario([150, 150, 150]),
  peerAccount: scenario([600, 540, 660]),
  peerCached: scenario([300, 300, 300]),
  hiveCached: scenario([200, 200, 170]),
  mercuriusAccount: scenario([330, 360, 396]),
  placeOrder: scenario([450]),
};

describe('bench figures', () => {
  it('pairs slice i of one scenario with slice i of the other: pooled value and spread', () => {
    const { ratios: r, spreads } = ratios(all, {
      fanout: { fanoutP99Ms: 87.25, fanoutBytesPerSubscriber: 12_000.4, wsP99Ms: null },
      resume: { resumeReplayMs: 57.24 },
    });
    expect(Object.keys(r).sort()).toEqual(Object.keys(TARGETS).sort());
    expect(r.uncachedCpuVsFloor).toBe(1.65);
    expect(spreads.uncachedCpuVsFloor).toEqual({
      min: 1.5,
      median: 1.5,
      max: 2,
      slices: [1.5, 2, 1.5],
    });
    expect(r.uncachedOverFloorMs).toBe(0.05);
    expect(spreads.uncachedOverFloorMs).toMatchObject({ min: 0.05, median: 0.05, max: 0.2 });
    expect(r.uncachedCpuVsPeer).toBe(1.818);
    expect(r.cachedCpuVsPeerCached).toBe(2);
    expect(r.cachedCpuVsCeiling).toBe(0.667);
    expect(r.uncachedP99OpenLoop).toBe(1.25);
    expect(spreads.uncachedP99OpenLoop?.slices).toEqual([1.25, 2, 1.5]);
    expect(r.opsPerCoreSecond).toBe(3030);
    expect(r.placeOrderCpuUs).toBe(450);
    expect(r.fanoutBytesPerSubscriber).toBe(12_000);
    expect(r.resumeReplayMs).toBe(57.2);
    expect(r.uncachedCpuVsHive).toBeNull();
  });

  it('prints each figure with its target and spread, and lists the missed ones', () => {
    const { ratios: r, spreads } = ratios(all);
    const { text, missed } = formatRatios(r, spreads);
    expect(missed).toEqual(['uncachedCpuVsMercurius']);
    const row = (name: string) =>
      text
        .split('\n')
        .find((line) => line.includes(`\`${name}\``))
        ?.split('|')
        .slice(3, -1)
        .map((cell) => cell.trim());
    expect(row('uncachedCpuVsFloor')).toEqual(['1.650', '1.500 / 1.500 / 2.000', '≤ 1.8', 'met']);
    expect(row('uncachedCpuVsMercurius')).toEqual([
      '1.097',
      '1.000 / 1.100 / 1.200',
      '≥ 1.2',
      'MISSED',
    ]);
    expect(row('placeOrderCpuUs')).toEqual(['450 µs', '', '≤ 500 µs', 'met']);
    expect(row('opsPerCoreSecond')).toEqual(['3030 op/s', '2778 / 3030 / 3333', 'printed', '']);
    expect(row('fanoutP99Ms')).toEqual(['–', '', '≤ 100 ms', 'not measured']);
    const slow = ratios(all, { resume: { resumeReplayMs: 250 } });
    const late = formatRatios(slow.ratios, slow.spreads);
    expect(late.missed).toEqual(['uncachedCpuVsMercurius', 'resumeReplayMs']);
    const resumeRow = late.text.split('\n').find((line) => line.includes('`resumeReplayMs`'));
    expect(
      resumeRow
        ?.split('|')
        .slice(3, -1)
        .map((cell) => cell.trim()),
    ).toEqual(['250.000 ms', '', '≤ 200 ms', 'MISSED']);
  });

  it('marks a figure whose scenarios did not run as not measured, not as met or missed', () => {
    const { ratios: r, spreads } = ratios({ ceiling: scenario([100]) });
    const { text, missed } = formatRatios(r, spreads);
    expect(missed).toEqual([]);
    const rows = text.split('\n').slice(2);
    expect(rows.filter((line) => line.includes('not measured'))).toHaveLength(rows.length);
  });

  it('prints the bounds the floors set, and nothing without their scenarios', () => {
    const b = bounds({ ...all, httpCallFloor: scenario([150]), ceilingCall: scenario([380]) });
    expect(b).toEqual({
      uncachedCpuVsPeerAtFloor: 3,
      cachedCpuVsPeerCachedAtCeiling: 3,
      yogaOverHttpFloorUs: 50,
      yogaBodyLimitUs: 180,
    });
    expect(formatBounds(b)).toMatch(/uncachedCpuVsPeerAtFloor = 3/);
    expect(formatBounds(bounds({ ceiling: scenario([100]) }))).toBe('');
  });

  it('pools slices by operations and keeps each slice for the pairs', () => {
    const run = (ok: number, p50Ms: number): LoadResult => ({
      connections: 10,
      durationS: 1,
      ok,
      rps: ok,
      p50Ms,
      p99Ms: p50Ms,
      failures: { non2xx: 0, errors: 0, timeouts: 0, mismatches: 0 },
      latencies: new Float64Array(ok).fill(p50Ms),
    });
    const cost = (ok: number, serverCpuUs: number | null) => ({
      ok,
      serverCpuUs,
      sandboxCpuUs: ok * 100,
      loadCpuUs: ok * 40,
      upstreamCalls: ok,
    });
    const f = scenarioFigures({
      loads: [run(100, 1), run(300, 2)],
      costs: [cost(100, 20_000), cost(300, 30_000)],
      latencies: [run(10, 0.5), run(10, 0.7)],
      openLoop: [],
      openLoopRate: null,
    });
    expect(f).toMatchObject({
      rps: 200,
      serverCpuUsPerOp: 125,
      sandboxCpuUsPerOp: 100,
      loadCpuUsPerOp: 40,
    });
    expect(f.upstreamPerOp).toBe(1);
    expect(f.slices).toEqual({
      serverCpuUsPerOp: [200, 100],
      p50Ms: [0.5, 0.7],
      openLoopP99Ms: [],
    });
    const unknown = scenarioFigures({
      loads: [run(100, 1)],
      costs: [cost(100, null)],
      latencies: [run(1, 1)],
      openLoop: [],
      openLoopRate: null,
    });
    expect(unknown.serverCpuUsPerOp).toBeNull();
  });

  it('checks answers as the scenarios say', () => {
    expect(bodyCheck({ kind: 'graphql' })('{"data":{"a":1}}')).toBe(true);
    expect(bodyCheck({ kind: 'graphql' })('{"data":null,"errors":[]}')).toBe(false);
    const order = bodyCheck({ kind: 'placeOrder' });
    expect(order('{"data":{"placeOrder":{"__typename":"PlaceOrderSuccess"}}}')).toBe(true);
    expect(order('{"data":{"placeOrder":{"__typename":"RateLimited"}}}')).toBe(false);
    expect(
      bodyCheck({ kind: 'matches', pattern: '^\\{"data":\\{"accountId":"[^"]+"\\}\\}$' })(
        '{"data":{"accountId":"x"}}',
      ),
    ).toBe(true);
  });
});
