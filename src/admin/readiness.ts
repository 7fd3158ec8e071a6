/**
 * Readiness, served at `/ready` on the admin listener (`src/admin/listener.ts`): 200 when every
 * dependency answers (Redis, the upstream), 503 with the failing checks named otherwise, and
 * 503 while the gateway drains for shutdown. A `degradable` check (Redis) that fails answers
 * 200 `status: "degraded"` instead: the replica still serves correctly without it (uncached, on
 * its share of the upstream budget), and since every replica shares that Redis, a 503 would
 * take them all out of the balancer.
 *
 * Each check is cut off after `timeoutMs` (a hung dependency counts as down), and one result
 * is reused for `cacheMs`, with concurrent probes sharing the check in flight: however often
 * probes come, the dependencies see at most one ping per `cacheMs`. Draining is read live.
 * Liveness (`/health`, 200 while the process serves HTTP) is yoga's built-in health check on
 * the public port.
 */
import { type ReadinessCheck, runCheck } from './check.ts';

export type { ReadinessCheck };

export interface ReadinessOptions {
  /** Named dependency checks, e.g. `{ redis: () => store.ping(), upstream: () => upstream.ping() }`. */
  checks: Record<string, ReadinessCheck>;
  /** A check that has not answered by then counts as down. @default 2000 */
  timeoutMs?: number;
  /** How long one result is reused. @default 1000 */
  cacheMs?: number;
  /** Checks whose failure reports `degraded` (200), not `not_ready` (503). @default [] */
  degradable?: string[];
  /** True once shutdown began: report not ready so load balancers stop sending. @default () => false */
  isDraining?: () => boolean;
  /** Monotonic milliseconds (tests inject one). @default performance.now */
  now?: () => number;
}

export type ReadinessStatus = 'ready' | 'degraded' | 'not_ready' | 'draining';

export interface ReadinessReport {
  /** 200 or 503. */
  httpStatus: number;
  body: { status: ReadinessStatus; checks: Record<string, 'ok' | 'down'> };
}

/** Returns the probe: the current report, from the cache when fresh. */
export function createReadiness(options: ReadinessOptions): () => Promise<ReadinessReport> {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const cacheMs = options.cacheMs ?? 1_000;
  const now = options.now ?? (() => performance.now());
  const degradable = new Set(options.degradable ?? []);
  const names = Object.keys(options.checks);
  let cached: { at: number; results: Array<'ok' | 'down'> } | undefined;
  let inFlight: Promise<Array<'ok' | 'down'>> | undefined;

  const results = (): Promise<Array<'ok' | 'down'>> => {
    if (cached && now() - cached.at < cacheMs) return Promise.resolve(cached.results);
    inFlight ??= Promise.all(
      names.map((name) => runCheck(options.checks[name] as ReadinessCheck, timeoutMs)),
    ).then((fresh) => {
      cached = { at: now(), results: fresh };
      inFlight = undefined;
      return fresh;
    });
    return inFlight;
  };

  return async () => {
    const outcome = await results();
    const checks = Object.fromEntries(names.map((name, i) => [name, outcome[i] ?? 'down']));
    const draining = options.isDraining?.() ?? false;
    const ready = !draining && names.every((n, i) => outcome[i] === 'ok' || degradable.has(n));
    const degraded = outcome.some((r) => r !== 'ok');
    const status: ReadinessStatus = draining
      ? 'draining'
      : !ready
        ? 'not_ready'
        : degraded
          ? 'degraded'
          : 'ready';
    return { httpStatus: ready ? 200 : 503, body: { status, checks } };
  };
}
