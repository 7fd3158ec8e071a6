/**
 * Readiness at `/ready`: 200 when every dependency answers (Redis, the upstream), 503 with
 * the failing checks named otherwise, and 503 while the gateway drains for shutdown.
 * Liveness (`/health`, 200 while the process serves HTTP) is yoga's built-in health check.
 */
import { type Plugin, useReadinessCheck } from 'graphql-yoga';

export type ReadinessCheck = () => Promise<boolean>;

export interface HealthOptions {
  /** Named dependency checks, e.g. `{ redis: () => store.ping(), upstream: () => upstream.ping() }`. */
  checks: Record<string, ReadinessCheck>;
  /** A check that has not answered by then counts as down. @default 2000 */
  timeoutMs?: number;
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
  return useReadinessCheck({
    endpoint: options.endpoint ?? '/ready',
    async check({ fetchAPI }) {
      const names = Object.keys(options.checks);
      const results = await Promise.all(
        names.map((name) => runCheck(options.checks[name] as ReadinessCheck, timeoutMs)),
      );
      const checks = Object.fromEntries(names.map((name, i) => [name, results[i]]));
      const draining = options.isDraining?.() ?? false;
      const ready = !draining && results.every((r) => r === 'ok');
      const status = draining ? 'draining' : ready ? 'ready' : 'not_ready';
      return fetchAPI.Response.json({ status, checks }, { status: ready ? 200 : 503 });
    },
  });
}
