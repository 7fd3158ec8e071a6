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
 *
 * Direct lane: a transport may take a subscription's results straight from here
 * ({@link directResultsOf}) instead of pulling them through yoga's and envelop's iterator
 * wrappers, one promise chain per subscriber and event. The subscriber queue then hands each
 * event over synchronously, in the hub's loop over the event's subscribers, and the
 * transport writes the shared result's bytes at once. Only a shared result without errors
 * takes that lane: those wrappers pass it on unchanged (their per-result work is masking
 * errors). A result with errors, an error event and the end go the regular way (the
 * transport is woken to pull them through the wrappers), so masking and error handling
 * apply as before, in order.
 */
import type { Plugin } from '@envelop/core';
import {
  createSourceEventStream,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  execute,
} from 'graphql';
import { isTakerSource, type QueueTaker, type TakerSource } from '../resolvers/live-queue.ts';

type Result = ExecutionResult | Promise<ExecutionResult>;

/** Results by event object, then document, then operation name + variables. */
const shared = new WeakMap<object, WeakMap<DocumentNode, Map<string, Result>>>();

function sharedExecution(args: ExecutionArgs, key: string, payload: unknown): Result {
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
    const running = execute({ ...args, rootValue: payload });
    byKey.set(key, running);
    // Async resolvers: who asks once it is done gets the result itself, not a promise.
    if (running instanceof Promise) running.then((done) => byKey.set(key, done), noop);
    result = running;
  }
  return result;
}

const noop = () => {};

const DONE: IteratorResult<ExecutionResult> = Object.freeze({ value: undefined, done: true });

/** Where the direct lane delivers (a transport's stream of one subscription). */
export interface ResultSink {
  /** A shared, error-free result, handed over synchronously: write it now. Must not throw. */
  write(result: ExecutionResult): void;
  /** What comes next must be pulled through the subscription's iterator (`next()`). */
  pull(): void;
}

/** A subscription's direct lane (see the module comment). */
export interface DirectResults {
  /**
   * Results go to `sink` from now on (what is queued first), until `detach`, or until the
   * sink is told to pull.
   */
  attach(sink: ResultSink): void;
  /** Stop handing results over (the sink is full); they queue until the next `attach`. */
  detach(): void;
}

/**
 * Streams waiting for a shared result that is still a promise (a resolver of the selection is
 * async), by that promise: one `then` per result however many subscribers wait for it.
 */
const waiting = new WeakMap<Promise<ExecutionResult>, MappedStream[]>();

function waitFor(promise: Promise<ExecutionResult>, stream: MappedStream): void {
  const streams = waiting.get(promise);
  if (streams) {
    streams.push(stream);
    return;
  }
  waiting.set(promise, [stream]);
  promise.then(
    (result) => {
      for (const s of waiting.get(promise) ?? []) s.settled(result);
      waiting.delete(promise);
    },
    () => {
      for (const s of waiting.get(promise) ?? []) s.settled(undefined);
      waiting.delete(promise);
    },
  );
}

/**
 * Maps a source stream through the shared execution, passing `return` (the client left) to
 * the source. Itself the queue's taker on the direct lane (no closures per subscriber: there
 * are thousands).
 */
class MappedStream
  implements AsyncIterableIterator<ExecutionResult>, DirectResults, QueueTaker<unknown>
{
  private readonly source: AsyncIterator<unknown>;
  private sink: ResultSink | undefined;
  /** The sink takes results (it is not full). */
  private attached = false;
  /** The event taken last, while its shared result is a pending promise. */
  private pending: object | undefined;

  constructor(
    source: AsyncIterable<unknown>,
    private readonly args: ExecutionArgs,
    /** Operation name and variables (see sharedExecution). */
    private readonly key: string,
  ) {
    this.source = source[Symbol.asyncIterator]();
  }

  /** True when the source can hand its events over (a SubscriberQueue). */
  get direct(): boolean {
    return isTakerSource(this.source);
  }

  private get queue(): TakerSource<unknown> {
    return this.source as unknown as TakerSource<unknown>;
  }

  attach(sink: ResultSink): void {
    this.sink = sink;
    this.attached = true;
    if (!this.pending) this.queue.attach(this);
  }

  detach(): void {
    this.attached = false;
    this.queue.detach();
  }

  /** A shared result without errors goes to the sink; anything else is left to `next()`. */
  take(payload: unknown): boolean {
    const sink = this.sink;
    if (!sink || payload === null || typeof payload !== 'object' || payload instanceof Error) {
      return false;
    }
    const result = sharedExecution(this.args, this.key, payload);
    if (result instanceof Promise) {
      // Later events queue behind this one until its result is there.
      this.pending = payload;
      this.queue.detach();
      waitFor(result, this);
      return true;
    }
    if (result.errors !== undefined) return false;
    sink.write(result);
    return true;
  }

  wake(): void {
    this.sink?.pull();
  }

  /** The pending event's shared result is there (undefined: its execution failed). */
  settled(result: ExecutionResult | undefined): void {
    const payload = this.pending;
    this.pending = undefined;
    const sink = this.sink;
    if (!sink || !payload) return;
    if (!result || result.errors !== undefined) {
      // The regular path delivers (or reports) it, through the wrappers: masking applies.
      this.queue.unshift(payload);
      this.attached = false;
      sink.pull();
      return;
    }
    sink.write(result);
    if (this.attached) this.queue.attach(this);
  }

  /** No async/await: one promise per event when the execution is synchronous (it usually is). */
  next(): Promise<IteratorResult<ExecutionResult>> {
    return this.source.next().then((item) => {
      if (item.done) return DONE;
      const result = sharedExecution(this.args, this.key, item.value);
      return result instanceof Promise
        ? result.then((value) => ({ value, done: false }))
        : { value: result, done: false };
    });
  }

  async return(): Promise<IteratorResult<ExecutionResult>> {
    this.sink = undefined;
    this.pending = undefined;
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

/** The key of the usual subscription, no operation name and no variables: one string for all. */
const PLAIN_KEY = '\u0000{}';

/** Operation name and variables (see sharedExecution). */
function keyOf(args: ExecutionArgs): string {
  const variables = args.variableValues ?? {};
  if (!args.operationName && Object.keys(variables).length === 0) return PLAIN_KEY;
  return `${args.operationName ?? ''}\u0000${JSON.stringify(variables)}`;
}

/** Each request's subscription stream (one per SSE request, one per graphql-ws operation). */
const byRequest = new WeakMap<object, MappedStream>();

/**
 * The direct lane of the subscription `request` started, when its source can hand events
 * over; undefined otherwise (the transport pulls as usual).
 */
export function directResultsOf(request: object): DirectResults | undefined {
  const stream = byRequest.get(request);
  // Asked once per request, by its transport: the entry need not live as long as the request.
  byRequest.delete(request);
  return stream?.direct ? stream : undefined;
}

export function useSharedSubscriptionEvents(): Plugin {
  return {
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      const original = subscribeFn as SubscribeFn;
      const subscribe = async (args: ExecutionArgs) => {
        const source = await createSourceEventStream(args);
        // Bad variables or a refused subscribe: the engine's own answer (its error codes).
        if (!(Symbol.asyncIterator in source)) return original(args);
        const key = keyOf(args);
        const stream = new MappedStream(source, args, key);
        const request = (args.contextValue as { request?: object } | undefined)?.request;
        if (request) byRequest.set(request, stream);
        return stream;
      };
      setSubscribeFn(subscribe as Parameters<typeof setSubscribeFn>[0]);
    },
  };
}
