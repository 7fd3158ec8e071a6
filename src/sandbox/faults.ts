/**
 * Fault modes of the sandbox: a `FaultConfig` says what goes wrong, for which requests and
 * how often; `FaultInjector` turns it into the `Layer` around the request pipeline and can be
 * switched at run time (`sandbox.setFaults`), so a test sees an outage start and end.
 *
 * Deterministic: requests are picked by counting (`every`, `count`), never at random.
 *
 *   { latencyMs: 500 }                                  every request answers 500 ms late
 *   { status5xx: true, when: 'after', match: ORDER }    orders processed, then answered 500
 *   { html: { status: 502 } }                           a proxy's HTML error page
 *   { reset: 'after', count: 1 }                        one answer lost after processing
 *   { malformedJson: true, every: 3 }                   every third body cut short
 *   { rateLimitBurst: { retryAfterSec: 2 }, count: 5 }  a burst of five 429s
 *   { clockSkewMs: 600_000 }                            the server clock 10 minutes ahead
 */
import { STATUS_CODES } from 'node:http';
import type { Handler, Layer, SandboxRequest, SandboxResponse } from './http.ts';

/** 'before': the request is not processed; 'after': it is, and its answer is delayed or lost. */
export type FaultPhase = 'before' | 'after';

export interface FaultMatch {
  /** HTTP methods, any case. @default every method */
  methods?: readonly string[];
  /** Paths without the query: exact strings or patterns. @default every path */
  paths?: readonly (string | RegExp)[];
}

export interface FaultConfig {
  /** Which requests the fault applies to. @default every request */
  match?: FaultMatch;
  /** Fault only this many matching requests, then let everything through. @default no limit */
  count?: number;
  /** Fault every `every`-th matching request, the first one included. @default 1 (all) */
  every?: number;
  /** When latency, 5xx, HTML and malformed JSON act (`reset` names its own). @default 'before' */
  when?: FaultPhase;
  /** Delay, in ms, before processing (or before answering, with `when: 'after'`). */
  latencyMs?: number;
  /** A JSON error envelope with a 5xx status. @default { status: 500, code: -1000 } */
  status5xx?: true | { status?: number; code?: number };
  /** An HTML error page, as a proxy in front of the service serves it. @default { status: 502 } */
  html?: true | { status?: number };
  /** Drop the connection without an answer, before or after processing. */
  reset?: FaultPhase;
  /** A JSON body cut short (the real one with `when: 'after'`). @default { status: 200 } */
  malformedJson?: true | { status?: number };
  /** 429 -1003 with `Retry-After`, never processed (ignores `when`). @default { retryAfterSec: 1 } */
  rateLimitBurst?: true | { retryAfterSec?: number };
  /**
   * Added to the server clock: envelope timestamps, `Date` headers, the ±300 s signature
   * window and rate-limit windows. Applies to every request, whatever `match` and `count` say.
   */
  clockSkewMs?: number;
}

/** The modes that replace the answer: at most one per configuration. */
const ANSWERS = ['status5xx', 'html', 'reset', 'malformedJson', 'rateLimitBurst'] as const;

const JSON_TYPE = 'application/json; charset=utf-8';

/** Throws TypeError naming every problem of `config`. */
export function validateFaultConfig(config: FaultConfig): void {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  const isCount = (v: number) => Number.isInteger(v) && v >= 0;
  const answers = ANSWERS.filter((mode) => config[mode] !== undefined);
  check(answers.length <= 1, `at most one of ${ANSWERS.join(', ')} (got ${answers.join(', ')})`);
  if (config.count !== undefined) check(isCount(config.count), 'count: an integer ≥ 0');
  if (config.every !== undefined) {
    check(Number.isInteger(config.every) && config.every >= 1, 'every: an integer ≥ 1');
  }
  if (config.latencyMs !== undefined) {
    check(Number.isFinite(config.latencyMs) && config.latencyMs >= 0, 'latencyMs: ≥ 0');
  }
  if (config.clockSkewMs !== undefined) {
    check(Number.isFinite(config.clockSkewMs), 'clockSkewMs: a finite number');
  }
  for (const name of ['when', 'reset'] as const) {
    const phase = config[name];
    if (phase !== undefined)
      check(phase === 'before' || phase === 'after', `${name}: before or after`);
  }
  const status = (value: true | { status?: number } | undefined, lo: number, name: string) => {
    if (value === undefined || value === true || value.status === undefined) return;
    check(Number.isInteger(value.status) && value.status >= lo && value.status <= 599, name);
  };
  status(config.status5xx, 500, 'status5xx.status: 500 to 599');
  status(config.html, 200, 'html.status: 200 to 599');
  status(config.malformedJson, 200, 'malformedJson.status: 200 to 599');
  const burst = config.rateLimitBurst;
  if (burst !== undefined && burst !== true && burst.retryAfterSec !== undefined) {
    check(isCount(burst.retryAfterSec), 'rateLimitBurst.retryAfterSec: an integer ≥ 0');
  }
  if (problems.length > 0) throw new TypeError(`invalid fault config: ${problems.join('; ')}`);
}

function matches(match: FaultMatch | undefined, req: SandboxRequest): boolean {
  if (!match) return true;
  const methodOk =
    match.methods === undefined || match.methods.some((m) => m.toUpperCase() === req.method);
  const pathOk =
    match.paths === undefined ||
    match.paths.some((p) => (typeof p === 'string' ? p === req.path : p.test(req.path)));
  return methodOk && pathOk;
}

const options = <T extends object>(value: true | T | undefined): Partial<T> =>
  value === undefined || value === true ? {} : value;

export class FaultInjector {
  #config: FaultConfig | null = null;
  /** Matching requests seen and faulted since the configuration was set. */
  #seen = 0;
  #injected = 0;
  readonly #pending = new Set<(error: Error) => void>();

  /** `hostClock`: the sandbox's clock before any skew. */
  constructor(
    private readonly hostClock: () => number,
    config: FaultConfig | null = null,
  ) {
    this.set(config);
  }

  /** Replaces the configuration (`null`: no faults) and restarts its counts. */
  set(config: FaultConfig | null): void {
    if (config) validateFaultConfig(config);
    this.#config = config ? { ...config } : null;
    this.#seen = 0;
    this.#injected = 0;
  }

  get config(): Readonly<FaultConfig> | null {
    return this.#config;
  }

  get clockSkewMs(): number {
    return this.#config?.clockSkewMs ?? 0;
  }

  /** The server clock: the host clock plus the configured skew. */
  now(): number {
    return this.hostClock() + this.clockSkewMs;
  }

  /** Requests faulted since the configuration was set. */
  get injected(): number {
    return this.#injected;
  }

  /** Ends every pending delay by dropping its connection (the sandbox is closing). */
  dispose(): void {
    for (const abort of this.#pending) abort(new Error('sandbox closing'));
    this.#pending.clear();
  }

  readonly layer: Layer = async (req, next) => {
    const config = this.#config;
    const response =
      config && this.#picks(config, req) ? await this.#apply(config, req, next) : await next(req);
    return this.#dated(response);
  };

  #picks(config: FaultConfig, req: SandboxRequest): boolean {
    if (!matches(config.match, req)) return false;
    const index = this.#seen++;
    if (index % (config.every ?? 1) !== 0) return false;
    if (config.count !== undefined && this.#injected >= config.count) return false;
    this.#injected++;
    return true;
  }

  async #apply(config: FaultConfig, req: SandboxRequest, next: Handler): Promise<SandboxResponse> {
    const when = config.when ?? 'before';
    if (when === 'before') await this.#delay(config.latencyMs);
    if (config.reset === 'before') return { status: 0, headers: {}, body: '', reset: 'before' };
    if (config.rateLimitBurst) return this.#tooMany(options(config.rateLimitBurst));
    if (when === 'before') {
      const replaced = this.#replacement(config, undefined);
      if (replaced) return replaced;
    }
    const response = await next(req);
    if (when === 'after') await this.#delay(config.latencyMs);
    if (config.reset === 'after') return { ...response, reset: 'after' };
    return (when === 'after' && this.#replacement(config, response)) || response;
  }

  /** The answer a 5xx, HTML or malformed-JSON fault gives instead of `processed`. */
  #replacement(
    config: FaultConfig,
    processed: SandboxResponse | undefined,
  ): SandboxResponse | undefined {
    if (config.status5xx) {
      const { status = 500, code = -1000 } = options(config.status5xx);
      const body = { success: false, code, message: 'unknown error', timestamp: this.now() };
      return { status, headers: { 'Content-Type': JSON_TYPE }, body: JSON.stringify(body), code };
    }
    if (config.html) {
      const { status = 502 } = options(config.html);
      const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
      return {
        status,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
        body: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
      };
    }
    if (config.malformedJson) {
      const { status = processed?.status ?? 200 } = options(config.malformedJson);
      // A strict prefix of a JSON object is never valid JSON.
      const whole = processed?.body ?? JSON.stringify({ success: true, timestamp: this.now() });
      const body = whole.slice(0, Math.max(1, Math.floor(whole.length / 2)));
      return { status, headers: { 'Content-Type': JSON_TYPE }, body };
    }
    return undefined;
  }

  #tooMany({ retryAfterSec = 1 }: { retryAfterSec?: number }): SandboxResponse {
    const body = {
      success: false,
      code: -1003,
      message: 'too many requests',
      timestamp: this.now(),
    };
    return {
      status: 429,
      headers: { 'Content-Type': JSON_TYPE, 'Retry-After': String(retryAfterSec) },
      body: JSON.stringify(body),
      code: -1003,
    };
  }

  /** A skewed server sends its own idea of the time in `Date` too. */
  #dated(response: SandboxResponse): SandboxResponse {
    if (this.clockSkewMs === 0 || response.reset) return response;
    return {
      ...response,
      headers: { ...response.headers, Date: new Date(this.now()).toUTCString() },
    };
  }

  #delay(ms: number | undefined): Promise<void> {
    if (!ms) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const abort = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      const timer = setTimeout(() => {
        this.#pending.delete(abort);
        resolve();
      }, ms);
      this.#pending.add(abort);
    });
  }
}
