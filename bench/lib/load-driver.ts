/**
 * The bench's side of the load generator (bench/lib/load-worker.ts): starts it as a child of
 * its own, pinned to the load CPU when there is one, sends it runs and reads its CPU time.
 */
import type { LoadResult } from './load.ts';
import type { LoadSpec } from './load-spec.ts';
import type { LoadCommand, LoadReply, LoadRun } from './load-worker.ts';
import { type Pinning, pin } from './pinning.ts';
import { cpuTimeUs, type RunningChild, startChild } from './processes.ts';

export interface LoadDriver {
  pid: number;
  /** Closed loop: `connections` connections for `durationS` seconds. */
  closed(spec: LoadSpec, options: { connections: number; durationS: number }): Promise<LoadResult>;
  /** Open loop: `rate` requests a second for `durationS` seconds. */
  open(spec: LoadSpec, options: { rate: number; durationS: number }): Promise<LoadResult>;
  /** The load generator's CPU time so far, µs (null where /proc is missing). */
  cpuUs(): number | null;
  stop(): Promise<void>;
}

export async function startLoadDriver(pinning: Pinning): Promise<LoadDriver> {
  const child: RunningChild = await startChild('load', {
    module: 'lib/load-worker.ts',
    ipc: true,
  });
  if (pinning.pinned) pin(child.pid, pinning.loadCpus);
  const pending = new Map<
    number,
    { resolve: (r: LoadResult) => void; reject: (e: Error) => void }
  >();
  let nextId = 0;
  child.process.on('message', (reply: LoadReply) => {
    const waiter = pending.get(reply.id);
    if (!waiter) return;
    pending.delete(reply.id);
    if ('error' in reply) waiter.reject(new Error(`load generator: ${reply.error}`));
    else waiter.resolve(reply.result);
  });
  child.process.once('exit', (code, signal) => {
    for (const waiter of pending.values()) {
      waiter.reject(new Error(`load generator exited (code ${code}, signal ${signal})`));
    }
    pending.clear();
  });
  const send = (command: LoadRun): Promise<LoadResult> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.process.send({ ...command, id } satisfies LoadCommand);
    });
  return {
    pid: child.pid,
    closed: (spec, options) => send({ kind: 'closed', spec, ...options }),
    open: (spec, options) => send({ kind: 'open', spec, ...options }),
    cpuUs: () => cpuTimeUs(child.pid),
    stop: () => child.stop(),
  };
}
