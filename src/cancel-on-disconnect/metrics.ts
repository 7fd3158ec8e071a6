/**
 * Cancel-on-disconnect metrics on the gateway's registry: the sessions this replica holds,
 * its renewals of the upstream switch and the sessions it refused. Renewals are a few per
 * account and minute: counted directly.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { RefusalReason } from './errors.ts';

export type RenewalOutcome = 'ok' | 'failed' | 'skipped';

export interface CodMetrics {
  renewal(outcome: RenewalOutcome): void;
  refused(reason: RefusalReason): void;
}

export const NO_METRICS: CodMetrics = { renewal: () => {}, refused: () => {} };

export function createCodMetrics(registry: Registry, sessions: () => number): CodMetrics {
  new Gauge({
    name: 'svc_graphql_cancel_on_disconnect_sessions',
    help: 'Cancel-on-disconnect sessions held on this replica',
    registers: [registry],
    collect() {
      this.set(sessions());
    },
  });
  const renewals = new Counter({
    name: 'svc_graphql_cancel_on_disconnect_renewals_total',
    help: "Renewals of accounts' upstream dead-man switch: ok, failed, skipped (another replica renewed in this interval)",
    labelNames: ['outcome'],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'svc_graphql_cancel_on_disconnect_refused_total',
    help: 'Sessions refused: TOO_MANY_SESSIONS (the account), TOO_MANY_ACCOUNTS (this replica), SHUTTING_DOWN',
    labelNames: ['reason'],
    registers: [registry],
  });
  return {
    renewal: (outcome) => renewals.inc({ outcome }),
    refused: (reason) => refused.inc({ reason }),
  };
}
