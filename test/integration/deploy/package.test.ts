/**
 * The runtime package (`files` in package.json, what `npm pack` and the container ship): the
 * build, the persisted-operations manifest and package.json; no tests, benchmarks, sources or
 * secrets.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('../../../', import.meta.url).pathname;

describe('the runtime package', () => {
  it('holds no tests, benchmarks, sources or secrets (npm pack --dry-run)', () => {
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as [{ files: { path: string }[] }];
    const paths = pack.files.map((f) => f.path);
    expect(paths).toContain('package.json');
    expect(paths).toContain('operations/persisted-documents.json');
    const allowed = /^(dist\/|operations\/persisted-documents\.json$|package\.json$|README\.md$)/;
    expect(paths.filter((p) => !allowed.test(p))).toEqual([]);
    // Files that hold secrets (code that names them, like secret-keys.js, is fine).
    const secretFile = /(^|\/)(\.env[^/]*|[^/]*\.(pem|key)|[^/]*(keystore|seed)[^/]*\.json)$/i;
    expect(paths.filter((p) => secretFile.test(p))).toEqual([]);
  });
});
