/**
 * One execution per subscription event and selection, shared by every subscriber of it.
 *
 * The stream hub hands the same event object to every local subscriber of an account (or a
 * public topic). The executor would run the selection set on it once per subscriber; here the
 * subscribe function runs it once per (event, document, operation name, variables) and every
 * subscriber of that selection gets the same result object, so a transport can also serialize
 * it once (see use-live-sse.ts). Hand-written because no envelop plugin shares per-event
 * execution across subscribers.
 *
 * Sound because the Subscription fields' results depend on the event alone: a private event
 * only ever reaches its own account's subscribers (the hub keeps one event object per account
 * stream) and the caller's scopes are checked when it subscribes. An event that is a
 * per-subscriber error (slow consumer, refused stream) is its own object, never shared.
 */
import type { Plugin } from '@envelop/core';
import {
  createSourceEventStream,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  execute,
} from 'graphql';

type Result = ExecutionResult | Promise<ExecutionResult>;

/** Results by event object, then document, then operation name + variables. */
const shared = new WeakMap<object, WeakMap<DocumentNode, Map<string, Result>>>();

function sharedExecution(args: ExecutionArgs, key: string, payload: unknown): Result {
  const run = () => execute({ ...args, rootValue: payload });
  if (payload === null || typeof payload !== 'object') return run();
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
    result = run();
    byKey.set(key, result);
  }
  return result;
}

const DONE: IteratorResult<ExecutionResult> = Object.freeze({ value: undefined, done: true });

/** Maps a source stream through `map`, passing `return` (the client left) to the source. */
class MappedStream implements AsyncIterableIterator<ExecutionResult> {
  private readonly source: AsyncIterator<unknown>;

  constructor(
    source: AsyncIterable<unknown>,
    private readonly map: (payload: unknown) => Result,
  ) {
    this.source = source[Symbol.asyncIterator]();
  }

  /** No async/await: one promise per event when the execution is synchronous (it usually is). */
  next(): Promise<IteratorResult<ExecutionResult>> {
    return this.source.next().then((item) => {
      if (item.done) return DONE;
      const result = this.map(item.value);
      return result instanceof Promise
        ? result.then((value) => ({ value, done: false }))
        : { value: result, done: false };
    });
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    await this.source.return?.();
    return { value: undefined, done: true };
  }

  async throw(error?: unknown): Promise<IteratorResult<ExecutionResult>> {
    await this.source.return?.();
    throw error;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

type SubscribeFn = (args: ExecutionArgs) => unknown;

export function useSharedSubscriptionEvents(): Plugin {
  return {
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      const original = subscribeFn as SubscribeFn;
      const subscribe = async (args: ExecutionArgs) => {
        const source = await createSourceEventStream(args);
        // Bad variables or a refused subscribe: the engine's own answer (its error codes).
        if (!(Symbol.asyncIterator in source)) return original(args);
        const key = `${args.operationName ?? ''}\u0000${JSON.stringify(args.variableValues ?? {})}`;
        return new MappedStream(source, (payload) => sharedExecution(args, key, payload));
      };
      setSubscribeFn(subscribe as Parameters<typeof setSubscribeFn>[0]);
    },
  };
}
