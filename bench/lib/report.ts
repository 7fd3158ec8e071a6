/**
 * The printed tables (scenarios; figures with their targets and spread; bounds) and
 * `bench/results/latest.json`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ScenarioFigures } from './figures.ts';
import { BOUND_NOTES, type RatioName, type Ratios, type Spread, TARGETS } from './ratios.ts';

/** Every request scenario, in the order of the table. */
export const SCENARIOS = [
  'ceiling',
  'restFloor',
  'httpCallFloor',
  'ceilingCall',
  'ceilingCallTuned',
  'accountCached',
  'accountUncached',
  'dashboard',
  'placeOrder',
  'peerAccount',
  'peerCached',
  'mercuriusAccount',
  'hiveAccount',
  'hiveCached',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];

export const LABELS: Record<ScenarioName, string> = {
  ceiling: '1 ceiling: bare yoga { hello }',
  restFloor: '2 floor: signed GET /v1/client/info',
  httpCallFloor: '2c floor: node:http + one signed call',
  ceilingCall: "2b yoga + one signed call, yoga's body limit",
  ceilingCallTuned: '2b′ floor: yoga + one signed call',
  accountCached: '3 gateway account, cached',
  accountUncached: '4 gateway account, uncached',
  dashboard: '5 gateway dashboard',
  placeOrder: '6 gateway placeOrder',
  peerAccount: '7 peer: Apollo + RESTDataSource',
  peerCached: '7c peer: Apollo, RESTDataSource cache 5 s',
  mercuriusAccount: '7m peer: Fastify + Mercurius (jit) + undici',
  hiveAccount: '8 peer: Hive Gateway + OpenAPI',
  hiveCached: '8c peer: Hive Gateway, response cache 5 s',
};

const fmt = (value: number | null | undefined, digits: number): string =>
  value != null && Number.isFinite(value) ? value.toFixed(digits) : '–';

function markdown(header: string[], rows: string[][], leftColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string =>
    `| ${cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i < leftColumns ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

export function formatTable(s: Partial<Record<ScenarioName, ScenarioFigures>>): string {
  const rows = SCENARIOS.filter((name) => s[name] !== undefined).map((name) => {
    const f = s[name]!;
    return [
      LABELS[name],
      fmt(f.rps, 0),
      fmt(f.p50Ms, 2),
      fmt(f.p99Ms, 2),
      fmt(f.loadedP50Ms, 2),
      fmt(f.loadedP99Ms, 2),
      fmt(f.upstreamPerOp, 2),
      fmt(f.serverCpuUsPerOp, 0),
      fmt(f.sandboxCpuUsPerOp, 0),
      fmt(f.loadCpuUsPerOp, 0),
    ];
  });
  const c = Object.values(s)[0]?.connections ?? 0;
  return markdown(
    [
      'scenario',
      `req/s @${c}c`,
      'p50 ms @1c',
      'p99 ms @1c',
      `p50 ms @${c}c`,
      `p99 ms @${c}c`,
      'upstream/op',
      'server CPU µs/op',
      'sandbox CPU µs/op',
      'load gen CPU µs/op',
    ],
    rows,
  );
}

/** The open-loop lines: rate and percentiles of both sides of `uncachedP99OpenLoop`. */
export function formatOpenLoop(s: Partial<Record<ScenarioName, ScenarioFigures>>): string {
  return (['ceilingCallTuned', 'accountUncached'] as const)
    .flatMap((name) => {
      const open = s[name]?.openLoop;
      return open
        ? [
            `open loop at ${open.rate} req/s: ${LABELS[name]}: p50 ${fmt(open.p50Ms, 2)} ms, p99 ${fmt(open.p99Ms, 2)} ms`,
          ]
        : [];
    })
    .join('\n');
}

const shown = (value: number, unit: string): string =>
  unit === ' µs' || unit === ' B' || unit === ' op/s' ? value.toFixed(0) : value.toFixed(3);

/** Figures with their targets, as a Markdown table; the names of those missed. */
export function formatRatios(
  r: Ratios,
  spreads: Partial<Record<RatioName, Spread>>,
): { text: string; missed: string[] } {
  const missed: string[] = [];
  const rows = (Object.keys(TARGETS) as RatioName[]).map((name) => {
    const t = TARGETS[name];
    const value = r[name];
    const spread = spreads[name];
    const target =
      t.kind === 'report' ? 'printed' : `${t.kind === 'min' ? '≥' : '≤'} ${t.value}${t.unit}`;
    let verdict = '';
    if (value === null) verdict = 'not measured';
    else if (t.kind !== 'report') {
      const ok = t.kind === 'min' ? value >= t.value : value <= t.value;
      if (!ok) missed.push(name);
      verdict = ok ? 'met' : 'MISSED';
    }
    return [
      `\`${name}\``,
      t.label,
      value === null ? '–' : `${shown(value, t.unit)}${t.unit}`,
      spread
        ? `${shown(spread.min, t.unit)} / ${shown(spread.median, t.unit)} / ${shown(spread.max, t.unit)}`
        : '',
      target,
      verdict,
    ];
  });
  const header = ['figure', 'what', 'this run', 'slices min / median / max', 'target', ''];
  return { text: markdown(header, rows, 2), missed };
}

export function formatBounds(b: Record<string, number | null>): string {
  return Object.entries(b)
    .filter(([, value]) => value !== null)
    .map(([name, value]) => `bound: ${name} = ${value} — ${BOUND_NOTES[name] ?? ''}`)
    .join('\n');
}

export function writeResults(file: string, document: unknown): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
}
