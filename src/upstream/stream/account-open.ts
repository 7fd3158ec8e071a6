/** Opens an account on the hub (hub.ts): its entry (account-entry.ts) and private stream. */
import type { AccountCredentials } from '../api.ts';
import { AccountEntry } from './account-entry.ts';
import { accountReads } from './account-reads.ts';
import { AccountStream } from './account-stream.ts';
import type { BackoffPolicy } from './backoff.ts';
import type { StreamHubOptions } from './hub-options.ts';
import type { AccountEventLog } from './log/event-log.ts';
import { DEFAULT_RESYNC_BOUNDS, type ResyncStats } from './order-resync.ts';

/** An account's entry with its stream. */
export type Held = AccountEntry & { stream: AccountStream };

export interface OpenDeps {
  options: StreamHubOptions;
  socket: { backoff: BackoffPolicy; silenceMs: number; pingMs: number };
  stats: ResyncStats;
  log: AccountEventLog;
  /** The stream gave up (auth refused repeatedly), before its `failed` event reaches listeners. */
  gaveUp(entry: Held): void;
}

export function openAccountEntry(credentials: AccountCredentials, deps: OpenDeps): Held {
  const { options } = deps;
  const id = credentials.accountId;
  const { invalidate, log } = options;
  const entry = new AccountEntry({
    accountId: id,
    log: deps.log,
    now: Date.now,
    ...(log ? { warn: log } : {}),
  }) as Held;
  entry.stream = new AccountStream({
    wsBase: options.wsBase,
    credentials,
    reads: options.reads?.(credentials) ?? accountReads(options.forAccount(credentials)),
    invalidate: (groups) => invalidate(id, groups),
    emit: (event) => {
      if (event.type === 'failed') {
        deps.gaveUp(entry);
        entry.streamGone();
      }
      entry.emit(event);
    },
    ready: (resumed) => {
      entry.streamReady();
      for (const l of entry.listeners) if (typeof l !== 'function') l.accountReady?.(resumed);
    },
    ...deps.socket,
    ...(options.maxAuthFailures !== undefined ? { maxAuthFailures: options.maxAuthFailures } : {}),
    now: options.now ?? Date.now,
    resync: { ...DEFAULT_RESYNC_BOUNDS, ...options.resync },
    stats: deps.stats,
    ...(log ? { log } : {}),
  });
  return entry;
}

/**
 * Renews, every third of a lease, this replica's leases on the logs of the accounts whose
 * stream is up here (one down longer than a lease lets it lapse); returns the timer.
 */
export function renewingLeases(
  log: AccountEventLog,
  accounts: ReadonlyMap<string, Held>,
): NodeJS.Timeout {
  const timer = setInterval(() => {
    const ids = [...accounts.entries()]
      .filter(([, entry]) => entry.isJoined && entry.stream.isReady)
      .map(([id]) => id);
    if (ids.length > 0) log.renew(ids).catch(() => undefined);
  }, log.leaseMs / 3);
  timer.unref();
  return timer;
}
