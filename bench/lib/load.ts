/**
 * The load generator: autocannon, closed loop (each connection sends its next request when the
 * previous answer arrives), HTTP/1.1 keep-alive, no pipelining.
 *
 * autocannon's own latency histogram stores whole milliseconds, too coarse for sub-millisecond
 * targets, so latencies are taken from its per-response event (hrtime, microsecond resolution)
 * and the percentiles computed here. Throughput is 2xx answers divided by the measured wall time.
 * Any non-2xx answer, socket error, timeout or body mismatch is counted and fails the run.
 */
import autocannon from 'autocannon';

export interface LoadRequest {
  method?: 'GET' | 'POST';
  path: string;
  /** Headers of every request of connection number `connection` (0, 1, …). */
  headers?: (connection: number) => Record<string, string>;
  body?: string;
  /** Called before each request of a connection: what to send this time (e.g. freshly signed). */
  prepare?: (connection: number) => { headers?: Record<string, string>; body?: string };
}

export interface LoadTarget {
  url: string;
  request: LoadRequest;
  /** Whether an answer's body is what a success looks like. */
  verify: (body: string) => boolean;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
}

export interface LoadResult {
  connections: number;
  durationS: number;
  ok: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  failures: { non2xx: number; errors: number; timeouts: number; mismatches: number };
  /** First failing body seen, for the error message. */
  sample?: string;
  /** Every 2xx answer's latency, ms (to combine the slices of one scenario). */
  latencies: Float64Array;
}

export class Samples {
  #values = new Float64Array(1 << 16);
  #length = 0;

  push(value: number): void {
    if (this.#length === this.#values.length) {
      const grown = new Float64Array(this.#values.length * 2);
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#length++] = value;
  }

  values(): Float64Array {
    return this.#values.slice(0, this.#length);
  }

  /** Nearest-rank percentiles (p in 0..1), or NaN when empty. */
  percentiles(...ps: number[]): number[] {
    const sorted = this.#values.subarray(0, this.#length).sort();
    return ps.map((p) =>
      sorted.length === 0
        ? Number.NaN
        : (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ??
          Number.NaN),
    );
  }
}

/** The slices of one scenario's measurement as one: their answers, time, failures, latencies. */
export function combineLoads(parts: LoadResult[]): LoadResult {
  const samples = new Samples();
  let ok = 0;
  let durationS = 0;
  const failures = { non2xx: 0, errors: 0, timeouts: 0, mismatches: 0 };
  let sample: string | undefined;
  for (const part of parts) {
    ok += part.ok;
    durationS += part.durationS;
    for (const key of Object.keys(failures) as (keyof typeof failures)[]) {
      failures[key] += part.failures[key];
    }
    sample ??= part.sample;
    for (const value of part.latencies) samples.push(value);
  }
  const [p50Ms = Number.NaN, p99Ms = Number.NaN] = samples.percentiles(0.5, 0.99);
  return {
    connections: parts[0]?.connections ?? 0,
    durationS,
    ok,
    rps: durationS > 0 ? ok / durationS : 0,
    p50Ms,
    p99Ms,
    failures,
    ...(sample === undefined ? {} : { sample }),
    latencies: samples.values(),
  };
}

export function failureCount(result: LoadResult): number {
  const f = result.failures;
  return f.non2xx + f.errors + f.timeouts + f.mismatches;
}

export async function runLoad(target: LoadTarget, options: LoadOptions): Promise<LoadResult> {
  const { request } = target;
  const samples = new Samples();
  let ok = 0;
  let sample: string | undefined;
  // Each connection gets its own request (its own caller, its own signing state).
  const requestFor = (connection: number): autocannon.Request => {
    const base: autocannon.Request = {
      method: request.method ?? 'GET',
      path: request.path,
      headers: request.headers?.(connection) ?? {},
      ...(request.body !== undefined ? { body: request.body } : {}),
    };
    const prepare = request.prepare;
    if (!prepare) return base;
    return {
      ...base,
      setupRequest: (req: autocannon.Request) => {
        const next = prepare(connection);
        return {
          ...req,
          ...(next.headers !== undefined ? { headers: next.headers } : {}),
          ...(next.body !== undefined ? { body: next.body } : {}),
        };
      },
    };
  };
  let connections = 0;

  const started = process.hrtime.bigint();
  let finished = started;
  const instance = autocannon(
    {
      url: target.url,
      connections: options.connections,
      duration: options.durationS,
      // autocannon checks its stop flag once per sample interval.
      sampleInt: Math.min(1_000, Math.max(50, Math.round((options.durationS * 1_000) / 10))),
      timeout: 10,
      requests: [requestFor(0)],
      setupClient: (client) => {
        client.setRequests([requestFor(connections++)]);
      },
      verifyBody: (body) => {
        const good = typeof body === 'string' && target.verify(body);
        if (!good && sample === undefined) sample = String(body).slice(0, 500);
        return good;
      },
    },
    () => {},
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    finished = process.hrtime.bigint();
    if (statusCode >= 200 && statusCode < 300) {
      ok++;
      samples.push(responseTime);
    }
  });
  instance.on('reqError', (error: unknown) => {
    if (sample === undefined) sample = `request error: ${String(error)}`;
  });
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance.once('done', resolve);
    instance.once('error', reject);
  });
  const elapsedS = Number(finished - started) / 1e9;
  const [p50Ms = Number.NaN, p99Ms = Number.NaN] = samples.percentiles(0.5, 0.99);
  const loadResult: LoadResult = {
    connections: options.connections,
    durationS: elapsedS,
    ok,
    rps: elapsedS > 0 ? ok / elapsedS : 0,
    p50Ms,
    p99Ms,
    failures: {
      non2xx: result.non2xx,
      errors: result.errors - result.timeouts,
      timeouts: result.timeouts,
      mismatches: result.mismatches,
    },
    latencies: samples.values(),
  };
  if (sample !== undefined) loadResult.sample = sample;
  return loadResult;
}
