/**
 * The bench measures dist/, as production runs it: `npm run bench` builds first, and the
 * children that start the gateway or the sandbox load them from dist/ (bench/lib/dist.ts),
 * importing nothing of src/ but types. The peers and the bare-yoga ceiling are bench-only code.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromDist } from '../../../bench/lib/dist.ts';

const ROOT = join(import.meta.dirname, '../../..');
const SERVERS = join(ROOT, 'bench/servers');
/** Bench-only servers: no gateway code under test. */
const BENCH_ONLY = new Set(['ceiling.ts']);

/** `import … from '…/src/…'` lines that load a value (not `import type`). */
function srcValueImports(text: string): string[] {
  return [...text.matchAll(/^import\s+(?!type\s)[^;]*?from\s+'(\.\.\/)+src\/[^']+';/gms)].map(
    (m) => m[0],
  );
}

describe('bench: the children run dist/', () => {
  const servers = readdirSync(SERVERS).filter((f) => f.endsWith('.ts') && !BENCH_ONLY.has(f));

  it('covers the gateway and sandbox children', () => {
    expect(servers).toEqual(expect.arrayContaining(['gateway.ts', 'sandbox.ts']));
  });

  it.each(servers)('%s imports nothing of src/ at run time', (file) => {
    expect(srcValueImports(readFileSync(join(SERVERS, file), 'utf8'))).toEqual([]);
  });

  it('guards the check above (a value import of src/ is found)', () => {
    expect(srcValueImports("import { x } from '../../src/server.ts';\n")).toHaveLength(1);
    expect(srcValueImports("import type { X } from '../../src/server.ts';\n")).toEqual([]);
  });

  it('loads from dist/ the module its types come from (a moved module fails here, not in the bench)', () => {
    const loads = servers.flatMap((file) => [
      ...readFileSync(join(SERVERS, file), 'utf8').matchAll(
        /fromDist<typeof import\('(?:\.\.\/)+src\/([^']+)\.ts'\)>\('([^']+)'\)/g,
      ),
    ]);
    expect(loads.length).toBeGreaterThan(5);
    for (const [, typed, loaded] of loads) {
      expect(loaded).toBe(typed);
      expect(existsSync(join(ROOT, 'src', `${loaded}.ts`))).toBe(true);
    }
  });

  it('builds before every bench that starts these children', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const name of ['bench', 'bench:soak', 'bench:fanout']) {
      expect(scripts[name], name).toMatch(/^npm run build && tsx bench\//);
    }
  });

  it('says what to do when dist/ is missing', async () => {
    const module = 'no-such-module-in-dist';
    expect(existsSync(join(ROOT, 'dist', `${module}.js`))).toBe(false);
    await expect(fromDist(module)).rejects.toThrow(/npm run build/);
  });
});
