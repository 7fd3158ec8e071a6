/**
 * The gateway as operators run it: `npm start` (tsx) and `npm run build && npm run
 * start:prod` (node on dist/). SIGTERM sent to the npm PID must reach the gateway, which
 * drains and exits: the port refuses connections and the process is gone. Also the start-up
 * lines for an unreachable Redis and for unknown variables, and the production defaults;
 * the built gateway exports its traces to an OTLP collector (a small one in the test).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { startCollector } from '../observability/collector.ts';
import { REDIS_URL, uniquePrefix } from './harness.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Started {
  child: ChildProcess;
  stdout: string[];
  origin: string;
  port: number;
  trader: string;
  /** The gateway's own PID (from its `listening` line): npm's child, or npm's grandchild. */
  pid: number;
}

const children: ChildProcess[] = [];
const gatewayPids: number[] = [];

afterEach(() => {
  // A failed test must not leave a gateway listening: kill what is still running.
  for (const pid of gatewayPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
  }
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

function npm(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn('npm', args, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      ADMIN_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

function logLines(stdout: string[]): Array<Record<string, unknown>> {
  return stdout
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Waits for the banner on stderr and the `listening` log line on stdout. */
async function started(child: ChildProcess): Promise<Started> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  child.stdout?.on('data', (b: Buffer) => stdout.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => stderr.push(b.toString()));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr.join('')}`))),
  );
  const ready = vi.waitFor(
    () => {
      const text = stderr.join('');
      const url = /gateway: (http:\/\/\S+)\/graphql/.exec(text)?.[1];
      const trader = /trader:\s+(svcgw_\S+)/.exec(text)?.[1];
      const listening = logLines(stdout).find((line) => line.msg === 'listening');
      if (!url || !trader || !listening) throw new Error('not listening yet');
      gatewayPids.push(listening.pid as number);
      return { url, trader, pid: listening.pid as number };
    },
    { timeout: 30_000, interval: 50 },
  );
  const { url, trader, pid } = await Promise.race([ready, exited]);
  return { child, stdout, origin: url, port: Number(new URL(url).port), trader, pid };
}

/** True once a TCP connection to the port is refused. */
function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function query(app: Started, document: string) {
  const response = await fetch(`${app.origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${app.trader}` },
    body: JSON.stringify({ query: document }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string }> },
  };
}

/** SIGTERM to npm's PID; the gateway must stop listening and exit, and npm exit 0. */
async function sigtermNpm(app: Started): Promise<void> {
  const exit = new Promise<number | null>((resolve) => app.child.once('exit', resolve));
  expect(app.child.kill('SIGTERM')).toBe(true);
  await vi.waitFor(async () => expect(await refuses(app.port)).toBe(true), {
    timeout: 15_000,
    interval: 50,
  });
  await vi.waitFor(() => expect(alive(app.pid)).toBe(false), { timeout: 15_000, interval: 50 });
  expect(await exit).toBe(0);
  expect(logLines(app.stdout).map((line) => line.msg)).toEqual(
    expect.arrayContaining(['shutting down', 'stopped']),
  );
}

// tsc of the whole tree runs inside the start:prod test: generous per-test timeouts.
describe('the gateway process', () => {
  it('npm start: one line each for an unreachable Redis and an unknown variable; SIGTERM to npm stops it', async () => {
    const app = await started(
      npm(['start'], {
        REDIS_URL: 'redis://svcuser:not-this-password@127.0.0.1:1',
        SVC_TYPO_SETTING: '1',
        LOG_LEVEL: 'info',
      }),
    );
    // Degraded, not down: operations still work on the in-process fallback.
    const { status, body } = await query(app, '{ account { id } }');
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    await vi.waitFor(
      () => expect(logLines(app.stdout).some((l) => String(l.msg).includes('redis'))).toBe(true),
      { timeout: 10_000, interval: 50 },
    );

    await sigtermNpm(app);
    const lines = logLines(app.stdout);
    // One start line naming the URL and the error, and at most one more when the store
    // health turns (a transition, not a line per retry), however often the client retried.
    const redis = lines.filter(
      (line) => line.level !== 'info' && JSON.stringify(line).toLowerCase().includes('redis'),
    );
    expect(redis.length).toBeLessThanOrEqual(2);
    const atStart = redis.filter((line) => String(line.msg).includes('at start'));
    expect(atStart).toHaveLength(1);
    expect(atStart[0]).toMatchObject({
      level: 'warn',
      url: 'redis://svcuser:***@127.0.0.1:1',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(app.stdout.join('')).not.toContain('not-this-password');
    const unknown = lines.filter((line) => line.name === 'SVC_TYPO_SETTING');
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ level: 'warn', msg: expect.stringMatching(/unknown/) });
  }, 60_000);

  it('npm run build && npm run start:prod: production defaults, traces exported; SIGTERM to npm stops it', async () => {
    const build = npm(['run', 'build'], {});
    const output: string[] = [];
    build.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
    build.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
    const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
    expect(code, output.join('')).toBe(0);

    const collector = await startCollector();
    onTestFinished(() => collector.close());
    const app = await started(
      npm(['run', 'start:prod'], {
        NODE_ENV: 'production',
        REDIS_URL,
        REDIS_KEY_PREFIX: uniquePrefix('prod'),
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
        OTEL_SERVICE_NAME: 'svc-graphql-prod-test',
      }),
    );
    const account = await query(app, '{ account { id } }');
    expect(account.status).toBe(200);
    expect(account.body.errors).toBeUndefined();
    // dist/ finds the files it reads by path: here the built-in persisted operations.
    const manifest = JSON.parse(
      readFileSync(`${ROOT}/operations/persisted-documents.json`, 'utf8'),
    ) as Record<string, string>;
    const [hash] = Object.entries(manifest).find(
      ([, text]) => text.startsWith('query') && !text.includes('$'),
    ) as [string, string];
    const persisted = await fetch(`${app.origin}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${app.trader}` },
      body: JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }),
    });
    const persistedBody = (await persisted.json()) as { data?: unknown; errors?: unknown[] };
    expect(persistedBody.errors, JSON.stringify(persistedBody)).toBeUndefined();
    expect(persistedBody.data).toBeTruthy();
    const introspection = await query(app, '{ __schema { queryType { name } } }');
    expect(introspection.body.errors?.[0]?.message).toMatch(/introspection has been disabled/i);
    const page = await fetch(`${app.origin}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    await page.body?.cancel();
    expect(logLines(app.stdout).find((l) => l.msg === 'listening')).toMatchObject({
      introspection: false,
      graphiql: false,
      store: 'redis',
    });
    expect(logLines(app.stdout).some((l) => l.msg === 'tracing on')).toBe(true);

    // SIGTERM flushes the batch of spans before the exit.
    await sigtermNpm(app);
    await expect
      .poll(() => collector.spans().map((s) => s.name))
      .toEqual(expect.arrayContaining(['POST /graphql', 'GET /v1/client/info']));
    expect(collector.serviceName()).toBe('svc-graphql-prod-test');
    // The upstream call is a child of a request's trace.
    const requestTraces = collector
      .spans()
      .filter((s) => s.name === 'POST /graphql')
      .map((s) => s.traceId);
    const upstream = collector.spans().find((s) => s.name === 'GET /v1/client/info');
    expect(requestTraces).toContain(upstream?.traceId);
  }, 180_000);
});
