/**
 * For the in-process bench tools run under `valgrind --tool=callgrind --instr-atstart=no`:
 * instructions are counted only between `on` and `off` (the measured operations), a figure
 * that a busy machine does not move, unlike CPU time.
 */
import { execFile } from 'node:child_process';

/** Turns callgrind's instrumentation of this process on or off (the event loop keeps running). */
export async function callgrindControl(state: 'on' | 'off'): Promise<void> {
  const tick = setInterval(() => {}, 5);
  await new Promise<void>((resolve, reject) =>
    execFile('callgrind_control', ['-i', state, String(process.pid)], (error) =>
      error ? reject(error) : resolve(),
    ),
  );
  clearInterval(tick);
}
