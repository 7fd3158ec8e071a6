/**
 * The event log in Redis Streams, shared by every replica: per account a stream of its events
 * (XADD MAXLEN, key TTL), the writers' leases, and one short-lived dedupe key per event
 * identity, all under the account's hash tag (`{a:…}:live:…`, see ../../keys.ts). The
 * scripts (redis-log-lua.ts) make the append idempotent and the lease check atomic.
 */
import { randomUUID } from 'node:crypto';
import type { Cluster, Redis, Result } from 'ioredis';
import { hashTag } from '../../keys.ts';
import type { AccountStreamEvent } from '../models.ts';
import { isLogged } from './cursor.ts';
import {
  type AccountEventLog,
  DEFAULT_LOG_BOUNDS,
  decodeEvent,
  type EventLogBounds,
  encodeEvent,
  type LogRead,
} from './event-log.ts';
import { APPEND, READ, RENEW } from './redis-log-lua.ts';

declare module 'ioredis' {
  interface RedisCommander<Context> {
    svcLogAppend(
      log: string,
      writers: string,
      seen: string,
      replica: string,
      leaseMs: number,
      maxEvents: number,
      ttlMs: number,
      dedupeMs: number,
      json: string,
    ): Result<string, Context>;
    svcLogRead(log: string, writers: string, cursor: string, max: number): Result<RawRead, Context>;
    svcLogRenew(
      log: string,
      writers: string,
      replica: string,
      leaseMs: number,
    ): Result<number, Context>;
  }
}

type RawEntry = [id: string, fields: string[]];
type RawRead = [1, RawEntry[]] | [0, 'GAP_NOT_LOGGED' | 'TOO_MANY_MISSED', string | null];

export interface RedisEventLogOptions extends Partial<EventLogBounds> {
  redis: Redis | Cluster;
  /** REDIS_KEY_PREFIX. */
  keyPrefix: string;
}

/** Connection states in which a command would only wait for a timeout. */
const DOWN = new Set(['reconnecting', 'close', 'end']);

export class RedisEventLog implements AccountEventLog {
  readonly kind = 'redis';
  private readonly redis: Redis | Cluster;
  private readonly prefix: string;
  private readonly bounds: EventLogBounds;
  get leaseMs(): number {
    return this.bounds.leaseMs;
  }
  /** This replica, as a writer. */
  private readonly replica = randomUUID();

  constructor(options: RedisEventLogOptions) {
    const { redis, keyPrefix, ...bounds } = options;
    this.redis = redis;
    this.prefix = `${keyPrefix}:`;
    this.bounds = { ...DEFAULT_LOG_BOUNDS, ...bounds };
    redis.defineCommand('svcLogAppend', { numberOfKeys: 3, lua: APPEND });
    redis.defineCommand('svcLogRead', { numberOfKeys: 2, lua: READ });
    redis.defineCommand('svcLogRenew', { numberOfKeys: 2, lua: RENEW });
  }

  async append(accountId: string, identity: string, event: AccountStreamEvent): Promise<string> {
    const key = this.keys(accountId);
    const b = this.bounds;
    return this.ready().svcLogAppend(
      key.log,
      key.writers,
      `${key.base}seen:${identity}`,
      this.replica,
      b.leaseMs,
      b.maxEvents,
      b.ttlMs,
      b.dedupeMs,
      encodeEvent(event),
    );
  }

  async read(accountId: string, cursor: string, max: number): Promise<LogRead> {
    const key = this.keys(accountId);
    if (!isLogged(cursor)) {
      const last = await this.ready().xrevrange(key.log, '+', '-', 'COUNT', 1);
      return { covered: false, reason: 'GAP_NOT_LOGGED', head: last[0]?.[0] ?? null };
    }
    const raw = await this.ready().svcLogRead(key.log, key.writers, cursor, max);
    if (raw[0] === 0) return { covered: false, reason: raw[1], head: raw[2] ?? null };
    const events = raw[1].map(([id, fields]) => ({
      cursor: id,
      event: decodeEvent(fields[fields.indexOf('e') + 1] ?? '{}', id),
    }));
    return { covered: true, events };
  }

  async renew(accountIds: readonly string[]): Promise<void> {
    const redis = this.ready();
    await Promise.all(
      accountIds.map((id) => {
        const key = this.keys(id);
        return redis.svcLogRenew(key.log, key.writers, this.replica, this.bounds.leaseMs);
      }),
    );
  }

  async leave(accountId: string): Promise<void> {
    await this.ready().zrem(this.keys(accountId).writers, this.replica);
  }

  private keys(accountId: string) {
    const base = `${this.prefix}${hashTag({ kind: 'account', accountId })}:live:`;
    return { base, log: `${base}log`, writers: `${base}writers` };
  }

  private ready(): Redis | Cluster {
    if (DOWN.has(this.redis.status)) throw new Error(`redis unavailable (${this.redis.status})`);
    return this.redis;
  }
}
