/**
 * Upstream budget: the spec's documented limits, enforced before every HTTP attempt and
 * shared by every client on the same store (Redis: all replicas). When the budget is spent
 * the call waits for it up to `waitMs`, then fails with RateLimitedError{retryAfterMs}.
 *
 * An upstream 429 blocks the operation's budget key for the Retry-After (or the documented
 * window) so nobody on the store calls again before then. Operations without a documented
 * limit have no window, only that block (key: the operation's name).
 *
 * Time: the caller's host clock (`now`, injectable) is passed to the store, so tests drive
 * windows without sleeping; replicas are assumed NTP-synced (skew only shifts window edges,
 * and the store drops entries more than one window in the future).
 *
 * Windows are padded by `WINDOW_MARGIN_MS`: the store records a call when it is allowed,
 * the upstream when it arrives, and arrival delays vary — without the margin, a call sent
 * exactly one window after another can arrive a little early and earn a 429.
 *
 * An operation that also spends another's budget (`alsoCounts`: a batch placement counts
 * each item against create-order) takes those units too, and waits out that operation's
 * upstream 429 block.
 *
 * Waits carry a small random jitter, so that callers refused at the same moment do not all
 * wake together to contend for the one unit that frees. Under an operation's deadline
 * (deadline.ts) a wait that cannot end before it is not begun and an abort ends it; both
 * fail the call as never sent.
 *
 * A retry (`call.spare`, retry-policy.ts) takes its unit only while the window is less than half
 * used (`spareLimit`, checked atomically by the store against that lower limit) and never
 * waits: refused, it fails with `source: 'reserve'` and the retry layer gives up. So the
 * gateway's own retries can never spend the half of a budget kept for callers' requests.
 * Every attempt that is sent is counted, failed ones included: the upstream counts every
 * request it answers, a 5xx too. (One refused before connecting is counted as well: the
 * store has no refund, and erring on the spent side never earns a 429.)
 *
 * When the store fails, an in-process limiter takes over with this replica's share of each
 * limit, `floor(limit / replicas)` (at least 1), so all replicas together stay within the
 * documented limit, and the failure shows in `StoreHealth`.
 */

import { type Operation, RETRY_429_MS } from './catalog.ts';
import { boundedWait, endsCall, type Sleep } from './deadline.ts';
import { RateLimitedError } from './errors.ts';
import type { StoreHealth } from './health.ts';
import { limitKey } from './keys.ts';
import type { Call, Layer } from './pipeline.ts';
import { sleep as realSleep } from './pipeline.ts';
import { markUnsent } from './retry.ts';
import { spareLimit } from './retry-policy.ts';
import type { ConsumeResult, Store } from './stores/store.ts';

/**
 * Added to every documented window (see above). 100 ms was not enough: a concurrent burst
 * through two replicas reached the upstream up to ~150 ms after its budget was taken, and
 * the next window's calls arrived early enough for a 429 (test/integration/resilience).
 */
export const WINDOW_MARGIN_MS = 250;

/** Largest jitter added to a budget wait (a quarter of the wait at most). */
export const MAX_WAIT_JITTER_MS = 50;

export interface BudgetOptions {
  store: Store;
  /** In-process limiter used while `store` fails. */
  fallback: Store;
  health: StoreHealth;
  now: () => number;
  /** Longest wait for budget before failing. */
  waitMs: number;
  /** Multiplies every documented limit (UPSTREAM_LIMIT_SCALE; benchmarks only). @default 1 */
  limitScale?: number;
  /** Replicas sharing the budget: the fallback limiter allows each one its share. @default 1 */
  replicas?: number;
  sleep?: Sleep;
  /** Jitter source. @default Math.random */
  random?: () => number;
}

/** A spare attempt on a route whose reserve is its whole budget (1 per window). */
const RESERVED: ConsumeResult = { allowed: false, retryAfterMs: 0, remaining: 0, blocked: false };

/** The key this call's budget (and any upstream 429 block) lives under. */
export function budgetKey(call: Call): string {
  return limitKey(call.scope, call.op.limit?.key ?? call.op.name);
}

/** The other operations' budgets a call also spends: one call per unit. */
function alsoSpent(call: Call): Call[] {
  const also = call.op.alsoCounts;
  if (!also) return [];
  const items = (call.args.body as { orders?: unknown[] } | undefined)?.orders;
  const units = Array.isArray(items) ? items.length : 1;
  const other: Call = { ...call, op: also.op as Operation };
  return Array.from({ length: units }, () => other);
}

/** The budget's store calls, with the in-process fallback while the store fails. */
class Budget {
  readonly #o: BudgetOptions;
  readonly #sleep: Sleep;
  readonly #random: () => number;
  readonly #scale: number;
  readonly #replicas: number;

  constructor(options: BudgetOptions) {
    this.#o = options;
    this.#sleep = options.sleep ?? realSleep;
    this.#random = options.random ?? Math.random;
    this.#scale = options.limitScale ?? 1;
    this.#replicas = Math.max(1, Math.floor(options.replicas ?? 1));
  }

  /** Operations without a documented window: only an upstream 429 block can stop them. */
  async #unblocked(key: string, at: number): Promise<ConsumeResult> {
    const { store, fallback, health } = this.#o;
    const blockedMs = await health.guard(
      () => store.blockedFor(key, at),
      () => fallback.blockedFor(key, at),
    );
    return blockedMs > 0
      ? { allowed: false, retryAfterMs: blockedMs, remaining: 0, blocked: true }
      : { allowed: true, retryAfterMs: 0, remaining: Number.POSITIVE_INFINITY, blocked: false };
  }

  // Not async: the store's promise is returned as it is (one promise less per call).
  #check(call: Call, key: string): Promise<ConsumeResult> {
    const { store, fallback, health } = this.#o;
    const limit = call.op.limit;
    const at = this.#o.now();
    if (!limit) return this.#unblocked(key, at);
    const windowMs = limit.windowMs + WINDOW_MARGIN_MS;
    let max = Math.max(1, Math.round(limit.limit * this.#scale));
    let share = Math.max(1, Math.floor(max / this.#replicas));
    if (call.spare) {
      max = spareLimit(max);
      share = spareLimit(share);
      // A store cannot be asked for a unit of an empty budget: refused here.
      if (max === 0) return Promise.resolve(RESERVED);
    }
    return health.guard(
      () => store.consume(key, max, windowMs, at),
      () => (share === 0 ? RESERVED : fallback.consume(key, share, windowMs, at)),
    );
  }

  /** Takes one unit of budget, sleeping for it up to `waitMs` in all. */
  async acquire(call: Call, key: string): Promise<void> {
    const { waitMs: maxWaitMs } = this.#o;
    for (let waited = 0; ; ) {
      call.deadline?.check(call.op.name, 'budget wait');
      const result = await this.#check(call, key);
      if (result.allowed) return;
      if (call.spare) throw new RateLimitedError(call.op.name, result.retryAfterMs, 'reserve');
      if (waited + result.retryAfterMs > maxWaitMs) {
        const source = result.blocked ? 'upstream' : 'budget';
        throw new RateLimitedError(call.op.name, result.retryAfterMs, source);
      }
      const jitter = this.#random() * Math.min(MAX_WAIT_JITTER_MS, result.retryAfterMs / 4);
      const waitMs = Math.round(
        Math.max(result.retryAfterMs, Math.min(result.retryAfterMs + jitter, maxWaitMs - waited)),
      );
      const started = performance.now();
      await boundedWait(call, waitMs, 'budget wait', this.#sleep);
      const slept = performance.now() - started;
      waited += slept;
      call.stats.budgetWaitMs += Math.round(slept);
    }
  }

  /** An upstream 429: every replica holds the route's calls until it says. */
  async block(call: Call, key: string, error: RateLimitedError): Promise<void> {
    const { store, fallback, health } = this.#o;
    const at = this.#o.now();
    const until = at + (error.retryAfterMs || call.op.limit?.windowMs || RETRY_429_MS);
    await health.guard(
      () => store.block(key, until, at),
      () => fallback.block(key, until, at),
    );
  }
}

export function withBudget(options: BudgetOptions): Layer {
  const budget = new Budget(options);
  return (next) => async (call) => {
    const key = budgetKey(call);
    try {
      await budget.acquire(call, key);
      // Sequential: each unit is one atomic store call; a batch has at most 10.
      if (call.op.alsoCounts) {
        for (const other of alsoSpent(call)) await budget.acquire(other, budgetKey(other));
      }
    } catch (error) {
      throw endsCall(error) ? markUnsent(error) : error;
    }
    try {
      return await next(call);
    } catch (error) {
      if (error instanceof RateLimitedError && error.source === 'upstream') {
        await budget.block(call, key, error);
      }
      throw error;
    }
  };
}
