/**
 * stdout, written in batches: to a file or a pipe stdout writes synchronously, and under load
 * a syscall per access-log line costs more than building the line. Lines keep their order and
 * reach stdout within FLUSH_MS (or once 16 KiB are pending); a warning or an error is written
 * at once, with whatever came before it, and the buffer is flushed when the process exits.
 */
const FLUSH_MS = 10;
const FLUSH_BYTES = 16 * 1024;
let pending = '';
let flushTimer: NodeJS.Timeout | undefined;
function flushStdout(): void {
  if (flushTimer !== undefined) {
    clearTimeout(flushTimer);
    flushTimer = undefined;
  }
  if (pending === '') return;
  const out = pending;
  pending = '';
  process.stdout.write(out);
}
let exitHookInstalled = false;
export function writeStdout(line: string, urgent: boolean): void {
  pending += line;
  if (urgent || pending.length >= FLUSH_BYTES) {
    flushStdout();
    return;
  }
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', flushStdout);
  }
  if (flushTimer === undefined) {
    flushTimer = setTimeout(flushStdout, FLUSH_MS);
    flushTimer.unref();
  }
}
