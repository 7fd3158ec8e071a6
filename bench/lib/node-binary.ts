/**
 * The Node binaries the bench's passes run on (`--node 24,20`). A major this process runs on
 * is this process's own binary; another comes from the npm registry's `node` package, as
 * .ci/run installs Node 24 (`npm install --prefix DIR node@24`), kept in a cache directory
 * (BENCH_NODE_CACHE, default ~/.cache/svc-graphql-bench) so that it is fetched once.
 * `BENCH_NODE_<major>=/path/to/node` names a binary instead.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export interface NodeBinary {
  /** What was asked for: `24`, `20`, `current`. */
  wanted: string;
  path: string;
  version: string;
}

const versionOf = (path: string): string =>
  execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();

function fromRegistry(major: string, log: (line: string) => void): string {
  const dir = join(
    process.env.BENCH_NODE_CACHE ?? join(homedir(), '.cache', 'svc-graphql-bench'),
    `node-${major}`,
  );
  const binary = join(dir, 'node_modules', 'node', 'bin', 'node');
  if (existsSync(binary) && versionOf(binary).startsWith(`v${major}.`)) return binary;
  log(`bench: installing node@${major} from the npm registry into ${dir} (once)`);
  execFileSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-audit',
      '--no-fund',
      '--no-package-lock',
      '--prefix',
      dir,
      `node@${major}`,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (!existsSync(binary)) throw new Error(`node@${major}: ${binary} missing after npm install`);
  return binary;
}

/** The binary for `wanted` (`current`, a major such as `24`); throws when it cannot be had. */
export function resolveNode(wanted: string, log: (line: string) => void): NodeBinary {
  if (wanted === 'current' || wanted === process.versions.node.split('.')[0]) {
    return { wanted, path: process.execPath, version: process.version };
  }
  if (!/^\d+$/.test(wanted)) throw new Error(`--node: a major version or "current", not ${wanted}`);
  const named = process.env[`BENCH_NODE_${wanted}`];
  const path = named ?? fromRegistry(wanted, log);
  const version = versionOf(path);
  if (!version.startsWith(`v${wanted}.`)) {
    throw new Error(`${path} is ${version}, not Node ${wanted}`);
  }
  return { wanted, path, version };
}
