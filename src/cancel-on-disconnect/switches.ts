/**
 * Cancel-on-disconnect for this replica: sessions (a graphql-ws connection armed by its
 * `connectionParams`, or a `cancelOnDisconnect` subscription) arm the upstream's dead-man
 * switch (POST /v1/order/cancel_all_after) for their account, and it is renewed while any
 * session of the account lives on any replica (account-switch.ts). Sessions are registered in
 * the shared store with heartbeats (registry.ts), which is how every replica learns the
 * account's shortest delay and its session count.
 *
 * Bounded: `maxSessions` per account (all replicas), `maxAccounts` per replica (one renewal
 * timer each), one heartbeat timer per replica while it holds a session.
 */
import { randomUUID } from 'node:crypto';
import type { CancelOnDisconnectConfig } from '../config/cancel-on-disconnect.ts';
import type { AccountApi, AccountCredentials } from '../upstream/api.ts';
import type { Store } from '../upstream/stores/store.ts';
import { AccountSwitch, type SwitchStatus } from './account-switch.ts';
import { type RefusalReason, SessionRefused } from './errors.ts';
import { accountTag } from './keys.ts';
import { type CodMetrics, NO_METRICS } from './metrics.ts';
import { SessionRegistry } from './registry.ts';

export interface CancelOnDisconnectOptions {
  config: CancelOnDisconnectConfig;
  /** The shared store (Redis) or the process's own. */
  store: Store;
  /** The account's upstream methods (no caller deadline: each call gets the default one). */
  forAccount(credentials: AccountCredentials): Pick<AccountApi, 'cancelAllAfter'>;
  log: (message: string, fields?: Record<string, unknown>) => void;
  /** @default Date.now */
  now?: () => number;
  metrics?: CodMetrics;
}

/** One open session; `close` ends it (idempotent). */
export interface CodSession {
  readonly accountId: string;
  /** The delay the account's switch is armed with and when it would fire, as of arming. */
  readonly armed: SwitchStatus;
  close(): void;
}

export class CancelOnDisconnect {
  readonly replicaId = randomUUID();
  private readonly accounts = new Map<string, AccountSwitch>();
  private readonly registry: SessionRegistry;
  private readonly now: () => number;
  private readonly metrics: CodMetrics;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Unregistrations under way (a shutdown waits for them before the store closes). */
  private readonly removing = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: CancelOnDisconnectOptions) {
    this.now = options.now ?? Date.now;
    this.metrics = options.metrics ?? NO_METRICS;
    this.registry = new SessionRegistry(options.store, options.config.sessionTtlMs, this.now);
  }

  /** The delay of a session that names none. */
  get defaultAfterMs(): number {
    return this.options.config.afterMs;
  }

  /** Sessions held on this replica. */
  get sessionCount(): number {
    let n = 0;
    for (const account of this.accounts.values()) n += account.sessions.size;
    return n;
  }

  /**
   * Opens a session of `credentials`' account and arms its switch (or finds it armed).
   * Throws `SessionRefused` over a cap, or the upstream client's error when arming failed.
   */
  async open(credentials: AccountCredentials, afterMs = this.defaultAfterMs): Promise<CodSession> {
    const { accountId } = credentials;
    const account = this.switchOf(credentials);
    const id = `${this.replicaId}/${randomUUID()}`;
    account.opening++;
    try {
      if (account.sessions.size >= this.options.config.maxSessions)
        this.refuse('TOO_MANY_SESSIONS');
      if (!(await this.register(accountId, id, afterMs))) this.refuse('TOO_MANY_SESSIONS');
      account.sessions.set(id, afterMs);
      await account.arm(afterMs);
    } catch (error) {
      this.end(accountId, account, id);
      throw error;
    } finally {
      account.opening--;
      this.dropIfIdle(accountId, account);
    }
    this.startHeartbeat();
    let open = true;
    return {
      accountId,
      armed: account.status(),
      close: () => {
        if (open) this.end(accountId, account, id);
        open = false;
      },
    };
  }

  /** Shutdown: no more renewals from here, this replica's sessions unregistered (no disarm). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    const removals: Promise<void>[] = [];
    for (const [accountId, account] of this.accounts) {
      account.stop();
      for (const id of account.sessions.keys()) removals.push(this.registry.remove(accountId, id));
    }
    this.accounts.clear();
    await Promise.allSettled([...removals, ...this.removing]);
  }

  private switchOf(credentials: AccountCredentials): AccountSwitch {
    if (this.closed) this.refuse('SHUTTING_DOWN');
    const { accountId } = credentials;
    let account = this.accounts.get(accountId);
    if (account) return account;
    if (this.accounts.size >= this.options.config.maxAccounts) this.refuse('TOO_MANY_ACCOUNTS');
    account = new AccountSwitch({
      accountId,
      api: this.options.forAccount(credentials),
      registry: this.registry,
      store: this.options.store,
      replicaId: this.replicaId,
      renewMs: this.options.config.renewMs,
      now: this.now,
      log: this.options.log,
      metrics: this.metrics,
    });
    this.accounts.set(accountId, account);
    return account;
  }

  /** Registers the session in the shared store; a store that fails does not stop it (logged). */
  private async register(accountId: string, id: string, afterMs: number): Promise<boolean> {
    try {
      return await this.registry.add(accountId, id, afterMs, this.options.config.maxSessions);
    } catch (error) {
      this.warn('cancel-on-disconnect: session not registered in the store', accountId, error);
      return true;
    }
  }

  private end(accountId: string, account: AccountSwitch, id: string): void {
    if (!account.sessions.delete(id)) return;
    const removal: Promise<void> = this.registry
      .remove(accountId, id)
      .catch((error: unknown) => {
        this.warn('cancel-on-disconnect: session not unregistered (it expires)', accountId, error);
      })
      .finally(() => this.removing.delete(removal));
    this.removing.add(removal);
    this.dropIfIdle(accountId, account);
  }

  /** An account without sessions (or opens under way) here: its timer stops, its entry goes. */
  private dropIfIdle(accountId: string, account: AccountSwitch): void {
    if (account.sessions.size > 0 || account.opening > 0) return;
    account.stop();
    if (this.accounts.get(accountId) === account) this.accounts.delete(accountId);
    if (this.accounts.size === 0) this.stopHeartbeat();
  }

  private refuse(reason: RefusalReason): never {
    this.metrics.refused(reason);
    const { maxSessions, maxAccounts } = this.options.config;
    const why: Record<RefusalReason, string> = {
      TOO_MANY_SESSIONS: `the account already holds ${maxSessions} cancel-on-disconnect sessions`,
      TOO_MANY_ACCOUNTS: `this gateway replica holds sessions of ${maxAccounts} accounts; retry later`,
      SHUTTING_DOWN: 'this gateway replica is shutting down; reconnect',
    };
    throw new SessionRefused(reason, why[reason]);
  }

  /** Every third of the session TTL, this replica's sessions' records are rewritten. */
  private startHeartbeat(): void {
    if (this.heartbeat || this.closed) return;
    const every = Math.max(1, Math.floor(this.options.config.sessionTtlMs / 3));
    this.heartbeat = setInterval(() => this.beat(), every);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private beat(): void {
    for (const [accountId, account] of this.accounts) {
      for (const [id, afterMs] of account.sessions) {
        this.registry.put(accountId, id, afterMs).catch((error: unknown) => {
          this.warn('cancel-on-disconnect: heartbeat not written', accountId, error);
        });
      }
    }
  }

  private warn(message: string, accountId: string, error: unknown): void {
    this.options.log(message, {
      account: accountTag(accountId),
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
