/**
 * The bound on mutations waiting for an order's outcome on the private stream (`waitFor`):
 * at most `maxPerAccount` at once per account and `max` in the process. One more is refused
 * before anything is sent (the caller may retry, or not wait). Per replica: a wait holds a
 * listener of this replica's stream and a request of this replica, nothing shared.
 */

export interface OrderWaitsOptions {
  /** Waits at once per account (`ORDER_WAIT_MAX_PER_ACCOUNT`). @default 16 */
  maxPerAccount?: number;
  /** Waits at once in the process (`ORDER_WAIT_MAX`). @default 1_000 */
  max?: number;
}

/** One wait too many: which bound it hit. */
export class WaitRefusedError extends Error {
  constructor(
    readonly scope: 'account' | 'process',
    readonly limit: number,
  ) {
    super(
      scope === 'account'
        ? `at most ${limit} mutations of one account may wait for their outcome at once`
        : `at most ${limit} mutations may wait for their outcome at once on this replica`,
    );
  }
}

export class OrderWaits {
  readonly maxPerAccount: number;
  readonly max: number;
  /** Waits refused, by the bound they hit (metrics read them at scrape time). */
  readonly refused = { account: 0, process: 0 };
  readonly #perAccount = new Map<string, number>();
  #total = 0;

  constructor(options: OrderWaitsOptions = {}) {
    this.maxPerAccount = options.maxPerAccount ?? 16;
    this.max = options.max ?? 1_000;
  }

  /** Waits running now (metrics, tests). */
  get active(): number {
    return this.#total;
  }

  /** Takes a place for one wait of `accountId`; returns its release (idempotent). */
  enter(accountId: string): () => void {
    const held = this.#perAccount.get(accountId) ?? 0;
    if (held >= this.maxPerAccount) {
      this.refused.account++;
      throw new WaitRefusedError('account', this.maxPerAccount);
    }
    if (this.#total >= this.max) {
      this.refused.process++;
      throw new WaitRefusedError('process', this.max);
    }
    this.#perAccount.set(accountId, held + 1);
    this.#total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#total--;
      const left = (this.#perAccount.get(accountId) ?? 1) - 1;
      if (left > 0) this.#perAccount.set(accountId, left);
      else this.#perAccount.delete(accountId);
    };
  }
}
