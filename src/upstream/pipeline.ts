/**
 * The request core's shape: a call flows through composed layers (telemetry → orders →
 * cache → retry → circuit → budget) into the sender. Each layer is a function of the next handler,
 * built and tested on its own (octokit hooks, Hive Gateway's fetch wrappers).
 */
import type { OrderSigner } from '../auth/order-signature.ts';
import type { RequestSigner } from '../auth/request-signature.ts';
import type { CallArgs, Operation } from './catalog.ts';
import type { Deadline } from './deadline.ts';
import type { Scope } from './keys.ts';

/** One upstream account's signers, built once per account (key parsing is not free). */
export interface AccountContext {
  readonly accountId: string;
  readonly scope: Scope;
  readonly signer: RequestSigner;
  /** Absent when the account has no trading secret: orders then fail before any I/O. */
  readonly orderSigner: OrderSigner | undefined;
}

/** What a call reports to telemetry; layers fill it in as the call passes. */
export interface CallStats {
  cache: 'hit' | 'miss' | 'bypass';
  budgetWaitMs: number;
  /** HTTP requests made for this call (0 for a cache hit or a coalesced follower). */
  attempts: number;
}

export interface Call {
  readonly op: Operation;
  readonly args: CallArgs;
  /** null for public operations. */
  readonly account: AccountContext | null;
  /** Scope of cache and budget keys: the account, or global for public operations. */
  readonly scope: Scope;
  readonly stats: CallStats;
  /**
   * An attempt the gateway adds (a retry): the budget lets it through only while the route's
   * window keeps its reserve (retry-policy.ts `spareLimit`), and never waits for it.
   */
  readonly spare?: boolean;
  /** Read fresh: no cache read, no coalescing (order read-back after an ambiguous failure). */
  readonly bypassCache?: boolean;
  /** `svc-trading-key`, set by the orders layer. */
  readonly tradingKey?: string;
  /** The GraphQL operation's deadline and abort signal (deadline.ts); shared by its calls. */
  readonly deadline?: Deadline;
  /** The HTTP request's id (request-context.ts): sent as `x-request-id`, on its log lines. */
  readonly requestId?: string;
  /** What the exchange wrapper reports per attempt; set by the telemetry layer. */
  readonly telemetry?: CallScope;
}

/**
 * One call in flight, as the exchange wrapper sees it: made by `withTelemetry`, carried down
 * the pipeline on the call (`Call.telemetry`) and handed to the exchange with each attempt.
 * Passed explicitly, not through an AsyncLocalStorage: every store makes every promise of
 * the process pay an async hook, and a call makes a dozen of them.
 */
export interface CallScope {
  readonly op: Operation;
  readonly accountId: string | undefined;
  /** The GraphQL request's id (`x-request-id`), when the call is part of one. */
  readonly requestId: string | undefined;
  /** HTTP attempts begun. */
  attempts: number;
  /** performance.now() when the last attempt ended, and what it ended with. */
  lastEndedAt: number;
  lastResult: string | undefined;
  /** HTTP status of the last answer. */
  status: number | undefined;
}

export type Handler = (call: Call) => Promise<unknown>;
export type Layer = (next: Handler) => Handler;

export function compose(layers: readonly Layer[], core: Handler): Handler {
  return layers.reduceRight<Handler>((next, layer) => layer(next), core);
}

/** Resolves after `ms`, or as soon as `signal` aborts (the caller then checks why). */
export const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
  });
