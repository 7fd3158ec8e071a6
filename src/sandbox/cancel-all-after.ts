/**
 * The dead-man switch of POST /v1/order/cancel_all_after (market-algo-risk-facts.md): one timer
 * per account. Each call restarts it with `trigger_after` ms, 0 stops it; when it fires, every
 * open algo order of the account and then every pending order is cancelled, with the stream
 * events a user's cancel sends. At most one timer per account, unref'd.
 *
 * `speed` (a control, `POST /sandbox/cancel-all-after/speed`, for tests and demos) runs the
 * delays faster: at 10 a 5,000 ms switch fires after 500 ms, and `expected_trigger_time` says so.
 * The answer's `expected_trigger_time` is a string of ms, as in the facts' example (UNVERIFIED).
 */
import { cancelAlgos } from './algo/cancel.ts';
import type { AlgoEngine } from './algo/engine.ts';
import type { SandboxState } from './state.ts';
import type { TradingEngine } from './trading.ts';
import type { Account } from './types.ts';

export const CANCEL_ALL_AFTER_REASON = 'cancelled by cancel_all_after';
/** Bounds of `speed`. */
export const SPEED_MIN = 1;
export const SPEED_MAX = 1_000;

interface Armed {
  timer: NodeJS.Timeout;
  triggerAfter: number;
  /** Server time it fires at, ms. */
  at: number;
}

/** What the control endpoint shows of an account's switch. */
export interface SwitchStatus {
  armed: boolean;
  trigger_after: number;
  expected_trigger_time: number;
}

export interface CancelAllAfterDeps {
  state: SandboxState;
  engine: TradingEngine;
  algo: AlgoEngine;
  clock: () => number;
  log: (line: string) => void;
}

export class CancelAllAfter {
  private readonly armed = new Map<Account, Armed>();
  private speedFactor = 1;

  constructor(private readonly deps: CancelAllAfterDeps) {}

  /** Restarts (or, with 0, stops) `account`'s switch; its firing time, 0 when stopped. */
  set(account: Account, triggerAfter: number): number {
    this.stop(account);
    if (triggerAfter === 0) return 0;
    const delay = triggerAfter / this.speedFactor;
    const at = Math.round(this.deps.clock() + delay);
    const timer = setTimeout(() => this.fire(account), delay);
    timer.unref();
    this.armed.set(account, { timer, triggerAfter, at });
    return at;
  }

  status(account: Account): SwitchStatus {
    const armed = this.armed.get(account);
    return {
      armed: armed !== undefined,
      trigger_after: armed?.triggerAfter ?? 0,
      expected_trigger_time: armed?.at ?? 0,
    };
  }

  get speed(): number {
    return this.speedFactor;
  }

  /** Runs later delays `factor` times faster (switches already armed keep their time). */
  setSpeed(factor: number): void {
    this.speedFactor = factor;
  }

  close(): void {
    for (const account of [...this.armed.keys()]) this.stop(account);
  }

  private stop(account: Account): void {
    const armed = this.armed.get(account);
    if (!armed) return;
    clearTimeout(armed.timer);
    this.armed.delete(account);
  }

  /** Algo orders first: cancelling one also cancels the order its trigger placed. */
  private fire(account: Account): void {
    const { state, engine, algo, log } = this.deps;
    this.armed.delete(account);
    const algos = state.algo.open.size;
    cancelAlgos(algo, account, undefined, undefined, CANCEL_ALL_AFTER_REASON);
    const pending = state.pendingOrders(account);
    for (const order of pending) engine.cancel(order, CANCEL_ALL_AFTER_REASON);
    log(
      `sandbox: cancel_all_after fired for ${account.accountId}: ${pending.length} orders, ${algos - state.algo.open.size} algo orders cancelled`,
    );
  }
}
