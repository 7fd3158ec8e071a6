/**
 * Connection flood (issue 23): one anonymous client IP opens thousands of graphql-ws
 * connections that send `connection_init {}` and nothing more, against a gateway process
 * limited to `fdLimit` file descriptors; while they are held open, `/health` and a trader's
 * query (from another IP) must still answer, and the admin listener too. Before the
 * connection caps, 20,000 such connections used up the process's descriptors and every
 * request failed.
 *
 * Loopback only: the flood comes from 127.0.0.2 (`localAddress`; the loopback range works on
 * Linux), the checks from 127.0.0.1. Bounded: `connections` attempts, at most `inFlight` at a
 * time, each given up after 10 s; the sandbox and gateway are this run's own child processes.
 */
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { type RunningChild, startChild } from './processes.ts';

export interface ConnectionFloodOptions {
  /** graphql-ws connections the flood attempts. @default 5000 */
  connections?: number;
  /** The gateway process's open-file limit (soft and hard). @default 4096 */
  fdLimit?: number;
  /** Connection attempts under way at once. @default 250 */
  inFlight?: number;
  /** Address the flood comes from. @default 127.0.0.2 */
  floodAddress?: string;
}

export interface ConnectionFloodResult {
  connections: number;
  fdLimit: number;
  /** The gateway's connection cap as it derived it from its fd limit. */
  maxConnections: number;
  /** Flood connections acknowledged (and held open) / refused (HTTP status or reset) / timed out. */
  acked: number;
  refused: number;
  timedOut: number;
  /** Refusals by what the client saw: an HTTP status, `reset` (closed before any answer). */
  refusedBy: Record<string, number>;
  /** From the gateway's /metrics while the flood is held: open graphql-ws connections, refusals. */
  open: number;
  gatewayRefused: number;
  health: string;
  trader: string;
  ready: string;
  /** /health, the trader's query and /ready all answered. */
  ok: boolean;
}

const ATTEMPT_TIMEOUT_MS = 10_000;
const CHECK_TIMEOUT_MS = 5_000;

type Attempt =
  | { kind: 'acked'; ws: WebSocket }
  | { kind: 'refused'; by: string }
  | { kind: 'timeout' };

/** One flood connection: `connection_init {}`, then nothing. */
function attempt(url: string, localAddress: string): Promise<Attempt> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, 'graphql-transport-ws', { localAddress });
    const timer = setTimeout(() => {
      ws.terminate();
      resolve({ kind: 'timeout' });
    }, ATTEMPT_TIMEOUT_MS);
    const done = (result: Attempt) => {
      clearTimeout(timer);
      resolve(result);
    };
    ws.on('open', () => ws.send('{"type":"connection_init","payload":{}}'));
    ws.on('message', () => done({ kind: 'acked', ws }));
    ws.on('unexpected-response', (req, res) => {
      res.resume();
      req.destroy();
      done({ kind: 'refused', by: String(res.statusCode) });
    });
    ws.on('close', (code) => done({ kind: 'refused', by: `close ${code}` }));
    ws.on('error', () => done({ kind: 'refused', by: 'reset' }));
  });
}

/** `ok`, or what went wrong, within CHECK_TIMEOUT_MS. */
async function check(url: string, init: RequestInit, good: (body: string) => boolean) {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    const body = await response.text();
    return response.ok && good(body) ? 'ok' : `HTTP ${response.status} ${body.slice(0, 120)}`;
  } catch (error) {
    return `failed: ${(error as Error).cause ?? (error as Error).message}`;
  }
}

const sample = (metrics: string, pattern: RegExp): number =>
  [...metrics.matchAll(pattern)].reduce((sum, m) => sum + Number(m[1]), 0);

async function flood(url: string, options: Required<ConnectionFloodOptions>) {
  const held: WebSocket[] = [];
  const refusedBy: Record<string, number> = {};
  let next = 0;
  let timedOut = 0;
  const worker = async () => {
    while (next < options.connections) {
      next += 1;
      const result = await attempt(url, options.floodAddress);
      if (result.kind === 'acked') held.push(result.ws);
      else if (result.kind === 'timeout') timedOut += 1;
      else refusedBy[result.by] = (refusedBy[result.by] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: options.inFlight }, worker));
  return { held, refusedBy, timedOut };
}

export async function runConnectionFlood(
  options: ConnectionFloodOptions = {},
): Promise<ConnectionFloodResult> {
  const opts: Required<ConnectionFloodOptions> = {
    connections: options.connections ?? 5_000,
    fdLimit: options.fdLimit ?? 4_096,
    inFlight: options.inFlight ?? 250,
    floodAddress: options.floodAddress ?? '127.0.0.2',
  };
  const children: RunningChild[] = [];
  let held: WebSocket[] = [];
  try {
    const sandbox = await startChild('flood-sandbox', {
      module: 'servers/sandbox.ts',
      env: { BENCH_TRADER_COUNT: '1' },
    });
    children.push(sandbox);
    const token = `bench_${randomBytes(24).toString('base64url')}`;
    const trader = (sandbox.info.traders as Record<string, string>[])[0]!;
    const gateway = await startChild('flood-gateway', {
      module: 'servers/flood-gateway.ts',
      wrapper: ['prlimit', `--nofile=${opts.fdLimit}:${opts.fdLimit}`],
      env: {
        SVC_BASE_URL: String(sandbox.info.url),
        BENCH_TRADERS: JSON.stringify([{ ...trader, token }]),
        UPSTREAM_LIMIT_SCALE: '1000000',
        LOG_LEVEL: 'warn',
      },
    });
    children.push(gateway);
    const { url, adminUrl } = gateway.info as { url: string; adminUrl: string };
    const result = await flood(`${url.replace(/^http/, 'ws')}/graphql`, opts);
    held = result.held;
    // Held open: the gateway must still answer its probes and a trader.
    const [health, trader_, ready, metrics] = await Promise.all([
      check(`${url}/health`, {}, () => true),
      check(
        `${url}/graphql`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: '{"query":"{ account { id } }"}',
        },
        (body) => body.includes(`"id":"${trader.accountId}"`),
      ),
      check(`${adminUrl}/ready`, {}, (body) => body.includes('"ready"')),
      fetch(`${adminUrl}/metrics`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
        .then((r) => r.text())
        .catch(() => ''),
    ]);
    const refused = Object.values(result.refusedBy).reduce((a, b) => a + b, 0);
    return {
      connections: opts.connections,
      fdLimit: Number(gateway.info.fdLimit ?? opts.fdLimit),
      maxConnections: Number(gateway.info.maxConnections),
      acked: held.length,
      refused,
      timedOut: result.timedOut,
      refusedBy: result.refusedBy,
      open: sample(metrics, /^svc_connections_open\{kind="ws"\} (\d+)$/gm),
      gatewayRefused: sample(metrics, /^svc_connections_refused_total\{[^}]*\} (\d+)$/gm),
      health,
      trader: trader_,
      ready,
      ok: health === 'ok' && trader_ === 'ok' && ready === 'ok',
    };
  } finally {
    for (const ws of held) ws.terminate();
    await Promise.all(children.map((child) => child.stop()));
  }
}

/** The scenario's line: `connectionFlood: health=ok trader=ok refused=… open=…`. */
export function describeConnectionFlood(r: ConnectionFloodResult): string {
  const by = Object.entries(r.refusedBy)
    .map(([what, n]) => `${what}: ${n}`)
    .join(', ');
  return (
    `connectionFlood: health=${r.health} trader=${r.trader} ready=${r.ready} ` +
    `refused=${r.refused} open=${r.open} (${r.connections} idle graphql-ws connections from one ` +
    `IP, gateway limited to ${r.fdLimit} fds, cap ${r.maxConnections}; acked ${r.acked}` +
    `${by ? `, refused by ${by}` : ''}${r.timedOut ? `, timed out ${r.timedOut}` : ''})`
  );
}
