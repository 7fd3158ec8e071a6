/**
 * The event log in this process, for a gateway without Redis (one replica): the same
 * contract as the Redis log (event-log.ts), tested by the same cases. Bounded: `maxEvents`
 * per account, `maxAccounts` accounts (the least recently appended to goes first), and each
 * account's log is dropped `ttlMs` after its last append.
 */
import type { AccountStreamEvent } from '../models.ts';
import { compareCursors, isLogged } from './cursor.ts';
import {
  type AccountEventLog,
  DEFAULT_LOG_BOUNDS,
  decodeEvent,
  type EventLogBounds,
  encodeEvent,
  type LogRead,
} from './event-log.ts';

interface Entry {
  cursor: string;
  json: string;
}

class AccountLog {
  entries: Entry[] = [];
  /** The last entry id's parts. */
  ms = 0;
  seq = 0;
  expiresAt = 0;
  /** This process's writer lease. */
  leaseUntil = 0;
  /** Identity → cursor and when it is forgotten, oldest first. */
  readonly seen = new Map<string, { cursor: string; until: number }>();
}

export interface MemoryEventLogOptions extends Partial<EventLogBounds> {
  /** Accounts with a log at most. @default 1_000 */
  maxAccounts?: number;
  /** @default Date.now */
  now?: () => number;
}

export class MemoryEventLog implements AccountEventLog {
  readonly kind = 'memory';
  private readonly logs = new Map<string, AccountLog>();
  private readonly bounds: EventLogBounds;
  get leaseMs(): number {
    return this.bounds.leaseMs;
  }
  private readonly maxAccounts: number;
  private readonly now: () => number;

  constructor(options: MemoryEventLogOptions = {}) {
    const { maxAccounts, now, ...bounds } = options;
    this.bounds = { ...DEFAULT_LOG_BOUNDS, ...bounds };
    this.maxAccounts = maxAccounts ?? 1_000;
    this.now = now ?? Date.now;
  }

  async append(accountId: string, identity: string, event: AccountStreamEvent): Promise<string> {
    const now = this.now();
    const log = this.writer(accountId, now);
    for (const [key, held] of log.seen) {
      if (held.until > now && log.seen.size <= this.bounds.maxEvents * 2) break;
      log.seen.delete(key);
    }
    const held = log.seen.get(identity);
    if (held) return held.cursor;
    if (now > log.ms) {
      log.ms = now;
      log.seq = 0;
    } else log.seq++;
    const cursor = `${log.ms}-${log.seq}`;
    log.entries.push({ cursor, json: encodeEvent(event) });
    if (log.entries.length > this.bounds.maxEvents) log.entries.shift();
    log.seen.set(identity, { cursor, until: now + this.bounds.dedupeMs });
    log.expiresAt = now + this.bounds.ttlMs;
    return cursor;
  }

  async read(accountId: string, cursor: string, max: number): Promise<LogRead> {
    const now = this.now();
    const log = this.live(accountId, now);
    const head = log?.entries.at(-1)?.cursor ?? null;
    const gap = { covered: false, reason: 'GAP_NOT_LOGGED', head } as const;
    if (!log || log.leaseUntil <= now || !isLogged(cursor)) return gap;
    const at = indexOf(log.entries, cursor);
    if (at < 0) return gap;
    const after = log.entries.slice(at + 1);
    if (after.length > max) return { covered: false, reason: 'TOO_MANY_MISSED', head };
    return {
      covered: true,
      events: after.map((e) => ({ cursor: e.cursor, event: decodeEvent(e.json, e.cursor) })),
    };
  }

  async renew(accountIds: readonly string[]): Promise<void> {
    const now = this.now();
    for (const id of accountIds) this.writer(id, now);
  }

  async leave(accountId: string): Promise<void> {
    const log = this.logs.get(accountId);
    if (log) log.leaseUntil = 0;
  }

  /** Accounts with a log (tests). */
  get size(): number {
    return this.logs.size;
  }

  private live(accountId: string, now: number): AccountLog | undefined {
    const log = this.logs.get(accountId);
    if (log && log.expiresAt <= now) this.logs.delete(accountId);
    return log && log.expiresAt > now ? log : undefined;
  }

  /** The account's log with this process's lease renewed; emptied first when the lease had lapsed. */
  private writer(accountId: string, now: number): AccountLog {
    let log = this.live(accountId, now);
    if (!log) {
      log = new AccountLog();
      log.expiresAt = now + this.bounds.ttlMs;
    } else this.logs.delete(accountId); // re-inserted below: most recently used last
    this.logs.set(accountId, log);
    if (log.leaseUntil <= now) {
      log.entries = [];
      log.seen.clear();
    }
    log.leaseUntil = now + this.bounds.leaseMs;
    if (this.logs.size > this.maxAccounts) {
      this.logs.delete(this.logs.keys().next().value as string);
    }
    return log;
  }
}

/** The index of `cursor` in entries ordered by cursor, or -1. */
function indexOf(entries: Entry[], cursor: string): number {
  let lo = 0;
  let hi = entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const order = compareCursors(entries[mid]!.cursor, cursor);
    if (order === 0) return mid;
    if (order < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
