/**
 * The kinds of connection the budget (budget.ts) counts, why it refuses one, and
 * its metrics: open connections by kind, read at scrape time; refusals by kind and reason and
 * idle graphql-ws closes, summed in plain numbers and handed to prom-client when it collects.
 * No IP or principal ever becomes a label.
 */
import { Counter, Gauge, type Registry } from 'prom-client';

export const CONNECTION_KINDS = ['http', 'ws', 'sse'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];
export const REFUSAL_REASONS = ['per_ip', 'per_principal', 'global'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export interface ConnectionMetrics {
  refused(kind: ConnectionKind, reason: RefusalReason): void;
  idleClosed(): void;
}

export function createConnectionMetrics(
  registry: Registry,
  open: (kind: ConnectionKind) => number,
): ConnectionMetrics {
  const refusals = new Map<string, number>();
  let idle = 0;
  new Gauge({
    name: 'svc_connections_open',
    help: 'Open public connections by kind: http (TCP sockets), ws (graphql-ws), sse (SSE streams)',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      for (const kind of CONNECTION_KINDS) this.set({ kind }, open(kind));
    },
  });
  const refused: Counter<'kind' | 'reason'> = new Counter({
    name: 'svc_connections_refused_total',
    help: 'Connections refused over a cap, by kind and reason (per_ip, per_principal, global)',
    labelNames: ['kind', 'reason'],
    registers: [registry],
    collect() {
      for (const kind of CONNECTION_KINDS) {
        for (const reason of REFUSAL_REASONS) {
          const key = `${kind} ${reason}`;
          refused.inc({ kind, reason }, refusals.get(key) ?? 0);
          refusals.delete(key);
        }
      }
    },
  });
  const idleClosed: Counter = new Counter({
    name: 'svc_graphql_ws_idle_closed_total',
    help: 'graphql-ws connections closed after CONN_WS_IDLE_TIMEOUT_MS without a subscription',
    registers: [registry],
    collect() {
      idleClosed.inc(idle);
      idle = 0;
    },
  });
  return {
    refused(kind, reason) {
      const key = `${kind} ${reason}`;
      refusals.set(key, (refusals.get(key) ?? 0) + 1);
    },
    idleClosed() {
      idle += 1;
    },
  };
}
