/**
 * One execution per (event, document, operation name, variables), shared by every
 * subscriber of that selection (use-shared-subscription-events.ts says why it is sound), and
 * split around the parts the event shares with other events (split-execution.ts).
 */
import { type DocumentNode, type ExecutionArgs, type ExecutionResult, execute } from 'graphql';
import { annotate } from './event-meta.ts';
import { executeEvent } from './split-execution.ts';

export type Result = ExecutionResult | Promise<ExecutionResult>;

/** Results by event object, then document, then operation name + variables. */
const shared = new WeakMap<object, WeakMap<DocumentNode, Map<string, Result>>>();

export function sharedExecution(args: ExecutionArgs, key: string, payload: unknown): Result {
  if (payload === null || typeof payload !== 'object')
    return execute({ ...args, rootValue: payload });
  let byDocument = shared.get(payload);
  if (!byDocument) {
    byDocument = new WeakMap();
    shared.set(payload, byDocument);
  }
  let byKey = byDocument.get(args.document);
  if (!byKey) {
    byKey = new Map();
    byDocument.set(args.document, byKey);
  }
  let result = byKey.get(key);
  if (!result) {
    const executed = executeEvent(args, key, payload);
    const running =
      executed instanceof Promise
        ? executed.then((done) => annotate(done, payload))
        : annotate(executed, payload);
    byKey.set(key, running);
    // Async resolvers: who asks once it is done gets the result itself, not a promise.
    if (running instanceof Promise) running.then((done) => byKey.set(key, done), noop);
    result = running;
  }
  return result;
}

const noop = () => {};

/** The key of the usual subscription, no operation name and no variables: one string for all. */
const PLAIN_KEY = '\u0000{}';

/** Operation name and variables (see sharedExecution). */
export function keyOf(args: ExecutionArgs): string {
  const variables = args.variableValues ?? {};
  if (!args.operationName && Object.keys(variables).length === 0) return PLAIN_KEY;
  return `${args.operationName ?? ''}\u0000${JSON.stringify(variables)}`;
}

/** A stream waiting for a shared result that is still a promise. */
export interface Waiter {
  /** The result is there (undefined: its execution failed). */
  settled(result: ExecutionResult | undefined): void;
}

/**
 * Streams waiting for a shared result that is still a promise (a resolver of the selection is
 * async), by that promise: one `then` per result however many subscribers wait for it.
 */
const waiting = new WeakMap<Promise<ExecutionResult>, Waiter[]>();

export function waitFor(promise: Promise<ExecutionResult>, stream: Waiter): void {
  const streams = waiting.get(promise);
  if (streams) {
    streams.push(stream);
    return;
  }
  waiting.set(promise, [stream]);
  promise.then(
    (result) => settleAll(promise, result),
    () => settleAll(promise, undefined),
  );
}

function settleAll(promise: Promise<ExecutionResult>, result: ExecutionResult | undefined): void {
  for (const s of waiting.get(promise) ?? []) s.settled(result);
  waiting.delete(promise);
}
