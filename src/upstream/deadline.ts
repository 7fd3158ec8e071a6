/**
 * Bounded calls: one deadline per GraphQL operation, shared by every upstream call the
 * operation makes, covering budget waits, retries, backoffs, order read-backs and each HTTP
 * attempt (whose timeout is `min(UPSTREAM_TIMEOUT_MS, time left)`), plus the caller's abort
 * signal (yoga's `request.signal`: the client went away).
 *
 * Rules the layers follow:
 * - nothing starts past the deadline: a wait (budget, backoff) that cannot end before it is
 *   not begun, the call fails at once with {@link DeadlineExceededError} naming the stage;
 * - an abort ends budget waits, backoffs and in-flight reads at once
 *   ({@link CallAbortedError}); an in-flight write runs to its (deadline-bounded) timeout,
 *   since cutting it would not unsend it and its answer tells whether it landed;
 * - after a deadline hit or an abort nothing is resent: an order whose send may have reached
 *   the upstream is reported as "state unknown" with its client_order_id (orders.ts).
 *
 * Hand-written: AbortSignal.timeout/any cover the signal, not "time left" nor the stage.
 * Time is monotonic (`performance.now`), injectable for tests.
 */
import { getEventListeners } from 'node:events';
import { UnavailableError } from './errors.ts';

/** When the deadline was hit: `budget wait`, `attempt 2`, `retry 2`, `read-back`, … */
export type DeadlineStage = string;

const describe = (what: string, detail: string | undefined) =>
  detail ? `${what}; ${detail}` : what;

/** The operation's deadline passed (or would have during a wait that was not begun). */
export class DeadlineExceededError extends UnavailableError {
  /** `deadline of 800 ms hit at attempt 2[; detail]`: safe to show the caller. */
  readonly description: string;

  constructor(
    operation: string,
    /** The operation's whole deadline, ms (`UPSTREAM_DEADLINE_MS`). */
    readonly deadlineMs: number,
    readonly stage: DeadlineStage,
    options?: { cause?: unknown; detail?: string },
  ) {
    const description = describe(`deadline of ${deadlineMs} ms hit at ${stage}`, options?.detail);
    super(operation, 'timeout', description, options);
    this.description = description;
  }
}

/** The caller went away (client disconnect): its upstream work was stopped. */
export class CallAbortedError extends UnavailableError {
  constructor(
    operation: string,
    readonly stage: DeadlineStage,
    options?: { cause?: unknown; detail?: string },
  ) {
    super(operation, 'aborted', describe(`caller went away at ${stage}`, options?.detail), options);
  }
}

/** Errors that end a call: never retried, never followed by a resend. */
export const endsCall = (error: unknown): error is DeadlineExceededError | CallAbortedError =>
  error instanceof DeadlineExceededError || error instanceof CallAbortedError;

/** What is read of the caller's signal (yoga's may be a ponyfill's). */
export type SignalLike = Pick<AbortSignal, 'aborted' | 'addEventListener'>;

export interface DeadlineOptions {
  /** The caller's abort (yoga's `request.signal`). */
  signal?: SignalLike | undefined;
  /** Monotonic clock, ms. @default performance.now */
  now?: () => number;
}

export class Deadline {
  /** Aborts when the caller's signal does (a native signal, whatever the caller's is). */
  readonly signal: AbortSignal;
  /**
   * HTTP attempts sent under this deadline, by all the operation's calls (counted by the
   * sender): an operation that failed having sent nothing did nothing upstream.
   */
  attempts = 0;
  readonly #at: number;
  readonly #now: () => number;

  constructor(
    /** The whole budget, ms. */
    readonly budgetMs: number,
    options: DeadlineOptions = {},
    at?: number,
  ) {
    this.#now = options.now ?? (() => performance.now());
    this.#at = at ?? this.#now() + budgetMs;
    const given = options.signal;
    if (!given) {
      this.signal = NEVER;
    } else if (given instanceof AbortSignal) {
      this.signal = given;
    } else {
      // yoga's node adapter may hand a ponyfilled signal: follow it with a native one.
      const controller = new AbortController();
      if (given.aborted) controller.abort();
      else given.addEventListener('abort', () => controller.abort(), { once: true });
      this.signal = controller.signal;
    }
  }

  /** The same deadline with another abort signal (shared work: see {@link SharedAbort}). */
  withSignal(signal: AbortSignal): Deadline {
    return new Deadline(this.budgetMs, { signal, now: this.#now }, this.#at);
  }

  remainingMs(): number {
    return Math.max(0, this.#at - this.#now());
  }

  get aborted(): boolean {
    return this.signal.aborted;
  }

  /** Throws when the caller went away or no time is left for `stage`. */
  check(operation: string, stage: DeadlineStage, cause?: unknown): void {
    if (this.aborted) throw new CallAbortedError(operation, stage, { cause });
    if (this.remainingMs() <= 0) {
      throw new DeadlineExceededError(operation, this.budgetMs, stage, { cause });
    }
  }

  /**
   * Before a wait of `ms`: throws unless it can end before the deadline (a wait that cannot
   * is not begun) and the caller is still there.
   */
  checkWait(operation: string, stage: DeadlineStage, ms: number, cause?: unknown): void {
    this.check(operation, stage, cause);
    if (ms >= this.remainingMs()) {
      throw new DeadlineExceededError(operation, this.budgetMs, stage, {
        cause,
        detail: `a ${Math.round(ms)} ms wait would pass it`,
      });
    }
  }

  /** An attempt's timeout: `timeoutMs`, or less when the deadline is nearer (`byDeadline`). */
  attemptTimeout(timeoutMs: number): { timeoutMs: number; byDeadline: boolean } {
    const left = Math.ceil(this.remainingMs());
    return left < timeoutMs
      ? { timeoutMs: left, byDeadline: true }
      : { timeoutMs, byDeadline: false };
  }

  /**
   * Waits for `promise` (work shared with other callers, running under the deadline `work`)
   * no longer than this deadline and this caller: the work itself goes on for the others.
   * Where the work stops first anyway (its deadline is not later than this one, or this
   * caller's abort aborted it: it was the last one waiting), its own failure, which names
   * where it stopped, is awaited instead.
   */
  race<T>(
    promise: Promise<T>,
    operation: string,
    stage: DeadlineStage,
    work?: Deadline,
  ): Promise<T> {
    this.check(operation, stage);
    return new Promise<T>((resolve, reject) => {
      const timer =
        work && work.#at <= this.#at
          ? undefined
          : setTimeout(() => {
              done();
              reject(new DeadlineExceededError(operation, this.budgetMs, stage));
            }, this.remainingMs());
      const onAbort = () => {
        if (work?.aborted) return;
        done();
        reject(new CallAbortedError(operation, stage));
      };
      const done = () => {
        clearTimeout(timer);
        this.signal.removeEventListener('abort', onAbort);
      };
      this.signal.addEventListener('abort', onAbort, { once: true });
      promise.then(
        (value) => {
          done();
          resolve(value);
        },
        (error: unknown) => {
          done();
          reject(error);
        },
      );
    });
  }
}

const NEVER = new AbortController().signal;

/** A sleep that a signal may end early (it then resolves: the caller checks why). */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/**
 * A backoff or budget wait of `ms` under the call's deadline: not begun when it cannot end
 * in time, ended early by an abort (then throws CallAbortedError).
 */
export async function boundedWait(
  call: { readonly op: { readonly name: string }; readonly deadline?: Deadline | undefined },
  ms: number,
  stage: DeadlineStage,
  sleep: Sleep,
  cause?: unknown,
): Promise<void> {
  const { deadline } = call;
  if (!deadline) return sleep(ms);
  deadline.checkWait(call.op.name, stage, ms, cause);
  await sleep(ms, deadline.signal);
  if (deadline.aborted) throw new CallAbortedError(call.op.name, stage, { cause });
}

/**
 * Controllers of shared work that ended without aborting, for later work: creating an
 * AbortSignal costs more than the rest of a coalesced read's upkeep (docs/performance.md).
 */
const spareControllers: AbortController[] = [];
const MAX_SPARE_CONTROLLERS = 64;

/**
 * The abort signal of work shared by several callers (a coalesced read): it aborts once
 * every one of them has gone away, not when the first does. A caller without a signal
 * keeps it alive. When the work is over, {@link end} lets its callers go.
 */
export class SharedAbort {
  readonly #controller = spareControllers.pop() ?? new AbortController();
  #live = 0;
  #pinned = false;
  #ended = false;
  /** The callers' signals and the listener on each, for `end`. */
  #following: Array<AbortSignal | (() => void)> = [];

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  join(signal: AbortSignal | undefined): void {
    if (this.#ended) return;
    if (!signal || signal === NEVER) {
      this.#pinned = true;
      return;
    }
    if (signal.aborted) return;
    this.#live++;
    const onAbort = () => {
      if (--this.#live === 0 && !this.#pinned) this.#controller.abort();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    this.#following.push(signal, onAbort);
  }

  /**
   * The work is over: stop following its callers (their aborts change nothing now). Its
   * signal, when it never aborted and nothing listens to it any more, serves later work.
   */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    const following = this.#following;
    for (let i = 0; i < following.length; i += 2) {
      (following[i] as AbortSignal).removeEventListener('abort', following[i + 1] as () => void);
    }
    this.#following = [];
    const { signal } = this.#controller;
    if (
      !signal.aborted &&
      spareControllers.length < MAX_SPARE_CONTROLLERS &&
      getEventListeners(signal, 'abort').length === 0
    ) {
      spareControllers.push(this.#controller);
    }
  }
}

/**
 * A placement cut short by its deadline or an abort after it may have reached the upstream:
 * the same error, saying which orders are in an unknown state (nothing more is sent or read).
 */
export function stateUnknown(
  operation: string,
  error: DeadlineExceededError | CallAbortedError,
  detail: string,
  stage: DeadlineStage = error.stage,
): DeadlineExceededError | CallAbortedError {
  const options = { cause: error, detail: `${detail}; not resent` };
  return error instanceof DeadlineExceededError
    ? new DeadlineExceededError(operation, error.deadlineMs, stage, options)
    : new CallAbortedError(operation, stage, options);
}
