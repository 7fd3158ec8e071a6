/**
 * stdout, written in batches: to a file or a pipe stdout writes synchronously, and under load
 * a syscall per access-log line costs more than building the line. Lines keep their order and
 * reach stdout within FLUSH_MS (or once 16 KiB or MAX_DEFERRED lines are pending); a warning
 * or an error is written at once, with whatever came before it, and the buffer is flushed when
 * the process exits.
 *
 * A deferred line (`deferStdout`, the logger's info and debug lines of plain values) is
 * queued as the function that formats it, and formatted when its batch is written: the request
 * that logged it does not wait for the formatting (the access log's time, redaction and JSON).
 */
const FLUSH_MS = 10;
const FLUSH_BYTES = 16 * 1024;
/** Deferred lines queued at most; past it they are formatted at once (memory stays bounded). */
const MAX_DEFERRED = 1_024;

let pending = '';
let deferred: (() => string)[] = [];
let flushTimer: NodeJS.Timeout | undefined;
let exitHookInstalled = false;

/** Formats the deferred lines, in order, into `pending`. */
function formatDeferred(): void {
  const lines = deferred;
  deferred = [];
  for (const format of lines) pending += `${format()}\n`;
}

function flushStdout(): void {
  if (flushTimer !== undefined) {
    clearTimeout(flushTimer);
    flushTimer = undefined;
  }
  if (deferred.length > 0) formatDeferred();
  if (pending === '') return;
  const out = pending;
  pending = '';
  process.stdout.write(out);
}

function scheduleFlush(): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', flushStdout);
  }
  if (flushTimer === undefined) {
    flushTimer = setTimeout(flushStdout, FLUSH_MS);
    flushTimer.unref();
  }
}

export function writeStdout(line: string, urgent: boolean): void {
  // Lines queued before this one come first.
  if (deferred.length > 0) formatDeferred();
  pending += line;
  if (urgent || pending.length >= FLUSH_BYTES) {
    flushStdout();
    return;
  }
  scheduleFlush();
}

/** Queues a line (`format` returns it without its newline) to be formatted when written. */
export function deferStdout(format: () => string): void {
  deferred.push(format);
  if (deferred.length >= MAX_DEFERRED) {
    flushStdout();
    return;
  }
  scheduleFlush();
}
