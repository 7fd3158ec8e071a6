/**
 * Parent side of the benchmark's process tree: spawns each server under test as its own
 * Node process, waits for its `BENCH_READY` line, and guarantees that every child is gone when
 * the run ends, fails, or is interrupted. A child's module is a short TypeScript file run
 * through tsx; the gateway and sandbox it starts are dist/'s compiled code (`dist.ts`).
 *
 * A child's stdout and stderr (access logs included) go straight to
 * `bench/results/logs/<name>.log`, so the load generator in this process never spends a cycle
 * on them; the ready line arrives on a pipe of its own (fd 3).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { READY_FD, READY_PREFIX } from './child.ts';

export interface ChildInfo extends Record<string, unknown> {
  url: string;
}

export interface RunningChild {
  name: string;
  pid: number;
  info: ChildInfo;
  logFile: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Module path relative to bench/ (e.g. `servers/ceiling.ts`). */
  module: string;
  env?: Record<string, string>;
  /** Write a V8 CPU profile of this child into `profileDir` on exit. */
  profileDir?: string | undefined;
  readyTimeoutMs?: number;
  /**
   * A command that runs node, e.g. `['prlimit', '--nofile=4096:4096']` to start the child
   * with fewer file descriptors; it must exec node (so the pid is node's). @default none
   */
  wrapper?: string[];
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH_DIR = join(ROOT, 'bench');
export const LOG_DIR = join(BENCH_DIR, 'results', 'logs');
const children = new Set<ChildProcess>();

/** SIGKILLs every child still alive; safe to call from an `exit` handler. */
export function killAllChildren(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

process.on('exit', killAllChildren);

function logTail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export function startChild(name: string, options: StartOptions): Promise<RunningChild> {
  const nodeArgs = ['--import', 'tsx'];
  // One directory per child: the tsx loader thread writes a profile of its own next to the
  // main thread's; `collectProfile` keeps the main one.
  const profileDir = options.profileDir ? join(options.profileDir, name) : undefined;
  if (profileDir) {
    rmSync(profileDir, { recursive: true, force: true });
    mkdirSync(profileDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  }
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = join(LOG_DIR, `${name}.log`);
  const logFd = openSync(logFile, 'w');
  let child: ChildProcess;
  try {
    const [command, ...args] = [
      ...(options.wrapper ?? []),
      process.execPath,
      ...nodeArgs,
      join(BENCH_DIR, options.module),
    ];
    child = spawn(command!, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BENCH_READY_FD: String(READY_FD),
        ...options.env,
      },
      // stdin: a pipe this process holds open; the child exits when it closes (parent gone).
      stdio: ['pipe', logFd, logFd, 'pipe'],
    });
  } finally {
    closeSync(logFd);
  }
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => children.delete(child));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    if (profileDir && options.profileDir) {
      collectProfile(profileDir, join(options.profileDir, `${name}.cpuprofile`));
    }
  };

  return new Promise<RunningChild>((resolve, reject) => {
    let settled = false;
    const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
    const fail = (reason: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      const tail = logTail(logFile);
      reject(new Error(`${name}: ${reason}${tail ? `\n--- ${logFile} ---\n${tail}` : ''}`));
    };
    const timer = setTimeout(() => fail(`not ready after ${readyTimeoutMs} ms`), readyTimeoutMs);
    const readyPipe = child.stdio[READY_FD] as Readable;
    let buffered = '';
    readyPipe.setEncoding('utf8');
    readyPipe.on('data', (chunk: string) => {
      buffered += chunk;
      const newline = buffered.indexOf('\n');
      if (settled || newline < 0) return;
      const line = buffered.slice(0, newline);
      if (!line.startsWith(READY_PREFIX)) return fail(`unexpected line on the ready pipe: ${line}`);
      try {
        const info = JSON.parse(line.slice(READY_PREFIX.length)) as ChildInfo;
        settled = true;
        clearTimeout(timer);
        resolve({ name, pid: child.pid ?? -1, info, logFile, stop });
      } catch (error) {
        fail(`bad ready line: ${String(error)}`);
      }
    });
    readyPipe.on('error', () => {});
    child.once('error', (error) => fail(`failed to start: ${error.message}`));
    child.once('exit', (code, signal) =>
      fail(`exited before ready (code ${code}, signal ${signal})`),
    );
  });
}

/** Moves the main thread's profile (the largest file) to `target` and drops the directory. */
function collectProfile(dir: string, target: string): void {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => ({ path: join(dir, file), size: statSync(join(dir, file)).size }))
    .sort((a, b) => b.size - a.size);
  if (files[0]) renameSync(files[0].path, target);
  rmSync(dir, { recursive: true, force: true });
}

/**
 * CPU time (user + system) a process has used so far, in microseconds, from /proc (Linux);
 * null elsewhere. Kernel ticks are 10 ms (USER_HZ 100), fine over a run of seconds.
 */
export function cpuTimeUs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10_000 : null;
  } catch {
    return null;
  }
}

/**
 * Runs a benchmark's `main` as the entry point: its result is the exit code; a crash or
 * SIGINT/SIGTERM kills every child first, so no server outlives the run.
 */
export function runMain(name: string, main: () => Promise<number>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAllChildren();
      process.exit(130);
    });
  }
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(
        `${name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      killAllChildren();
      process.exitCode = 1;
    },
  );
}
