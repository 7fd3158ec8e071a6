/**
 * A Redis of the test's own: a `redis-server` child process on a free loopback port, without
 * persistence, that the test may kill, freeze and restart on the same port. Never the shared
 * Redis (other test files use it concurrently). Files using it carry `// @module-tag redis-server`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';

/** A port the OS just handed out and released. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Whether a Redis answers PING on the port (raw RESP, no client library state). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Polls `condition` every `everyMs` until it holds; throws after `timeoutMs`. */
export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 10_000,
  everyMs = 25,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface RedisProcess {
  port: number;
  url: string;
  /** Starts (or restarts) redis-server on `port` and waits until it answers PING. */
  start(): Promise<void>;
  /** SIGKILL: the process and its data are gone; connections see a reset. */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: connections stay open but nothing answers (a hung server). */
  freeze(): void;
  thaw(): void;
  /** Kills the process if it runs. Idempotent. */
  close(): Promise<void>;
}

export async function startRedisProcess(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = once(running, 'exit');
    running.kill('SIGCONT');
    running.kill('SIGKILL');
    await exited;
  };
  const redis: RedisProcess = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) throw new Error('redis-server already running');
      child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--daemonize',
          'no',
        ],
        { stdio: 'ignore' },
      );
      const started = child;
      await waitFor(async () => {
        if (started.exitCode !== null) throw new Error(`redis-server exited (${started.exitCode})`);
        return answersPing(port);
      }, `redis-server on ${port}`);
    },
    kill,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    close: kill,
  };
  await redis.start();
  return redis;
}
