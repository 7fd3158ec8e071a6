/**
 * Open-loop load: requests leave on a fixed schedule (`rate` a second) whether or not earlier
 * ones have been answered, as independent users' requests do. A closed loop (autocannon) waits
 * for each answer before the next request, so a slow server is sent less and its latency looks
 * better than users see it; here a request's latency counts from the moment it was due, so
 * time spent waiting for a free connection counts too (no coordinated omission).
 *
 * Requests go over an undici Pool of up to `connections` keep-alive connections (enough that
 * the pool is never what limits the rate at the rates used); request i is trader i's.
 */
import { Pool } from 'undici';
import { type LoadResult, Samples } from './load.ts';
import { type LoadSpec, loadTarget } from './load-spec.ts';

export interface OpenLoopOptions {
  /** Requests per second. */
  rate: number;
  durationS: number;
  /** Most connections the pool opens. @default 64 */
  connections?: number;
}

/** What the requests of one run came to. */
class Tally {
  samples = new Samples();
  failures = { non2xx: 0, errors: 0, timeouts: 0, mismatches: 0 };
  sample: string | undefined;
  ok = 0;
  finished = 0n;
}

/** Sends request `index`, due at `dueNs`, and records its outcome (never throws). */
function sender(spec: LoadSpec, pool: Pool, tally: Tally) {
  const { request, verify } = loadTarget(spec);
  return async (index: number, dueNs: bigint): Promise<void> => {
    const next = request.prepare?.(index) ?? {};
    const body = next.body ?? request.body;
    try {
      const answer = await pool.request({
        method: spec.method,
        path: spec.path,
        headers: { ...request.headers?.(index), ...next.headers },
        ...(body === undefined ? {} : { body }),
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      const text = await answer.body.text();
      const now = process.hrtime.bigint();
      tally.finished = now;
      if (answer.statusCode < 200 || answer.statusCode >= 300) {
        tally.failures.non2xx++;
        tally.sample ??= `HTTP ${answer.statusCode} ${text.slice(0, 300)}`;
      } else if (!verify(text)) {
        tally.failures.mismatches++;
        tally.sample ??= text.slice(0, 500);
      } else {
        tally.ok++;
        tally.samples.push(Number(now - dueNs) / 1e6);
      }
    } catch (error) {
      if (/timeout/i.test(String((error as Error).name ?? error))) tally.failures.timeouts++;
      else tally.failures.errors++;
      tally.sample ??= `request error: ${String(error)}`;
    }
  };
}

export async function runOpenLoop(spec: LoadSpec, options: OpenLoopOptions): Promise<LoadResult> {
  const connections = options.connections ?? 64;
  const pool = new Pool(spec.url, { connections, pipelining: 1 });
  const total = Math.max(1, Math.round(options.rate * options.durationS));
  const intervalNs = 1e9 / options.rate;
  const tally = new Tally();
  const send = sender(spec, pool, tally);
  const started = process.hrtime.bigint();
  await new Promise<void>((resolve) => {
    let sent = 0;
    let settled = 0;
    const done = () => {
      if (++settled === total) resolve();
    };
    // A timer per millisecond sends what has come due: at rates of a few thousand a second
    // that is a handful per tick, each with its own due time (a busy loop would burn the
    // load generator's core and show as its CPU per operation).
    const tick = () => {
      const elapsed = process.hrtime.bigint() - started;
      const due = Math.min(total, Math.floor(Number(elapsed) / intervalNs) + 1);
      for (; sent < due; sent++) {
        send(sent, started + BigInt(Math.round(sent * intervalNs))).then(done);
      }
      if (sent < total) setTimeout(tick, 1);
    };
    tick();
  });
  await pool.close();
  const elapsedS = tally.finished > started ? Number(tally.finished - started) / 1e9 : 0;
  const [p50Ms = Number.NaN, p99Ms = Number.NaN] = tally.samples.percentiles(0.5, 0.99);
  return {
    connections,
    durationS: elapsedS,
    ok: tally.ok,
    rps: elapsedS > 0 ? tally.ok / elapsedS : 0,
    p50Ms,
    p99Ms,
    failures: tally.failures,
    ...(tally.sample === undefined ? {} : { sample: tally.sample }),
    latencies: tally.samples.values(),
  };
}
