/**
 * The figures the targets are set on (issue 29 for the request scenarios, issues 17, 25 and 27
 * for fan-out, the hostile run and resume), their targets, and the spread of the paired ones
 * over the slices: slice i of one scenario against slice i of the other, measured moments apart.
 */
import { round, type ScenarioFigures } from './figures.ts';
import type { ScenarioName } from './report.ts';

type Scenarios = Partial<Record<ScenarioName, ScenarioFigures>>;

/** A figure from two scenarios, per slice and pooled. */
interface Paired {
  a: ScenarioName;
  b: ScenarioName;
  /** a ÷ b of server CPU per op; a − b of p50 at one connection; a ÷ b of open-loop p99. */
  of: 'cpu' | 'p50' | 'openP99';
}

export const PAIRED = {
  uncachedCpuVsFloor: { a: 'accountUncached', b: 'ceilingCallTuned', of: 'cpu' },
  uncachedOverFloorMs: { a: 'accountUncached', b: 'ceilingCallTuned', of: 'p50' },
  uncachedCpuVsPeer: { a: 'peerAccount', b: 'accountUncached', of: 'cpu' },
  cachedCpuVsPeerCached: { a: 'peerCached', b: 'accountCached', of: 'cpu' },
  cachedCpuVsHiveCached: { a: 'hiveCached', b: 'accountCached', of: 'cpu' },
  uncachedCpuVsMercurius: { a: 'mercuriusAccount', b: 'accountUncached', of: 'cpu' },
  cachedCpuVsCeiling: { a: 'ceiling', b: 'accountCached', of: 'cpu' },
  uncachedP99OpenLoop: { a: 'accountUncached', b: 'ceilingCallTuned', of: 'openP99' },
  uncachedCpuVsHive: { a: 'hiveAccount', b: 'accountUncached', of: 'cpu' },
} as const satisfies Record<string, Paired>;

/** Figures from the extra runs (fan-out, hostile, book, screen, resume). */
export interface ExtraFigures {
  fanout?: { fanoutP99Ms: number; fanoutBytesPerSubscriber: number; wsP99Ms: number | null } | null;
  hostile?: { hostileTraderP99Ratio: number } | null;
  book?: {
    bookFanoutP99Ms: number;
    wsP99Ms: number | null;
    bookFanoutCpuMsPerUpdate: number | null;
  } | null;
  screen?: { screenFanoutP99Ms: number } | null;
  resume?: { resumeReplayMs: number } | null;
}

export type RatioName =
  | keyof typeof PAIRED
  | 'opsPerCoreSecond'
  | 'placeOrderCpuUs'
  | 'fanoutP99Ms'
  | 'fanoutBytesPerSubscriber'
  | 'fanoutWsP99Ms'
  | 'hostileTraderP99Ratio'
  | 'bookFanoutP99Ms'
  | 'bookFanoutWsP99Ms'
  | 'bookFanoutCpuMsPerUpdate'
  | 'screenFanoutP99Ms'
  | 'resumeReplayMs';
export type Ratios = Record<RatioName, number | null>;

export interface Target {
  label: string;
  unit: string;
  /** `min`: the figure must be at least `value`; `max`: at most; `report`: printed, no target. */
  kind: 'min' | 'max' | 'report';
  value: number;
}

const report = (label: string, unit = ''): Target => ({
  label,
  unit,
  kind: 'report',
  value: Number.NaN,
});

/** Every figure with its target, in the order printed. */
export const TARGETS: Record<RatioName, Target> = {
  uncachedCpuVsFloor: { label: '(4)/(2b′) CPU/op', unit: '', kind: 'max', value: 1.8 },
  uncachedOverFloorMs: { label: '(4)−(2b′) p50 @1c', unit: ' ms', kind: 'max', value: 0.1 },
  uncachedCpuVsPeer: { label: '(7)/(4) CPU/op', unit: '', kind: 'min', value: 1.5 },
  cachedCpuVsPeerCached: { label: '(7c)/(3) CPU/op', unit: '', kind: 'min', value: 1.5 },
  cachedCpuVsHiveCached: { label: '(8c)/(3) CPU/op', unit: '', kind: 'min', value: 1.2 },
  uncachedCpuVsMercurius: { label: '(7m)/(4) CPU/op', unit: '', kind: 'min', value: 1.2 },
  cachedCpuVsCeiling: { label: '(1)/(3) CPU/op', unit: '', kind: 'min', value: 0.5 },
  uncachedP99OpenLoop: { label: '(4)/(2b′) p99 open loop', unit: '', kind: 'max', value: 1.5 },
  uncachedCpuVsHive: report('(8)/(4) CPU/op'),
  opsPerCoreSecond: report('10⁶ ÷ (4) CPU µs/op', ' op/s'),
  placeOrderCpuUs: { label: '(6) gateway CPU/order', unit: ' µs', kind: 'max', value: 500 },
  fanoutP99Ms: { label: '(9) SSE event→last p99', unit: ' ms', kind: 'max', value: 100 },
  fanoutBytesPerSubscriber: {
    label: '(9) SSE heap/subscriber',
    unit: ' B',
    kind: 'max',
    value: 12_288,
  },
  // Reported beside SSE; its target is the SSE one.
  fanoutWsP99Ms: { label: '(9) ws event→last p99', unit: ' ms', kind: 'max', value: 100 },
  hostileTraderP99Ratio: { label: '(10) p99 flood/idle', unit: '', kind: 'max', value: 2 },
  bookFanoutP99Ms: { label: '(12) SSE book→last p99', unit: ' ms', kind: 'max', value: 100 },
  bookFanoutWsP99Ms: { label: '(12) ws book→last p99', unit: ' ms', kind: 'max', value: 100 },
  bookFanoutCpuMsPerUpdate: report('(12) CPU/book update', ' ms'),
  screenFanoutP99Ms: { label: '(13) SSE screen→last p99', unit: ' ms', kind: 'max', value: 150 },
  resumeReplayMs: { label: '(14) resume 1,000 missed', unit: ' ms', kind: 'max', value: 200 },
};

function pooled(s: Scenarios, p: Paired): number | null {
  const a = s[p.a];
  const b = s[p.b];
  if (!a || !b) return null;
  if (p.of === 'p50') return round(a.p50Ms - b.p50Ms, 3);
  const [x, y] =
    p.of === 'cpu'
      ? [a.serverCpuUsPerOp, b.serverCpuUsPerOp]
      : [a.openLoop?.p99Ms, b.openLoop?.p99Ms];
  return x == null || y == null || y === 0 ? null : round(x / y, 3);
}

export interface Spread {
  min: number;
  median: number;
  max: number;
  slices: number[];
}

/** The paired figure of slice i of both scenarios, for every slice both have. */
function perSlice(s: Scenarios, p: Paired): number[] {
  const a = s[p.a]?.slices;
  const b = s[p.b]?.slices;
  if (!a || !b) return [];
  const [xs, ys] =
    p.of === 'cpu'
      ? [a.serverCpuUsPerOp, b.serverCpuUsPerOp]
      : p.of === 'p50'
        ? [a.p50Ms, b.p50Ms]
        : [a.openLoopP99Ms, b.openLoopP99Ms];
  const values: number[] = [];
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const x = xs[i];
    const y = ys[i];
    if (x == null || y == null || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (p.of === 'p50') values.push(round(x - y, 3));
    else if (y !== 0) values.push(round(x / y, 3));
  }
  return values;
}

function spreadOf(values: number[]): Spread | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { min: sorted[0]!, median: round(median, 3), max: sorted.at(-1)!, slices: values };
}

export function ratios(
  s: Scenarios,
  extra: ExtraFigures = {},
): { ratios: Ratios; spreads: Partial<Record<RatioName, Spread>> } {
  const spreads: Partial<Record<RatioName, Spread>> = {};
  const paired = {} as Record<keyof typeof PAIRED, number | null>;
  for (const [name, p] of Object.entries(PAIRED) as [keyof typeof PAIRED, Paired][]) {
    paired[name] = pooled(s, p);
    const spread = spreadOf(perSlice(s, p));
    if (spread) spreads[name] = spread;
  }
  const uncachedCpu = s.accountUncached?.serverCpuUsPerOp;
  const opsSlices = (s.accountUncached?.slices.serverCpuUsPerOp ?? []).flatMap((us) =>
    us ? [Math.round(1e6 / us)] : [],
  );
  const opsSpread = spreadOf(opsSlices);
  if (opsSpread) spreads.opsPerCoreSecond = opsSpread;
  const { fanout, hostile, book, screen, resume } = extra;
  return {
    ratios: {
      ...paired,
      opsPerCoreSecond: uncachedCpu ? Math.round(1e6 / uncachedCpu) : null,
      placeOrderCpuUs: s.placeOrder?.serverCpuUsPerOp ?? null,
      fanoutP99Ms: fanout ? round(fanout.fanoutP99Ms, 1) : null,
      fanoutBytesPerSubscriber: fanout ? Math.round(fanout.fanoutBytesPerSubscriber) : null,
      fanoutWsP99Ms: fanout?.wsP99Ms == null ? null : round(fanout.wsP99Ms, 1),
      hostileTraderP99Ratio: hostile ? round(hostile.hostileTraderP99Ratio, 3) : null,
      bookFanoutP99Ms: book ? round(book.bookFanoutP99Ms, 1) : null,
      bookFanoutWsP99Ms: book?.wsP99Ms == null ? null : round(book.wsP99Ms, 1),
      bookFanoutCpuMsPerUpdate:
        book?.bookFanoutCpuMsPerUpdate == null ? null : round(book.bookFanoutCpuMsPerUpdate, 2),
      screenFanoutP99Ms: screen ? round(screen.screenFanoutP99Ms, 1) : null,
      resumeReplayMs:
        resume && Number.isFinite(resume.resumeReplayMs) ? round(resume.resumeReplayMs, 1) : null,
    },
    spreads,
  };
}

/**
 * Figures no change to the gateway can move, printed beside the targets so that a missed
 * target can be told from an unreachable one: what the peers' CPU is against the floors the
 * gateway builds on, and what yoga itself costs over node:http.
 */
export const BOUND_NOTES: Record<string, string> = {
  uncachedCpuVsPeerAtFloor:
    "(7)/(2b′) CPU: the most uncachedCpuVsPeer can be while the gateway does 2b′'s work",
  cachedCpuVsPeerCachedAtCeiling: '(7c)/(1) CPU: the most cachedCpuVsPeerCached can be on yoga',
  yogaOverHttpFloorUs: '(2b′)−(2c) CPU µs/op: what yoga costs over node:http for the same call',
  yogaBodyLimitUs: "(2b)−(2b′) CPU µs/op: yoga's default body limit (every body re-streamed)",
};

export function bounds(s: Scenarios): Record<string, number | null> {
  const cpu = (name: ScenarioName) => s[name]?.serverCpuUsPerOp ?? null;
  const div = (a: number | null, b: number | null) => (a === null || !b ? null : round(a / b, 3));
  const sub = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);
  return {
    /** (7)/(2b′): the most `uncachedCpuVsPeer` can be while the gateway does 2b′'s work. */
    uncachedCpuVsPeerAtFloor: div(cpu('peerAccount'), cpu('ceilingCallTuned')),
    /** (7c)/(1): the most `cachedCpuVsPeerCached` can be while the gateway serves through yoga. */
    cachedCpuVsPeerCachedAtCeiling: div(cpu('peerCached'), cpu('ceiling')),
    /** (2b′) − (2c), µs: what yoga costs per operation over node:http for the same call. */
    yogaOverHttpFloorUs: sub(cpu('ceilingCallTuned'), cpu('httpCallFloor')),
    /** (2b) − (2b′), µs: yoga's default body limit (re-streaming every body) per operation. */
    yogaBodyLimitUs: sub(cpu('ceilingCall'), cpu('ceilingCallTuned')),
  };
}
