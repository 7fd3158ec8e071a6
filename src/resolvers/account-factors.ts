/**
 * The accounts' `imr_factor` per symbol (GET /v1/client/info) as the risk figures read them,
 * held on the replica for a minute. That read's budget is 10 per 60 s per account and the
 * shared cache keeps it 5 s: a screen polling its positions' figures every second would
 * spend 12 a minute and be refused. A factor is an account-tier setting that changes rarely
 * and the figures it feeds are estimates, so a minute's lag (per replica) is the price of
 * polling them; docs/risk.md says so. Bounded: the oldest account goes past `max`.
 */
import type { AccountInfo } from '../contract/wire.ts';

export type Factors = Readonly<Record<string, number>>;

export interface AccountFactorsOptions {
  /** @default 60_000 */
  ttlMs?: number;
  /** Accounts held. @default 10_000 */
  max?: number;
  now?: () => number;
}

interface Held {
  at: number;
  factors: Promise<Factors>;
}

export class AccountFactors {
  private readonly held = new Map<string, Held>();
  private readonly ttlMs: number;
  private readonly max: number;
  private readonly now: () => number;

  constructor(options: AccountFactorsOptions = {}) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.max = options.max ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** The account's factors: held ones while fresh, else `read` (once for concurrent askers). */
  get(accountId: string, read: () => Promise<AccountInfo>): Promise<Factors> {
    const at = this.now();
    const known = this.held.get(accountId);
    if (known && at - known.at < this.ttlMs) return known.factors;
    const factors = read().then((info) => info.imr_factor ?? {});
    this.held.delete(accountId);
    if (this.held.size >= this.max) {
      const oldest = this.held.keys().next().value;
      if (oldest !== undefined) this.held.delete(oldest);
    }
    const entry = { at, factors };
    this.held.set(accountId, entry);
    // A failed read is not held: the next asker reads again.
    factors.catch(() => {
      if (this.held.get(accountId) === entry) this.held.delete(accountId);
    });
    return factors;
  }

  /** Accounts held (tests). */
  get size(): number {
    return this.held.size;
  }
}
