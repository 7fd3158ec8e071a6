/**
 * A circuit per upstream route (the catalog operation), so that a failing upstream is not
 * hammered and its rate budget is not spent on requests that cannot succeed:
 *
 *   closed ──(`failures` consecutive "unavailable" attempts)──▶ open
 *   open ──(`cooldownMs` later, at the next call)──▶ half-open: exactly one probe goes out
 *   half-open ──probe answered──▶ closed      half-open ──probe unavailable──▶ open again
 *
 * While open (and while the one probe is out) calls fail fast with {@link CircuitOpenError}:
 * nothing is sent, no budget is spent. "Unavailable" means 5xx, -1000/-1011, timeouts and
 * lost or refused connections; any answer (4xx, 401, 429, malformed) proves the upstream is
 * there. Per process: each replica learns on its own (a handful of attempts each), and the
 * map holds at most one circuit per catalog operation. Time is injectable (tests).
 */
import { UnavailableError } from './errors.ts';
import { markUnsent } from './retry.ts';

export type CircuitState = 'closed' | 'open' | 'half_open';
/** How an attempt ended, for the circuit: `neutral` says nothing about the upstream. */
export type Verdict = 'success' | 'failure' | 'neutral';

export interface CircuitOptions {
  /** Consecutive unavailable attempts that open a route's circuit; 0: never. @default 5 */
  failures: number;
  /** How long an open circuit fails calls fast before one probe. @default 5000 */
  cooldownMs: number;
  /** Longest a probe can take (the attempt timeout): the hint while one is out. @default cooldownMs */
  probeMs?: number;
  /** Monotonic ms. @default performance.now */
  now?: () => number;
}

/** The route's circuit is open: the call was failed fast, never sent. */
export class CircuitOpenError extends UnavailableError {
  constructor(
    operation: string,
    /** When a call may get through again (the cool-down's end, or the probe's bound). */
    readonly retryAfterMs: number,
  ) {
    super(operation, 'circuit_open', `circuit open; retry after ${retryAfterMs} ms`);
  }
}

/** What `admit` let through: a normal attempt, or the half-open circuit's one probe. */
export type Ticket = 'pass' | 'probe';

export interface CircuitSnapshot {
  /** `half_open` once the cool-down is over, whether or not the probe went out yet. */
  state: CircuitState;
  /** The probe is out. */
  probing: boolean;
  consecutiveFailures: number;
  /** Calls failed fast since start. */
  failedFast: number;
  /** Times the circuit opened since start. */
  opened: number;
}

export class Circuit {
  #state: CircuitState = 'closed';
  #failures = 0;
  #openUntil = 0;
  #probeStarted: number | undefined;
  #failedFast = 0;
  #opened = 0;

  constructor(
    readonly route: string,
    private readonly options: Required<CircuitOptions>,
  ) {}

  /** Lets an attempt through, or throws CircuitOpenError (marked as never sent). */
  admit(): Ticket {
    if (this.#state === 'closed') return 'pass';
    const now = this.options.now();
    if (this.#state === 'open' && now >= this.#openUntil) this.#state = 'half_open';
    if (this.#state === 'half_open' && this.#probeStarted === undefined) {
      this.#probeStarted = now;
      return 'probe';
    }
    this.#failedFast++;
    const until =
      this.#probeStarted === undefined
        ? this.#openUntil
        : this.#probeStarted + this.options.probeMs;
    throw markUnsent(new CircuitOpenError(this.route, Math.max(1, Math.ceil(until - now))));
  }

  /** How the attempt `admit` let through ended. */
  record(ticket: Ticket, verdict: Verdict): void {
    if (ticket === 'probe') {
      this.#probeStarted = undefined;
      if (verdict === 'success') this.#close();
      else if (verdict === 'failure') this.#open();
      return;
    }
    // Attempts begun before the circuit opened say nothing about it now.
    if (this.#state !== 'closed' || verdict === 'neutral') return;
    if (verdict === 'success') this.#failures = 0;
    else if (++this.#failures >= this.options.failures) this.#open();
  }

  #open(): void {
    this.#state = 'open';
    this.#openUntil = this.options.now() + this.options.cooldownMs;
    this.#opened++;
  }

  #close(): void {
    this.#state = 'closed';
    this.#failures = 0;
  }

  snapshot(): CircuitSnapshot {
    const cooled = this.#state === 'open' && this.options.now() >= this.#openUntil;
    return {
      state: cooled ? 'half_open' : this.#state,
      probing: this.#probeStarted !== undefined,
      consecutiveFailures: this.#failures,
      failedFast: this.#failedFast,
      opened: this.#opened,
    };
  }
}

/** One circuit per route, made on first use: bounded by the catalog's operations. */
export class Circuits {
  readonly #circuits = new Map<string, Circuit>();
  readonly #options: Required<CircuitOptions>;

  constructor(options: CircuitOptions) {
    this.#options = {
      failures: options.failures,
      cooldownMs: options.cooldownMs,
      probeMs: options.probeMs ?? options.cooldownMs,
      now: options.now ?? (() => performance.now()),
    };
  }

  get enabled(): boolean {
    return this.#options.failures > 0;
  }

  of(route: string): Circuit {
    let circuit = this.#circuits.get(route);
    if (!circuit) {
      circuit = new Circuit(route, this.#options);
      this.#circuits.set(route, circuit);
    }
    return circuit;
  }

  /** Every route that has been called, by catalog name. */
  snapshot(): Record<string, CircuitSnapshot> {
    const all: Record<string, CircuitSnapshot> = {};
    for (const [route, circuit] of this.#circuits) all[route] = circuit.snapshot();
    return all;
  }
}
