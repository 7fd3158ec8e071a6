/**
 * One account's upstream dead-man switch as this replica keeps it: its local sessions (each
 * with the delay it asked for), the renewal timer, and what the last renewal answered.
 *
 * Each replica with a session of the account ticks every `renewEveryMs` (schedule.ts); the
 * replica that claims the interval in the shared store (`SET NX PX`, claimKey) renews with the
 * shortest delay any live session of the account asked for, on any replica (registry.ts); the
 * others skip. So there is one renewal per interval whatever the replica count, and the switch
 * is renewed as long as any replica holds a session. A replica never turns the switch off
 * (`trigger_after: 0`): when its last session ends it only stops ticking, and once no replica
 * ticks the upstream cancels the account's orders `afterMs` after the last renewal.
 */
import type { AccountApi } from '../upstream/api.ts';
import type { Store } from '../upstream/stores/store.ts';
import { accountTag, claimKey } from './keys.ts';
import type { CodMetrics } from './metrics.ts';
import type { SessionRegistry } from './registry.ts';
import { claimTtlMs, effectiveAfterMs, renewEveryMs, triggerTimeOf } from './schedule.ts';

export interface SwitchDeps {
  accountId: string;
  api: Pick<AccountApi, 'cancelAllAfter'>;
  registry: SessionRegistry;
  store: Pick<Store, 'set' | 'setIfAbsent' | 'compareAndSet'>;
  replicaId: string;
  renewMs: number;
  now: () => number;
  log: (message: string, fields?: Record<string, unknown>) => void;
  metrics: CodMetrics;
}

/** What a session is told: the delay the switch is armed with, and when it would fire. */
export interface SwitchStatus {
  afterMs: number;
  /** Upstream time (ms) the orders are cancelled at unless renewed, as of the last renewal here. */
  expectedTriggerTime: number;
}

export class AccountSwitch {
  /** This replica's sessions of the account: id → the delay it asked for. */
  readonly sessions = new Map<string, number>();
  /** Sessions being opened (the switch is not dropped while one is). */
  opening = 0;
  private armed: SwitchStatus = { afterMs: 0, expectedTriggerTime: 0 };
  private timer: NodeJS.Timeout | undefined;
  private inflight: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly deps: SwitchDeps) {}

  status(): SwitchStatus {
    return { ...this.armed };
  }

  /**
   * Arms the switch for a new session (already in `sessions`), then keeps renewing it. Sent
   * now unless the switch, armed from here, still runs with a delay no longer than asked.
   * Throws what the upstream call threw.
   */
  async arm(afterMs: number): Promise<void> {
    this.stopped = false;
    await this.inflight?.catch(() => undefined);
    const { afterMs: current, expectedTriggerTime } = this.armed;
    if (!(expectedTriggerTime > this.deps.now() && current <= afterMs)) await this.renew(true);
    this.schedule();
  }

  /** No more renewals from this replica (never `trigger_after: 0`). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const afterMs = effectiveAfterMs([this.armed.afterMs || Infinity, ...this.sessions.values()]);
    const timer = setTimeout(() => this.tick(), renewEveryMs(afterMs!, this.deps.renewMs));
    timer.unref();
    this.timer = timer;
  }

  private tick(): void {
    this.timer = undefined;
    this.renew(false)
      .catch((error: unknown) => {
        this.deps.log('cancel-on-disconnect: renewal failed; retried next interval', {
          account: accountTag(this.deps.accountId),
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => this.schedule());
  }

  /** One renewal at a time: a session opening meanwhile waits for it (`arm`). */
  private renew(force: boolean): Promise<void> {
    const run: Promise<void> = this.send(force).finally(() => {
      if (this.inflight === run) this.inflight = undefined;
    });
    this.inflight = run;
    return run;
  }

  /** Claims the interval (`force`: takes it) and renews; skips when another replica holds it. */
  private async send(force: boolean): Promise<void> {
    const { store, replicaId, api, metrics, now } = this.deps;
    // A tick that outlived the last session: nothing to keep alive (and never a 0).
    if (this.sessions.size === 0) return;
    const afterMs = await this.delay();
    const key = claimKey(this.deps.accountId);
    const ttl = claimTtlMs(renewEveryMs(afterMs, this.deps.renewMs));
    // The claim saves calls; a store that fails does not stop a renewal.
    const claimed = await (force
      ? store.set(key, replicaId, ttl).then(() => true)
      : store.setIfAbsent(key, replicaId, ttl)
    ).catch(() => true);
    if (!claimed) {
      metrics.renewal('skipped');
      return;
    }
    try {
      const answer = await api.cancelAllAfter({ trigger_after: afterMs });
      const expectedTriggerTime = triggerTimeOf(answer.expected_trigger_time, now() + afterMs);
      this.armed = { afterMs, expectedTriggerTime };
      metrics.renewal('ok');
    } catch (error) {
      metrics.renewal('failed');
      // Another replica may try before this interval ends.
      await store.compareAndSet(key, replicaId, null, ttl).catch(() => false);
      throw error;
    }
  }

  /**
   * The shortest delay any live session of the account asked for (this replica's alone when
   * the store fails).
   */
  private async delay(): Promise<number> {
    const local = effectiveAfterMs(this.sessions.values()) ?? this.armed.afterMs;
    try {
      const records = await this.deps.registry.live(this.deps.accountId);
      return effectiveAfterMs([local, ...records.map((r) => r.afterMs)])!;
    } catch {
      return local;
    }
  }
}
