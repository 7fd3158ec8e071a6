/**
 * `waitFor` on the order mutations: the caller's private stream is watched (and up) before
 * the request is sent, so no change is missed; the answer then waits until the order reaches
 * the target (order-outcome.ts), or until `waitTimeoutMs` — never past the operation's
 * deadline — and the watch is released. No upstream request: the states come from the stream.
 * Waits are bounded per account and per replica (live/order-waits.ts); one more is refused
 * before anything is sent.
 */
import { AccountWatch } from '../live/account-watch.ts';
import { WaitRefusedError } from '../live/order-waits.ts';
import {
  type GatewayContext,
  type InputIssue,
  inputIssuesError,
  RateLimitedErrorMember,
  requireAccount,
  UpstreamUnavailableErrorMember,
} from '../schema/types.ts';
import type { OrderUpdateModel } from '../upstream/stream/models.ts';
import {
  type OrderKey,
  type OrderWait,
  outcomeOf,
  type Stated,
  seeded,
  trailOf,
  type WaitTarget,
} from './order-outcome.ts';

export type { OrderWait } from './order-outcome.ts';

export interface WaitArgs {
  waitFor?: OrderWait | null;
  waitTimeoutMs?: number | null;
}

/** The state a wait ended on (or the last one seen), and whether it timed out first. */
export interface Waited<T> {
  outcome: T | null;
  timedOut: boolean;
}

/** Kept of the deadline to answer after a wait that timed out. */
export const ANSWER_MARGIN_MS = 100;
/** Longest wait for the account's stream to come up before anything is sent. */
export const READY_WAIT_MS = 2_000;
/** The bound of a wait without an operation deadline (in-process test servers). */
const NO_DEADLINE_MS = 5_000;
/** What a refused wait tells the caller to wait before retrying. */
const REFUSED_RETRY_MS = 1_000;

/** The target, or null for NONE. */
export const targetOf = (args: WaitArgs): WaitTarget | null =>
  args.waitFor == null || args.waitFor === 'NONE' ? null : args.waitFor;

/** What is left of the operation's deadline for waiting, ms. */
function timeLeft(ctx: GatewayContext): number {
  const d = ctx.operationDeadline;
  return d ? d.at - performance.now() - ANSWER_MARGIN_MS : NO_DEADLINE_MS;
}

/** The rules that need the deadline: a timeout only with a wait, and within the deadline. */
export function checkWaitArgs(ctx: GatewayContext, args: WaitArgs): void {
  const issues: InputIssue[] = [];
  const issue = (rule: string, message: string) =>
    issues.push({ field: 'waitTimeoutMs', path: ['waitTimeoutMs'], rule, message });
  const budget = ctx.operationDeadline?.budgetMs;
  if (args.waitTimeoutMs != null && targetOf(args) === null) {
    issue('needsWaitFor', 'is given only with a waitFor other than NONE');
  } else if (args.waitTimeoutMs != null && budget !== undefined && args.waitTimeoutMs > budget) {
    issue('withinDeadline', `must be at most the operation deadline, ${budget} ms`);
  }
  if (issues.length > 0) throw inputIssuesError(issues);
}

/** When a wait that starts now ends (performance.now clock). */
export function endsAt(ctx: GatewayContext, args: WaitArgs): number {
  const left = Math.max(0, timeLeft(ctx));
  return performance.now() + Math.min(args.waitTimeoutMs ?? left, left);
}

function refused(error: unknown): unknown {
  if (!(error instanceof WaitRefusedError)) return error;
  const variable = error.scope === 'account' ? 'ORDER_WAIT_MAX_PER_ACCOUNT' : 'ORDER_WAIT_MAX';
  return new RateLimitedErrorMember(
    `Too many waits: ${error.message} (${variable}); nothing was sent. Retry, or send waitFor: NONE.`,
    REFUSED_RETRY_MS,
  );
}

/**
 * Runs `run` with the caller's account watched, the stream up; released after. Refused,
 * with nothing sent, without live streams, past the bounds, or when the stream is not up in
 * time.
 */
export async function withWatch<T>(
  ctx: GatewayContext,
  run: (watch: AccountWatch) => Promise<T>,
): Promise<T> {
  const { accountId } = requireAccount(ctx);
  const { live, principal } = ctx;
  if (!live || !principal) {
    throw new UpstreamUnavailableErrorMember(
      'Waiting for an outcome needs the live streams, which this gateway runs without; nothing was sent (send waitFor: NONE).',
    );
  }
  let leave: () => void;
  try {
    leave = live.waits.enter(accountId);
  } catch (error) {
    throw refused(error);
  }
  const watch = new AccountWatch();
  try {
    live.hub.listenAccount(principal.credentials, watch);
    const within = Math.round(Math.max(0, Math.min(READY_WAIT_MS, timeLeft(ctx))));
    if (!(await live.hub.whenAccountReady(accountId, within))) {
      throw new UpstreamUnavailableErrorMember(
        `The account's private stream was not up within ${within} ms; nothing was sent. Retry, or send waitFor: NONE.`,
      );
    }
    return await run(watch);
  } finally {
    live.hub.unlistenAccount(accountId, watch);
    leave();
  }
}

/** `send` with the account watched from before it when the arguments ask for a wait. */
export function watching<T>(
  ctx: GatewayContext,
  args: WaitArgs,
  send: (watch: AccountWatch | null) => Promise<T>,
): Promise<T> {
  checkWaitArgs(ctx, args);
  return targetOf(args) === null ? send(null) : withWatch(ctx, send);
}

/**
 * Waits until the order `key` names reaches `target` or is final, or `until` passes; `seed`:
 * its state read by REST (a repeat's), which the stream's states carry on from.
 */
export async function waitForOrder(
  watch: AccountWatch,
  target: WaitTarget,
  key: OrderKey,
  until: number,
  seed?: OrderUpdateModel,
): Promise<Waited<OrderUpdateModel>> {
  const trail = () => {
    const own = trailOf(watch.orders, key);
    return seed ? seeded(seed, own) : own;
  };
  return waitOn(watch, trail, target, until);
}

/** Waits until the states `trail` gives reach `target` or a final state, or `until` passes. */
export async function waitOn<T extends Stated>(
  watch: AccountWatch,
  trail: () => readonly T[],
  target: WaitTarget,
  until: number,
): Promise<Waited<T>> {
  const done = await watch.until(() => outcomeOf(trail(), target), until);
  if (done) return { outcome: done, timedOut: false };
  return { outcome: trail().at(-1) ?? null, timedOut: true };
}

/** The outcome of the order `key` names when the arguments ask for one (else nothing). */
export async function outcomeFor(
  ctx: GatewayContext,
  watch: AccountWatch | null,
  wait: WaitArgs,
  key: OrderKey,
): Promise<Partial<Waited<OrderUpdateModel>>> {
  const target = targetOf(wait);
  if (!watch || !target) return {};
  return waitForOrder(watch, target, key, endsAt(ctx, wait));
}
