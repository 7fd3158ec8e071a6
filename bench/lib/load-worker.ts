/**
 * The load generator, a child process of its own (bench/lib/load-driver.ts starts it, pinned
 * to a core of its own where the machine allows): its CPU is not the bench's or a server's,
 * and the bench reads it per operation. Takes runs over its IPC channel:
 *   { id, kind: 'closed', spec, connections, durationS }  autocannon, closed loop (load.ts)
 *   { id, kind: 'open', spec, rate, durationS }           fixed arrival rate (open-loop.ts)
 * and answers `{ id, result }` or `{ id, error }`, one run at a time.
 */
import { announce, onShutdown } from './child.ts';
import { type LoadResult, runLoad } from './load.ts';
import { type LoadSpec, loadTarget } from './load-spec.ts';
import { runOpenLoop } from './open-loop.ts';

export type LoadRun =
  | { kind: 'closed'; spec: LoadSpec; connections: number; durationS: number }
  | { kind: 'open'; spec: LoadSpec; rate: number; durationS: number };
export type LoadCommand = LoadRun & { id: number };

export type LoadReply = { id: number; result: LoadResult } | { id: number; error: string };

function run(command: LoadCommand): Promise<LoadResult> {
  if (command.kind === 'open') {
    return runOpenLoop(command.spec, { rate: command.rate, durationS: command.durationS });
  }
  return runLoad(loadTarget(command.spec), {
    connections: command.connections,
    durationS: command.durationS,
  });
}

const send = (reply: LoadReply): void => {
  process.send?.(reply);
};

if (!process.send) throw new Error('load-worker: start it with an IPC channel (load-driver.ts)');
let queue = Promise.resolve();
process.on('message', (command: LoadCommand) => {
  queue = queue.then(() =>
    run(command).then(
      (result) => send({ id: command.id, result }),
      (error: unknown) => send({ id: command.id, error: String((error as Error)?.stack ?? error) }),
    ),
  );
});
announce({ url: 'ipc:', node: process.version });
onShutdown(() => queue);
