import { writeFileSync, writeSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';

/**
 * Helpers for the benchmark's child processes (servers under test). A child announces itself
 * with one `BENCH_READY {json}` line (on fd 3 when the bench spawned it, else stdout) and exits
 * cleanly on SIGTERM, SIGINT, or when its parent goes away (stdin closes). With
 * BENCH_PROFILE_FILE set, SIGUSR2 starts a V8 CPU profile of the main thread (the bench sends it
 * once the warm-up is over), written to that file as the child shuts down.
 */

export const READY_PREFIX = 'BENCH_READY ';
/** The extra pipe the parent reads the ready line from (stdout goes to a log file). */
export const READY_FD = 3;

/** Tells the parent this child is listening; `info` must hold at least `url`. */
export function announce(info: { url: string } & Record<string, unknown>): void {
  const line = `${READY_PREFIX}${JSON.stringify(info)}\n`;
  const fd = Number(process.env.BENCH_READY_FD);
  if (Number.isInteger(fd) && fd > 2) writeSync(fd, line);
  else process.stdout.write(line);
}

/** SIGUSR2 starts the profile; the returned function stops it and writes the file. */
function profileOnSignal(file: string | undefined): () => Promise<void> {
  if (!file) return async () => {};
  let session: Session | undefined;
  process.on('SIGUSR2', () => {
    if (session) return;
    session = new Session();
    session.connect();
    void session.post('Profiler.enable').then(() => session?.post('Profiler.start'));
  });
  return async () => {
    if (!session) return;
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    writeFileSync(file, JSON.stringify(profile));
  };
}

/** Runs `close` once on the first shutdown signal, then exits 0 (1 if closing failed). */
export function onShutdown(close: () => Promise<void> | void): void {
  let closing = false;
  const profileFile = process.env.BENCH_PROFILE_FILE;
  const writeProfile = profileOnSignal(profileFile);
  const stop = (): void => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => process.exit(0), profileFile ? 25_000 : 2_000);
    force.unref();
    Promise.resolve()
      .then(writeProfile)
      .then(close)
      .then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`close failed: ${String(error)}\n`);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The parent holds our stdin open; when it dies (even by SIGKILL) the pipe closes.
  process.stdin.on('end', stop);
  process.stdin.on('error', stop);
  process.stdin.resume();
}

/** Reads a required environment variable or fails with its name. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
}

/**
 * Serves `listener` on 127.0.0.1, port 0, announces its URL (plus `info`), and on shutdown
 * drops open connections, stops listening, then runs `close` (the server's own resources).
 */
export async function serve(
  listener: RequestListener,
  options: { info?: Record<string, unknown>; close?: () => Promise<void> | void } = {},
): Promise<void> {
  const server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  announce({ ...options.info, url: `http://127.0.0.1:${port}` });
  onShutdown(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await options.close?.();
  });
}
