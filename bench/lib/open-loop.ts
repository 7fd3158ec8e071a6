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

export async function runOpenLoop(spec: LoadSpec, options: OpenLoopOptions): Promise<LoadResult> {
  const { request, verify } = loadTarget(spec);
  const pool = new Pool(spec.url, { connections: options.connections ?? 64, pipelining: 1 });
  const total = Math.max(1, Math.round(options.rate * options.durationS));
  const intervalNs = 1e9 / options.rate;
  const samples = new Samples();
  const failures = { non2xx: 0, errors: 0, timeouts: 0, mismatches: 0 };
  let sample: string | undefined;
  let ok = 0;
  let settled = 0;
  let finished = 0n;

  const send = async (index: number, dueNs: bigint): Promise<void> => {
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
      finished = now;
      if (answer.statusCode < 200 || answer.statusCode >= 300) {
        failures.non2xx++;
        sample ??= `HTTP ${answer.statusCode} ${text.slice(0, 300)}`;
      } else if (!verify(text)) {
        failures.mismatches++;
        sample ??= text.slice(0, 500);
      } else {
        ok++;
        samples.push(Number(now - dueNs) / 1e6);
      }
    } catch (error) {
      const timeout = /timeout/i.test(String((error as Error).name ?? error));
      if (timeout) failures.timeouts++;
      else failures.errors++;
      sample ??= `request error: ${String(error)}`;
    }
  };

  const started = process.hrtime.bigint();
  await new Promise<void>((resolve) => {
    let sent = 0;
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
  const elapsedS = Number(finished - started) / 1e9;
  const [p50Ms = Number.NaN, p99Ms = Number.NaN] = samples.percentiles(0.5, 0.99);
  return {
    connections: options.connections ?? 64,
    durationS: elapsedS,
    ok,
    rps: elapsedS > 0 ? ok / elapsedS : 0,
    p50Ms,
    p99Ms,
    failures,
    ...(sample === undefined ? {} : { sample }),
    latencies: samples.values(),
  };
}
