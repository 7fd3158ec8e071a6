/**
 * The circuits' metrics, read from their snapshots when /metrics is scraped (nothing is
 * added per call). The route is labelled `operation`, its catalog name, as in the other
 * `svc_upstream_*` metrics: a bounded label (`route` names the public HTTP paths).
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { CircuitState, Circuits } from './circuit.ts';

const STATE_VALUE: Readonly<Record<CircuitState, number>> = { closed: 0, half_open: 1, open: 2 };

export function registerCircuitMetrics(circuits: Circuits, registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: 'svc_upstream_circuit_state',
    help: 'Circuit of each upstream route: 0 closed, 1 half-open (cool-down over, one probe), 2 open',
    labelNames: ['operation'] as const,
    registers,
    collect() {
      for (const [route, s] of Object.entries(circuits.snapshot())) {
        this.set({ operation: route }, STATE_VALUE[s.state]);
      }
    },
  });
  /** A counter fed from a running total in the snapshots. */
  const total = (
    name: string,
    help: string,
    read: (s: { failedFast: number; opened: number }) => number,
  ) => {
    const reported = new Map<string, number>();
    const counter: Counter<'operation'> = new Counter({
      name,
      help,
      labelNames: ['operation'] as const,
      registers,
      collect() {
        for (const [route, s] of Object.entries(circuits.snapshot())) {
          const now = read(s);
          counter.inc({ operation: route }, now - (reported.get(route) ?? 0));
          reported.set(route, now);
        }
      },
    });
  };
  total(
    'svc_upstream_circuit_fail_fast_total',
    'Upstream calls failed fast (not sent, no budget spent) by an open circuit, by operation',
    (s) => s.failedFast,
  );
  total(
    'svc_upstream_circuit_opened_total',
    'Times an upstream route circuit opened, by operation',
    (s) => s.opened,
  );
}
