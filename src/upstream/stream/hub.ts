/**
 * The replica's upstream streams, shared by every local subscriber: one public connection
 * (opened with the first public topic, topics reference-counted) and one private connection
 * per account with at least one live subscriber here (reference-counted; closed `graceMs`,
 * or the longer `resumeWindowMs`, after the last one leaves, so a client that re-subscribes
 * at once reuses it and the events of a client's gap are logged for its resume). Every
 * private event goes through the account's log (account-entry.ts) on its way to listeners.
 */
import { MAINTENANCE_TOPIC } from '../../contract/constants.ts';
import type { AccountApi, AccountCredentials } from '../api.ts';
import type { CacheGroup } from '../catalog.ts';
import { type Held, openAccountEntry, renewingLeases } from './account-open.ts';
import { backoffDelay } from './backoff.ts';
import type { AccountListener, PublicListener, StreamHubOptions } from './hub-options.ts';
import { LiveMarks } from './live-marks.ts';
import type { AccountEventLog } from './log/event-log.ts';
import { MemoryEventLog } from './log/memory-log.ts';
import { maintenanceFromStream } from './map.ts';
import { MarketBooks, type PublicPort } from './market-books.ts';
import type { MaintenanceStatusModel } from './market-models.ts';
import { newResyncStats, type ResyncStats } from './order-resync.ts';
import { StreamSocket } from './socket.ts';

export type { AccountListener, PublicListener, StreamHubOptions } from './hub-options.ts';

export interface HubStats {
  publicOpen: boolean;
  publicTopics: number;
  accounts: number;
  accountListeners: number;
}

export class StreamHub {
  private readonly accounts = new Map<string, Held>();
  private readonly topics = new Map<string, Set<PublicListener>>();
  private publicSocket: StreamSocket | undefined;
  private publicClosing: NodeJS.Timeout | undefined;
  private closed = false;
  /** The last maintenance status pushed (undefined until the topic's first push). */
  maintenance: MaintenanceStatusModel | undefined;
  /** Resyncs of every account stream of this replica (metrics read them at scrape time). */
  readonly resyncStats: ResyncStats = newResyncStats();
  /** The local order books, one per symbol followed here, fed by the public connection. */
  readonly books: MarketBooks;
  /** The live mark prices (`markprices`), followed while order checks or risk read them. */
  readonly marks: LiveMarks;
  /** The accounts' event log: what resumed subscriptions replay. */
  readonly eventLog: AccountEventLog;
  /** Renews this replica's writer leases on the logs of the accounts it streams. */
  private readonly renewing: NodeJS.Timeout;

  constructor(private readonly options: StreamHubOptions) {
    this.eventLog = options.eventLog ?? new MemoryEventLog();
    this.renewing = renewingLeases(this.eventLog, this.accounts);
    const port: PublicPort = {
      listen: (topic, listener) => this.listenPublic(topic, listener),
      unlisten: (topic, listener) => this.unlistenPublic(topic, listener),
      request: (params) =>
        this.publicSocket?.request(params) ?? Promise.reject(new Error('not connected')),
      ready: () => this.publicSocket?.isReady ?? false,
    };
    this.books = new MarketBooks(port, {
      retryDelay: (attempt) => backoffDelay(this.socketOptions.backoff, attempt),
      ...(options.log ? { log: options.log } : {}),
    });
    this.marks = new LiveMarks(port, options.now ? { now: options.now } : {});
  }

  private get socketOptions() {
    const o = this.options;
    return {
      backoff: o.backoff ?? { baseMs: 250, capMs: 10_000 },
      silenceMs: o.silenceMs ?? 30_000,
      pingMs: o.pingMs ?? 10_000,
    };
  }

  /** Listens to an account's private events; returns the release (idempotent). */
  watchAccount(credentials: AccountCredentials, listener: AccountListener): () => void {
    this.listenAccount(credentials, listener);
    const id = credentials.accountId;
    return () => this.unlistenAccount(id, listener);
  }

  /** Listens to an account's private events until {@link unlistenAccount}. */
  listenAccount(credentials: AccountCredentials, listener: AccountListener): void {
    if (this.closed) throw new Error('stream hub closed');
    const entry = this.accounts.get(credentials.accountId) ?? this.openAccount(credentials);
    clearTimeout(entry.closing);
    entry.closing = undefined;
    entry.listeners.add(listener);
  }

  /**
   * Stops a listener (idempotent); the account's stream closes `graceMs` (or `resumeWindowMs`)
   * after its last one. A stream that gave up was forgotten already: nothing to release.
   */
  unlistenAccount(accountId: string, listener: AccountListener): void {
    const held = this.accounts.get(accountId);
    if (!held?.listeners.delete(listener) || held.listeners.size > 0) return;
    const { graceMs = 5_000, resumeWindowMs = 0 } = this.options;
    held.closing = setTimeout(
      () => {
        if (held.listeners.size > 0) return;
        held.stream.close();
        held.streamGone();
        this.accounts.delete(accountId);
      },
      Math.max(graceMs, resumeWindowMs),
    );
    held.closing.unref();
  }

  /** True once the account's stream is up and its events logged here; false after `timeoutMs`. */
  whenLogging(accountId: string, timeoutMs: number): Promise<boolean> {
    return this.accounts.get(accountId)?.whenJoined(timeoutMs) ?? Promise.resolve(false);
  }

  /** Whether an account's stream is up and its events logged by this replica. */
  accountLogging(accountId: string): boolean {
    return this.accounts.get(accountId)?.isJoined ?? false;
  }

  /** The account's upstream view (no request deadline): a resume's snapshot reads. */
  accountApi(credentials: AccountCredentials): AccountApi {
    return this.options.forAccount(credentials);
  }

  /** Listens to a public topic; returns the release (idempotent). */
  watchPublic(topic: string, listener: PublicListener): () => void {
    this.listenPublic(topic, listener);
    return () => this.unlistenPublic(topic, listener);
  }

  /** Listens to a public topic until {@link unlistenPublic}. */
  listenPublic(topic: string, listener: PublicListener): void {
    if (this.closed) throw new Error('stream hub closed');
    clearTimeout(this.publicClosing);
    this.publicClosing = undefined;
    const socket = this.openPublic();
    let listeners = this.topics.get(topic);
    if (!listeners) {
      listeners = new Set();
      this.topics.set(topic, listeners);
      socket.subscribe(topic);
    }
    listeners.add(listener);
  }

  /** Stops a listener (idempotent); the public connection closes `graceMs` after the last topic. */
  unlistenPublic(topic: string, listener: PublicListener): void {
    const held = this.topics.get(topic);
    if (!held?.delete(listener) || held.size > 0) return;
    this.topics.delete(topic);
    const socket = this.publicSocket;
    socket?.unsubscribe(topic);
    if (topic === MAINTENANCE_TOPIC) this.maintenance = undefined;
    if (this.topics.size > 0 || !socket) return;
    this.publicClosing = setTimeout(() => {
      if (this.topics.size > 0 || this.publicSocket !== socket) return;
      socket.close();
      this.publicSocket = undefined;
    }, this.options.graceMs ?? 5_000);
    this.publicClosing.unref();
  }

  /** Whether the upstream confirmed a public topic on the current connection (tests). */
  publicSubscribed(topic: string): boolean {
    return this.publicSocket?.isSubscribed(topic) ?? false;
  }

  /** Whether an account's private stream is up (authenticated and subscribed). */
  accountReady(accountId: string): boolean {
    return this.accounts.get(accountId)?.stream.isReady ?? false;
  }

  /** Resolves true once the account's stream is up; false: no stream here, or not within `ms`. */
  whenAccountReady(accountId: string, ms: number): Promise<boolean> {
    return this.accounts.get(accountId)?.stream.whenReady(ms) ?? Promise.resolve(false);
  }

  /** Drops an account's cached reads of these groups, on every replica (the client's). */
  invalidate(accountId: string, groups: readonly CacheGroup[]): Promise<void> {
    return this.options.invalidate(accountId, groups);
  }

  /** Resyncs an account's stream has completed (tests, metrics). */
  resyncs(accountId: string): number {
    return this.accounts.get(accountId)?.stream.resyncs ?? 0;
  }

  stats(): HubStats {
    let accountListeners = 0;
    for (const entry of this.accounts.values()) accountListeners += entry.listeners.size;
    return {
      publicOpen: this.publicSocket !== undefined,
      publicTopics: this.topics.size,
      accounts: this.accounts.size,
      accountListeners,
    };
  }

  close(): void {
    this.closed = true;
    clearInterval(this.renewing);
    this.books.close();
    this.marks.close();
    for (const entry of this.accounts.values()) {
      clearTimeout(entry.closing);
      entry.stream.close();
      entry.streamGone();
    }
    this.accounts.clear();
    clearTimeout(this.publicClosing);
    this.publicSocket?.close();
    this.publicSocket = undefined;
    this.topics.clear();
  }

  /**
   * The maintenance status now: the last push when the topic is followed here, else the
   * first push after subscribing (the upstream pushes its current status on subscribe),
   * waited for at most `waitMs`. The topic is then followed for `keepMs` more, so the next
   * reads answer at once. Undefined when nothing came in time.
   */
  async maintenanceNow(
    waitMs = 2_000,
    keepMs = 60_000,
  ): Promise<MaintenanceStatusModel | undefined> {
    const listener = () => {};
    this.listenPublic(MAINTENANCE_TOPIC, listener);
    const release = setTimeout(() => this.unlistenPublic(MAINTENANCE_TOPIC, listener), keepMs);
    release.unref();
    if (this.maintenance !== undefined || this.closed) return this.maintenance;
    await new Promise<void>((resolve) => {
      const pushed = () => {
        clearTimeout(timer);
        this.unlistenPublic(MAINTENANCE_TOPIC, pushed);
        resolve();
      };
      const timer = setTimeout(pushed, waitMs);
      this.listenPublic(MAINTENANCE_TOPIC, pushed);
    });
    return this.maintenance;
  }

  private maintenancePush(data: unknown): void {
    const ended = this.maintenance?.underMaintenance === true;
    this.maintenance = maintenanceFromStream(data) ?? this.maintenance;
    if (ended && !this.maintenance?.underMaintenance) this.options.rulesMayHaveChanged?.();
  }

  private openAccount(credentials: AccountCredentials): Held {
    const id = credentials.accountId;
    const entry = openAccountEntry(credentials, {
      options: this.options,
      socket: this.socketOptions,
      stats: this.resyncStats,
      log: this.eventLog,
      // Given up: forget the stream so a later subscriber starts afresh.
      gaveUp: (held) => {
        if (this.accounts.get(id) === held) this.accounts.delete(id);
      },
    });
    this.accounts.set(id, entry);
    return entry;
  }

  private openPublic(): StreamSocket {
    if (this.publicSocket) return this.publicSocket;
    const id = encodeURIComponent(this.options.publicId ?? 'svc-gateway');
    this.publicSocket = new StreamSocket({
      url: `${this.options.wsBase}/ws/stream/${id}`,
      ...this.socketOptions,
      onPush: (topic, data, ts) => {
        if (topic === MAINTENANCE_TOPIC) this.maintenancePush(data);
        for (const l of this.topics.get(topic) ?? []) {
          if (typeof l === 'function') l(data, ts);
          else l.publicData(data, ts);
        }
      },
      onTopicRefused: (topic, reason) => {
        for (const l of this.topics.get(topic) ?? []) {
          if (typeof l !== 'function') l.publicRefused?.(reason);
        }
      },
      // Every (re)connection: the books ask for fresh snapshots (updates may have been lost).
      onReady: () => {
        this.books.connectionReady();
        this.options.rulesMayHaveChanged?.();
      },
      onDown: (reason) => {
        this.books.connectionDown();
        this.marks.connectionDown();
        this.options.log?.('upstream public stream down', { reason });
      },
    });
    return this.publicSocket;
  }
}
