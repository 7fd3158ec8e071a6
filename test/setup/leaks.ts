/**
 * Finds processes the tests started that are still alive after the suite: anything whose
 * environment carries this run's marker (children inherit it: redis-server, Chromium, tsx and
 * their children, even when reparented), plus redis-server/Chromium/node processes in the
 * runner's process group (for spawns that pass a clean environment). Linux only (/proc).
 * Hand-written: no maintained package reads a process's inherited environment.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const RUN_MARKER = 'SVC_TEST_RUN';

interface Proc {
  pid: number;
  ppid: number;
  pgrp: number;
  state: string;
  comm: string;
}

function readProc(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may hold spaces or parentheses: split at the last ')'.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const [state = '', ppid = '0', pgrp = '0'] = stat.slice(close + 2).split(' ');
    return { pid, ppid: Number(ppid), pgrp: Number(pgrp), state, comm };
  } catch {
    return undefined; // exited meanwhile, or not ours to read
  }
}

function hasMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1')
      .split('\0')
      .includes(`${RUN_MARKER}=${marker}`);
  } catch {
    return false;
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim().slice(0, 160);
  } catch {
    return '';
  }
}

/** Process names a test may start with a clean environment. */
const SPAWNED = /^(redis-server|chrom|node|tsx|esbuild)/;

export interface Leak {
  pid: number;
  command: string;
}

/** Processes of this run still alive, except the runner, its ancestors and its own workers. */
export function findLeaks(marker: string, runner = process.pid): Leak[] {
  if (!existsSync('/proc/self/stat')) return [];
  const self = readProc(runner);
  if (!self) return [];
  const ancestors = new Set<number>();
  for (let p: Proc | undefined = self; p && p.pid > 1; p = readProc(p.ppid)) ancestors.add(p.pid);
  const leaks: Leak[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || ancestors.has(pid)) continue;
    const proc = readProc(pid);
    // Zombies are dead; the runner's direct children are vitest's workers and esbuild.
    if (!proc || proc.state === 'Z' || proc.ppid === runner) continue;
    const sameGroup = proc.pgrp === self.pgrp && SPAWNED.test(proc.comm);
    if (sameGroup || hasMarker(pid, marker))
      leaks.push({ pid, command: cmdline(pid) || proc.comm });
  }
  return leaks;
}
