/**
 * Readiness at `/ready`: 200 when every dependency answers (Redis, the upstream), 503 with
 * the failing checks named otherwise, and 503 while the gateway drains for shutdown.
 * A `degradable` check (Redis) that fails answers 200 `status: "degraded"` instead: the
 * replica still serves correctly without it (uncached, on its share of the upstream budget),
 * and since every replica shares that Redis, a 503 would take them all out of the balancer.
 * Liveness (`/health`, 200 while the process serves HTTP) is yoga's built-in health check.
 */
import type { Plugin } from 'graphql-yoga';

export type ReadinessCheck = () => Promise<boolean>;

export interface HealthOptions {
  /** Named dependency checks, e.g. `{ redis: () => store.ping(), upstream: () => upstream.ping() }`. */
  checks: Record<string, ReadinessCheck>;
  /** A check that has not answered by then counts as down. @default 2000 */
  timeoutMs?: number;
  /** Checks whose failure reports `degraded` (200), not `not_ready` (503). @default [] */
  degradable?: string[];
  /** True once shutdown began: report not ready so load balancers stop sending. @default () => false */
  isDraining?: () => boolean;
  /** @default '/ready' */
  endpoint?: string;
}

async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return (await Promise.race([check().catch(() => false), timeout])) ? 'ok' : 'down';
  } finally {
    clearTimeout(timer);
  }
}

export function useHealth(options: HealthOptions): Plugin {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const endpoint = options.endpoint ?? '/ready';
  const degradable = new Set(options.degradable ?? []);
  const names = Object.keys(options.checks);
  // yoga's useReadinessCheck, without its URLPattern test of every request's URL (it matches
  // exactly what the pathname comparison does, at a few µs per request).
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      if (!request.url.endsWith(endpoint) && url.pathname !== endpoint) return;
      return (async () => {
        try {
          const results = await Promise.all(
            names.map((name) => runCheck(options.checks[name] as ReadinessCheck, timeoutMs)),
          );
          const checks = Object.fromEntries(names.map((name, i) => [name, results[i]]));
          const draining = options.isDraining?.() ?? false;
          const ready =
            !draining && names.every((n, i) => results[i] === 'ok' || degradable.has(n));
          const degraded = results.some((r) => r !== 'ok');
          const status = draining
            ? 'draining'
            : !ready
              ? 'not_ready'
              : degraded
                ? 'degraded'
                : 'ready';
          endResponse(fetchAPI.Response.json({ status, checks }, { status: ready ? 200 : 503 }));
        } catch (error) {
          const isError = error instanceof Error;
          endResponse(
            new fetchAPI.Response(isError ? error.message : null, {
              status: 503,
              headers: isError ? { 'content-type': 'text/plain; charset=utf-8' } : {},
            }),
          );
        }
      })();
    },
  };
}
