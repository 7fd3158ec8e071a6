/** The bench's figures and their targets (issue 17): computed from the scenarios, judged, printed. */
import { describe, expect, it } from 'vitest';
import {
  bounds,
  formatBounds,
  formatRatios,
  ratios,
  type ScenarioFigures,
  TARGETS,
} from '../../../bench/lib/report.ts';

const scenario = (rps: number, p50Ms = 1, cpu: number | null = 400): ScenarioFigures => ({
  rps,
  p50Ms,
  p99Ms: p50Ms * 2,
  loadedP50Ms: p50Ms * 3,
  loadedP99Ms: p50Ms * 4,
  connections: 10,
  upstreamPerOp: 1,
  serverCpuUsPerOp: cpu,
});

describe('bench figures', () => {
  const all = {
    ceiling: scenario(1000, 0.2),
    restFloor: scenario(1000, 0.3),
    accountCached: scenario(950, 0.25),
    accountUncached: scenario(600, 0.7),
    placeOrder: scenario(300, 2, 750),
    peerAccount: scenario(400),
    hiveAccount: scenario(450),
  };

  it('derives every figure of the targets from the scenarios', () => {
    const r = ratios(
      all,
      { fanoutP99Ms: 87.25, fanoutBytesPerSubscriber: 15_000.4, wsP99Ms: null },
      { hostileTraderP99Ratio: 1.23456 },
      { bookFanoutP99Ms: 41.26, wsP99Ms: 55.04, bookFanoutCpuMsPerUpdate: 61.234 },
      { screenFanoutP99Ms: 120.04 },
      { resumeReplayMs: 57.24 },
    );
    expect(Object.keys(r).sort()).toEqual(Object.keys(TARGETS).sort());
    expect(r).toEqual({
      cachedVsCeiling: 0.95,
      uncachedOverheadMs: 0.4,
      uncachedVsPeer: 1.5,
      cachedVsPeer: 2.375,
      uncachedVsHive: 1.333,
      placeOrderCpuUs: 750,
      fanoutP99Ms: 87.3,
      fanoutBytesPerSubscriber: 15_000,
      fanoutWsP99Ms: null,
      hostileTraderP99Ratio: 1.235,
      bookFanoutP99Ms: 41.3,
      bookFanoutWsP99Ms: 55,
      bookFanoutCpuMsPerUpdate: 61.23,
      screenFanoutP99Ms: 120,
      resumeReplayMs: 57.2,
    });
  });

  it('prints each figure with its target and lists the missed ones', () => {
    const { text, missed } = formatRatios(ratios(all));
    expect(missed).toEqual(['cachedVsPeer']);
    expect(text).toMatch(/uncachedVsHive .*: 1\.333 +target >= 1\.2 +met/);
    expect(text).toMatch(/placeOrderCpuUs .*: 750 µs +target <= 800 µs +met/);
    expect(text).toMatch(/cachedVsPeer .*target >= 2\.5 +MISSED/);
    const hostile = formatRatios(ratios(all, null, { hostileTraderP99Ratio: 2.5 }));
    expect(hostile.text).toMatch(/hostileTraderP99Ratio .*: 2\.500 +target <= 2 +MISSED/);
    const book = { bookFanoutP99Ms: 120, wsP99Ms: 90, bookFanoutCpuMsPerUpdate: 70.5 };
    const books = formatRatios(ratios(all, null, null, book));
    expect(books.missed).toEqual(['cachedVsPeer', 'bookFanoutP99Ms']);
    expect(books.text).toMatch(/bookFanoutP99Ms .*: 120\.000 ms +target <= 100 ms +MISSED/);
    expect(books.text).toMatch(/bookFanoutCpuMsPerUpdate .*: 70\.50 ms +no target +\(reported\)/);
    const screens = formatRatios(ratios(all, null, null, null, { screenFanoutP99Ms: 151 }));
    expect(screens.missed).toEqual(['cachedVsPeer', 'screenFanoutP99Ms']);
    expect(screens.text).toMatch(/screenFanoutP99Ms .*: 151\.000 ms +target <= 150 ms +MISSED/);
    const slow = formatRatios(ratios(all, null, null, null, null, { resumeReplayMs: 250 }));
    expect(slow.missed).toEqual(['cachedVsPeer', 'resumeReplayMs']);
    expect(slow.text).toMatch(/resumeReplayMs .*: 250\.000 ms +target <= 200 ms +MISSED/);
  });

  it('marks a figure whose scenarios did not run as not measured, not as met or missed', () => {
    const { text, missed } = formatRatios(ratios({ ceiling: scenario(1000) }));
    expect(missed).toEqual([]);
    expect(text.split('\n').filter((line) => line.includes('not measured'))).toHaveLength(15);
  });

  it('prints the bounds that the ceilings set, and nothing without their scenarios', () => {
    const b = bounds({ ...all, ceilingCall: scenario(700, 0.6) });
    expect(b).toEqual({ ceilingVsPeer: 2.5, uncachedFloorMs: 0.3, ceilingCallVsPeer: 1.75 });
    const text = formatBounds(b);
    expect(text).toMatch(/ceilingVsPeer .*: 2\.500 .*target 2\.5/);
    expect(text).toMatch(/uncachedFloorMs .*: 0\.300 ms .*target 0\.5 ms/);
    expect(text).toMatch(/ceilingCallVsPeer .*: 1\.750 .*target 1\.5/);
    const none = bounds({ ceiling: scenario(1000) });
    expect(none).toEqual({ ceilingVsPeer: null, uncachedFloorMs: null, ceilingCallVsPeer: null });
    expect(formatBounds(none)).toBe('');
  });
});
