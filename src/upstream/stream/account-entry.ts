/**
 * One account on this replica's hub: its private stream, its local listeners, and the log
 * its events go through on their way to them. Each event is appended to the account's log
 * (log/event-log.ts) and then fanned out with its cursor, one after the other in arrival
 * order; an event the log cannot take (the store is down) is still delivered, with an
 * unlogged cursor (a resume from it starts with a snapshot).
 */
import type { AccountListener } from './hub-options.ts';
import { unloggedCursor } from './log/cursor.ts';
import type { AccountEventLog } from './log/event-log.ts';
import { eventIdentity } from './log/identity.ts';
import type { AccountStreamEvent } from './models.ts';

export interface EntryDeps {
  accountId: string;
  log: AccountEventLog;
  /** The log's clock for unlogged cursors. */
  now(): number;
  warn?: (msg: string, fields?: Record<string, unknown>) => void;
}

export class AccountEntry {
  readonly listeners = new Set<AccountListener>();
  closing: NodeJS.Timeout | undefined;
  /** The last event's append and fan-out: the next waits for it (arrival order). */
  private tail: Promise<void> = Promise.resolve();
  /** The stream is up and this replica holds a writer lease on the account's log. */
  private joined = false;
  private waiters: (() => void)[] = [];
  /** Appends failing in a row (one warning per streak). */
  private failing = 0;

  constructor(private readonly deps: EntryDeps) {}

  /** Logs `event`, then hands it to every listener, after the events before it. */
  emit(event: AccountStreamEvent): void {
    this.tail = this.tail
      .then(() => this.logAndFanOut(event))
      .catch((error: unknown) => {
        this.deps.warn?.('account event fan-out failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      });
  }

  /** The stream came up: take the log's writer lease, then let waiting resumes read. */
  streamReady(): void {
    this.deps.log.renew([this.deps.accountId]).then(
      () => this.setJoined(true),
      () => this.setJoined(true), // the read will find out for itself
    );
  }

  /** The stream went away for good (closed or gave up). */
  streamGone(): void {
    this.setJoined(false);
    this.deps.log.leave(this.deps.accountId).catch(() => undefined);
  }

  get isJoined(): boolean {
    return this.joined;
  }

  /** Resolves once the stream is up and logging (true), or after `timeoutMs` (false). */
  whenJoined(timeoutMs: number): Promise<boolean> {
    if (this.joined) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(done);
    });
  }

  private setJoined(joined: boolean): void {
    this.joined = joined;
    if (!joined) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private async logAndFanOut(event: AccountStreamEvent): Promise<void> {
    const identity = eventIdentity(event);
    if (identity !== undefined) event.cursor = await this.append(identity, event);
    for (const l of this.listeners) {
      if (typeof l === 'function') l(event);
      else l.accountEvent(event);
    }
  }

  private async append(identity: string, event: AccountStreamEvent): Promise<string> {
    const { log, accountId, warn } = this.deps;
    try {
      const cursor = await log.append(accountId, identity, event);
      this.failing = 0;
      return cursor;
    } catch (error) {
      if (this.failing++ === 0) {
        warn?.('account event log append failed; events are delivered unlogged', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return unloggedCursor(this.deps.now());
    }
  }
}
