/**
 * Which cores the load generator and the servers under test run on. With `taskset` and at
 * least two usable CPUs, the load generator (and this process, which only steers) gets the
 * last CPU to itself and every server the others; otherwise nothing is pinned and the run says
 * so loudly: the load generator then competes with the servers it measures, which pulls every
 * throughput figure towards the others (CPU per operation is less affected).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

export interface Pinning {
  pinned: boolean;
  /** `taskset -c` lists, e.g. `1` and `0`; empty when not pinned. */
  loadCpus: string;
  serverCpus: string;
  /** Every CPU this process may use: where children start (they inherit the affinity). */
  allCpus: string;
  /** Why nothing is pinned (empty when pinned). */
  reason: string;
}

/** The CPUs this process may run on (`Cpus_allowed_list` of /proc), e.g. [0, 1]. */
function allowedCpus(): number[] {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const list = /^Cpus_allowed_list:\s*(.+)$/m.exec(status)?.[1] ?? '';
    return list.split(',').flatMap((part) => {
      const [from, to = from] = part.trim().split('-').map(Number);
      if (!Number.isInteger(from) || !Number.isInteger(to)) return [];
      return Array.from({ length: to! - from! + 1 }, (_, i) => from! + i);
    });
  } catch {
    return [];
  }
}

const hasTaskset = (): boolean => spawnSync('taskset', ['--version']).status === 0;

export function planPinning(): Pinning {
  const cpus = allowedCpus();
  const unpinned = (reason: string): Pinning => ({
    pinned: false,
    loadCpus: '',
    serverCpus: '',
    allCpus: '',
    reason,
  });
  if (process.platform !== 'linux') return unpinned(`${process.platform}: no taskset`);
  if (!hasTaskset()) return unpinned('taskset not found (util-linux)');
  if (cpus.length < 2) {
    return unpinned(`only ${cpus.length || availableParallelism()} usable CPU(s)`);
  }
  const load = cpus.at(-1)!;
  return {
    pinned: true,
    loadCpus: String(load),
    serverCpus: cpus.slice(0, -1).join(','),
    allCpus: cpus.join(','),
    reason: '',
  };
}

/**
 * Moves a running process, every thread of it, onto `cpus` (threads it starts later inherit
 * it). Servers are pinned once they are up: a dozen of them starting on one core would take
 * long enough to hit their ready timeouts on a busy machine.
 */
export function pin(pid: number, cpus: string): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { encoding: 'utf8' });
  if (result.status !== 0)
    throw new Error(`taskset -a -p -c ${cpus} ${pid}: ${result.stderr.trim()}`);
}

/**
 * This process, which only steers, sits on the load generator's CPU while scenarios are
 * measured (`measuring` true) and may use every CPU otherwise. A child inherits its parent's
 * affinity as it is spawned: servers and the extra runs' processes started from a pinned
 * steering process would all start on the load CPU, taking twice as long on two cores.
 */
export function steerOn(p: Pinning, measuring: boolean): void {
  if (p.pinned) pin(process.pid, measuring ? p.loadCpus : p.allCpus);
}

export function describePinning(p: Pinning): string {
  return p.pinned
    ? `load generator pinned to CPU ${p.loadCpus}, servers to CPU ${p.serverCpus} (taskset)`
    : `WARNING: nothing pinned (${p.reason}): the load generator shares the servers' cores, ` +
        'which pulls throughput ratios towards 1; judge by CPU per operation';
}
