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
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
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
  /** The process, for its IPC channel (`ipc: true`). */
  process: ChildProcess;
  /** Milliseconds from spawning to the ready line. */
  readyMs: number;
  /**
   * Starts the CPU profile of a child started with `profileDir` (SIGUSR2, see child.ts): the
   * bench starts them once every scenario is warmed up, so module loading and V8's first
   * compilations stay out of the profile. It is written when the child stops.
   */
  startProfile(): void;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Module path relative to bench/ (e.g. `servers/ceiling.ts`). */
  module: string;
  env?: Record<string, string>;
  /** Where this child writes `<name>.cpuprofile` once `startProfile()` was called. */
  profileDir?: string | undefined;
  readyTimeoutMs?: number;
  /**
   * A command that runs node, e.g. `['prlimit', '--nofile=4096:4096']` to start the child
   * with fewer file descriptors, or `['taskset', '-c', '0']` to pin it to CPU 0; it must exec
   * node (so the pid is node's). @default none
   */
  wrapper?: string[];
  /** An IPC channel (advanced serialization) to the child: `process.send`. @default false */
  ipc?: boolean;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BENCH_DIR = join(ROOT, 'bench');
export const LOG_DIR = join(BENCH_DIR, 'results', 'logs');
const children = new Set<ChildProcess>();

let nodeBinary = process.execPath;
/** The node every later child runs on (the bench's passes: Node 24, then Node 20). */
export function setChildNode(binary: string): void {
  nodeBinary = binary;
}

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

function spawnChild(name: string, options: StartOptions): { child: ChildProcess; logFile: string } {
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = join(LOG_DIR, `${name}.log`);
  const logFd = openSync(logFile, 'w');
  const profileFile = options.profileDir ? join(options.profileDir, `${name}.cpuprofile`) : '';
  if (options.profileDir) mkdirSync(options.profileDir, { recursive: true });
  try {
    const [command, ...args] = [
      ...(options.wrapper ?? []),
      nodeBinary,
      '--import',
      'tsx',
      join(BENCH_DIR, options.module),
    ];
    const child = spawn(command!, args, {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BENCH_READY_FD: String(READY_FD),
        ...(profileFile ? { BENCH_PROFILE_FILE: profileFile } : {}),
        ...options.env,
      },
      // stdin: a pipe this process holds open; the child exits when it closes (parent gone).
      stdio: ['pipe', logFd, logFd, 'pipe', ...(options.ipc ? (['ipc'] as const) : [])],
      ...(options.ipc ? { serialization: 'advanced' as const } : {}),
    });
    return { child, logFile };
  } finally {
    closeSync(logFd);
  }
}

export function startChild(name: string, options: StartOptions): Promise<RunningChild> {
  const spawnedAt = Date.now();
  const { child, logFile } = spawnChild(name, options);
  children.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => children.delete(child));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      // A child writing its CPU profile may take a few seconds.
      const timer = setTimeout(() => child.kill('SIGKILL'), options.profileDir ? 30_000 : 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const startProfile = (): void => {
    if (options.profileDir && child.exitCode === null) child.kill('SIGUSR2');
  };

  return new Promise<RunningChild>((resolve, reject) => {
    let settled = false;
    // Generous: a dozen servers start at once, and a busy machine slows each of them down.
    const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
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
        const pid = child.pid ?? -1;
        const readyMs = Date.now() - spawnedAt;
        resolve({ name, pid, info, logFile, process: child, readyMs, startProfile, stop });
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
