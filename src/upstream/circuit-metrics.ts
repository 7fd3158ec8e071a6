/**
 * The circuits' metrics, read from their snapshots when /metrics is scraped (nothing is
 * added per call). `route` is the catalog operation: a bounded label.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { CircuitState, Circuits } from './circuit.ts';

const STATE_VALUE: Readonly<Record<CircuitState, number>> = { closed: 0, half_open: 1, open: 2 };

export function registerCircuitMetrics(circuits: Circuits, registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: 'svc_upstream_circuit_state',
    help: 'Circuit of each upstream route: 0 closed, 1 half-open (cool-down over, one probe), 2 open',
    labelNames: ['route'] as const,
    registers,
    collect() {
      for (const [route, s] of Object.entries(circuits.snapshot())) {
        this.set({ route }, STATE_VALUE[s.state]);
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
    const counter: Counter<'route'> = new Counter({
      name,
      help,
      labelNames: ['route'] as const,
      registers,
      collect() {
        for (const [route, s] of Object.entries(circuits.snapshot())) {
          const now = read(s);
          counter.inc({ route }, now - (reported.get(route) ?? 0));
          reported.set(route, now);
        }
      },
    });
  };
  total(
    'svc_upstream_circuit_fail_fast_total',
    'Upstream calls failed fast (not sent, no budget spent) by an open circuit, by route',
    (s) => s.failedFast,
  );
  total(
    'svc_upstream_circuit_opened_total',
    'Times an upstream route circuit opened, by route',
    (s) => s.opened,
  );
}
