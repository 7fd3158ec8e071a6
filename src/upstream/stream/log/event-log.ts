/**
 * An account's event log: the recent past of its private stream, shared by every replica
 * (Redis Streams: redis-log.ts) or kept in this process (memory-log.ts, when there is no
 * Redis). A resumed subscription replays from it what it missed (docs/subscriptions.md,
 * "Resuming a subscription").
 *
 * Continuity: a log only vouches for a stretch of time in which some replica was streaming
 * the account and appending. Each such replica is a *writer* with a lease it renews while
 * its upstream stream is up; when a writer finds no live lease (every replica stopped, or
 * crashed, or its stream was down longer than a lease), the log is emptied first: a gap no
 * one logged must not look like a stretch with no events. A read is `covered` only when the
 * cursor's own entry is still in the log (nothing after it was trimmed or emptied), a live
 * lease exists, and at most `max` entries follow it.
 */
import type { AccountStreamEvent, ResyncReason } from '../models.ts';

/** The bounds of a log. */
export interface EventLogBounds {
  /** Entries kept per account (XADD MAXLEN). */
  maxEvents: number;
  /** The account's log is dropped this long after its last append (key TTL), ms. */
  ttlMs: number;
  /** A writer's lease, ms: renewed every third of it while its upstream stream is up. */
  leaseMs: number;
  /** How long an event's identity is remembered for the dedupe of appends, ms. */
  dedupeMs: number;
}

export const DEFAULT_LOG_BOUNDS: EventLogBounds = {
  maxEvents: 5_000,
  ttlMs: 3_600_000,
  leaseMs: 6_000,
  dedupeMs: 60_000,
};

/** One logged event and its cursor. */
export interface LoggedEvent {
  cursor: string;
  event: AccountStreamEvent;
}

export type LogRead =
  /** Every event after the cursor, oldest first (none: nothing happened since). */
  | { covered: true; events: LoggedEvent[] }
  /**
   * The log cannot say what happened since the cursor: `head` is its newest entry's cursor
   * (null: empty), from which a snapshot's client resumes next time.
   */
  | { covered: false; reason: ResyncReason; head: string | null };

export interface AccountEventLog {
  readonly kind: 'memory' | 'redis';
  /** A writer's lease, ms (the hub renews every third of it). */
  readonly leaseMs: number;
  /**
   * Logs `event` once per `identity` (an append of an identity already logged answers its
   * cursor and logs nothing) and returns its cursor. Makes this replica a writer.
   */
  append(accountId: string, identity: string, event: AccountStreamEvent): Promise<string>;
  /** Up to `max` events after `cursor` (see the module comment for `covered`). */
  read(accountId: string, cursor: string, max: number): Promise<LogRead>;
  /** Takes or renews this replica's writer lease on each account (its stream is up). */
  renew(accountIds: readonly string[]): Promise<void>;
  /** Gives up this replica's lease (its stream of the account closed). */
  leave(accountId: string): Promise<void>;
}

/** The JSON an entry holds: the event without its delivery fields. */
export function encodeEvent(event: AccountStreamEvent): string {
  const { cursor: _cursor, notice: _notice, ...body } = event;
  return JSON.stringify(body);
}

export const decodeEvent = (json: string, cursor: string): AccountStreamEvent => ({
  ...(JSON.parse(json) as AccountStreamEvent),
  cursor,
});
