/**
 * Subscription metrics on the gateway's registry: live subscribers by field, events handed to
 * subscribers, and subscriptions the gateway ended (slow consumer, upstream refusal).
 * The hot path (one event to thousands of subscribers) only bumps plain numbers; prom-client
 * reads them at scrape time (its `inc` hashes a label object per call, too dear per delivery).
 * Labels are the Subscription type's field names and a fixed list of reasons.
 */
import { Counter, Gauge, type Registry } from 'prom-client';

export const END_REASONS = ['slow_consumer', 'upstream_refused'] as const;
export type EndReason = (typeof END_REASONS)[number];

/** One field's figures (the resolvers keep a reference; no lookup per event). */
export interface FieldStats {
  active: number;
  delivered: number;
  ended: Record<EndReason, number>;
}

/** How a resumed subscription caught up: replayed from the log, or a RESYNC snapshot. */
export type ResumeOutcome = 'replay' | 'resync';

export interface LiveMetrics {
  /** The field's stats object, created on first use. */
  field(name: string): FieldStats;
  /** A resumed subscription caught up (rare: counted at once). */
  resumed(outcome: ResumeOutcome): void;
}

export function createLiveMetrics(registry: Registry): LiveMetrics {
  const fields = new Map<string, FieldStats>();
  const flushed = new Map<string, { delivered: number; ended: Record<EndReason, number> }>();
  new Gauge({
    name: 'svc_graphql_subscribers',
    help: 'Live subscriptions on this replica, by Subscription field',
    labelNames: ['field'],
    registers: [registry],
    collect() {
      for (const [field, stats] of fields) this.set({ field }, stats.active);
    },
  });
  const delivered: Counter<'field'> = new Counter({
    name: 'svc_graphql_subscription_events_total',
    help: 'Events handed to subscribers (one per subscriber per event), by Subscription field',
    labelNames: ['field'],
    registers: [registry],
    collect() {
      for (const [field, stats] of fields) {
        const done = flushed.get(field);
        if (!done) continue;
        if (stats.delivered > done.delivered)
          delivered.inc({ field }, stats.delivered - done.delivered);
        done.delivered = stats.delivered;
      }
    },
  });
  const ended: Counter<'field' | 'reason'> = new Counter({
    name: 'svc_graphql_subscriptions_ended_total',
    help: 'Subscriptions the gateway ended: slow_consumer (fell too far behind), upstream_refused (the account stream auth kept failing)',
    labelNames: ['field', 'reason'],
    registers: [registry],
    collect() {
      for (const [field, stats] of fields) {
        const done = flushed.get(field);
        if (!done) continue;
        for (const reason of END_REASONS) {
          const delta = stats.ended[reason] - done.ended[reason];
          if (delta > 0) ended.inc({ field, reason }, delta);
          done.ended[reason] = stats.ended[reason];
        }
      }
    },
  });
  const resumes = resumeCounter(registry);
  return {
    resumed: (outcome) => resumes.inc({ outcome }),
    field(name) {
      let stats = fields.get(name);
      if (!stats) {
        const zero = () => ({ slow_consumer: 0, upstream_refused: 0 });
        stats = { active: 0, delivered: 0, ended: zero() };
        fields.set(name, stats);
        flushed.set(name, { delivered: 0, ended: zero() });
      }
      return stats;
    },
  };
}

function resumeCounter(registry: Registry): Counter<'outcome'> {
  return new Counter({
    name: 'svc_graphql_subscription_resumes_total',
    help: 'Resumed account subscriptions: replay (what they missed, from the event log), resync (the log did not cover it: a RESYNC snapshot)',
    labelNames: ['outcome'],
    registers: [registry],
  });
}
