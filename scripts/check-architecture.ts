/**
 * `npm run check:architecture`: the figures issue 24 holds src/ to, printed as a table and
 * enforced (exit 1 when one is off; CI runs it). `--report` prints without failing.
 *
 * Sizes come from the TypeScript AST (functions) and line counts (files); imports from
 * dependency-cruiser (`.dependency-cruiser.mjs`: cycles, schema ↔ resolvers).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { functionSizes } from './lib/function-sizes.ts';

const MAX_MEDIAN_FILE = 80;
const MAX_FILE = 300;
const MAX_FUNCTION = 60;
/** Files that are data (tables of rows), allowed past MAX_FILE. */
const DATA_TABLES = new Set<string>(['src/contract/endpoints.ts']);
const INTERNALS = /_headerSent|outputData|_httpMessage|keepNames|__name/;

interface Check {
  name: string;
  value: string;
  ok: boolean;
  detail?: string[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

function importViolations(): Map<string, string[]> {
  // dependency-cruiser exits non-zero when it finds violations; the JSON is on stdout either way.
  let out: string;
  try {
    out = execFileSync(
      'npx',
      ['depcruise', 'src', '--config', '.dependency-cruiser.mjs', '--output-type', 'json'],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
    );
  } catch (error) {
    out = (error as { stdout?: string }).stdout ?? '';
  }
  const { summary } = JSON.parse(out) as {
    summary: {
      violations: { rule: { name: string }; from: string; to: string; cycle?: unknown[] }[];
    };
  };
  const byRule = new Map<string, string[]>();
  for (const v of summary.violations) {
    const list = byRule.get(v.rule.name) ?? [];
    list.push(`${v.from} → ${v.to}`);
    byRule.set(v.rule.name, list);
  }
  return byRule;
}

function checks(): Check[] {
  const files = sourceFiles('src');
  const lines = new Map(files.map((f) => [f, readFileSync(f, 'utf8').split('\n').length - 1]));
  const big = files.filter((f) => (lines.get(f) ?? 0) > MAX_FILE && !DATA_TABLES.has(f));
  const long = files.flatMap((f) =>
    functionSizes(f, readFileSync(f, 'utf8'))
      .filter((fn) => fn.lines > MAX_FUNCTION)
      .map((fn) => `${f}:${fn.line} ${fn.name} ${fn.lines}`),
  );
  const internals = files.filter((f) => INTERNALS.test(readFileSync(f, 'utf8')));
  const imports = importViolations();
  const cycles = imports.get('no-circular') ?? [];
  const crossings = [
    ...(imports.get('resolvers-not-into-schema') ?? []),
    ...(imports.get('schema-not-into-resolvers') ?? []),
  ];
  const med = median([...lines.values()]);
  return [
    {
      name: `median src file ≤ ${MAX_MEDIAN_FILE} lines`,
      value: `${med} (${files.length} files)`,
      ok: med <= MAX_MEDIAN_FILE,
    },
    {
      name: `no file over ${MAX_FILE} lines (data tables aside)`,
      value: String(big.length),
      ok: big.length === 0,
      detail: big.map((f) => `${f} ${lines.get(f)}`),
    },
    {
      name: `no function over ${MAX_FUNCTION} lines`,
      value: String(long.length),
      ok: long.length === 0,
      detail: long,
    },
    {
      name: 'no import cycles',
      value: String(cycles.length),
      ok: cycles.length === 0,
      detail: cycles,
    },
    {
      name: 'schema/ ↔ resolvers/ only through schema/types.ts',
      value: String(crossings.length),
      ok: crossings.length === 0,
      detail: crossings,
    },
    {
      name: 'no library internals or keepNames in src/',
      value: String(internals.length),
      ok: internals.length === 0,
      detail: internals,
    },
    {
      name: 'no patches/',
      value: existsSync('patches') ? 'present' : 'none',
      ok: !existsSync('patches'),
    },
  ];
}

const { values } = parseArgs({
  options: { report: { type: 'boolean' }, verbose: { type: 'boolean', short: 'v' } },
});
const results = checks();
for (const c of results) {
  console.log(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.value}`);
  if (!c.ok && c.detail?.length) {
    const shown = values.verbose ? c.detail : c.detail.slice(0, 8);
    for (const d of shown) console.log(`        ${d}`);
    if (shown.length < c.detail.length)
      console.log(`        … ${c.detail.length - shown.length} more (-v)`);
  }
}
const failed = results.filter((c) => !c.ok).length;
console.log(
  failed
    ? `check:architecture: ${failed} of ${results.length} checks off`
    : 'check:architecture: all checks pass',
);
if (failed && !values.report) process.exitCode = 1;
