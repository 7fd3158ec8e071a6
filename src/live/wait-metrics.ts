/**
 * Metrics of the mutations waiting for their order's outcome (`waitFor`, `closePosition`):
 * how many wait now on this replica, and how many their bounds refused. The bound keeps plain
 * counters; this reads them at scrape time.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { OrderWaits } from './order-waits.ts';

const SCOPES = ['account', 'process'] as const;

export function registerWaitMetrics(registry: Registry, waits: OrderWaits): void {
  new Gauge({
    name: 'svc_graphql_order_waits',
    help: 'Mutations waiting for their order’s outcome on the private stream now (this replica)',
    registers: [registry],
    collect() {
      this.set(waits.active);
    },
  });
  const flushed = { account: 0, process: 0 };
  const refused: Counter<'scope'> = new Counter({
    name: 'svc_graphql_order_waits_refused_total',
    help: 'Waiting mutations refused before anything was sent: account (ORDER_WAIT_MAX_PER_ACCOUNT) or process (ORDER_WAIT_MAX)',
    labelNames: ['scope'],
    registers: [registry],
    collect() {
      for (const scope of SCOPES) {
        const delta = waits.refused[scope] - flushed[scope];
        if (delta > 0) refused.inc({ scope }, delta);
        flushed[scope] = waits.refused[scope];
      }
    },
  });
}
