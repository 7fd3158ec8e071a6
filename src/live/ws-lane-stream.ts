/**
 * The direct lane (use-shared-subscription-events.ts) for graphql-ws: a
 * subscription's shared, error-free results are written by the connection's writer
 * (ws-connection.ts) in the hub's loop over the event's subscribers: the payload's JSON
 * once per event, spliced into each subscription's message, no promise, `JSON.stringify` or
 * `send` per subscriber. graphql-ws's `for await` loop sees this iterator: while results come
 * by the lane its `next()` stays pending; what the lane leaves to the regular path (a result
 * with errors, an error event such as a slow consumer's, the end) is pulled through `chain`,
 * yoga's and envelop's wrappers, and graphql-ws sends it as before (masking, error and
 * completion messages unchanged). graphql-ws' `onNext` hook runs for those only (the lane's
 * messages skip it): it flushes the lane's batch (ws-connection.ts). Hand-written: it joins our lane to graphql-ws's loop; no library knows either.
 *
 * Order: the lane is attached only while graphql-ws waits in `next()`, that is after it sent
 * what it pulled, and graphql-ws' hooks flush the connection's batch before anything it sends: a
 * subscription's messages leave in the order of its events.
 */
import { isAsyncIterable } from '@envelop/core';
import type { ExecutionResult } from 'graphql';
import type { DirectResults, ResultSink } from './direct-lane.ts';
import { directResultsOf } from './use-shared-subscription-events.ts';
import { type LaneSubscriber, WsConnection } from './ws-connection.ts';
import { nextPrefix, resultJson } from './ws-frame.ts';

type Item = IteratorResult<ExecutionResult>;

const DONE: Item = Object.freeze({ value: undefined, done: true });

export class WsLaneStream
  implements AsyncIterableIterator<ExecutionResult>, ResultSink, LaneSubscriber
{
  /** `{"id":…,"type":"next","payload":`, built once. */
  private readonly prefix: Buffer;
  /** graphql-ws waiting in `next()`. */
  private waiting: { resolve: (item: Item) => void; reject: (error: unknown) => void } | undefined;
  /** Results come by the lane (else through `chain`). */
  private direct = true;
  /** The lane hands results over (graphql-ws waits, the connection is not behind). */
  private attached = false;
  private done = false;

  constructor(
    private readonly chain: AsyncIterator<ExecutionResult>,
    private readonly lane: DirectResults,
    private readonly connection: WsConnection,
    id: string,
  ) {
    this.prefix = nextPrefix(id);
    connection.add(this);
  }

  write(result: ExecutionResult): void {
    if (!this.done) this.connection.next(this.prefix, resultJson(result));
  }

  pull(): void {
    this.direct = false;
    this.attached = false;
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = undefined;
    this.pullChain().then(waiting.resolve, waiting.reject);
  }

  stall(): void {
    if (!this.attached) return;
    this.attached = false;
    this.lane.detach();
  }

  resume(): void {
    if (this.waiting && this.direct && !this.attached) this.attachLane();
  }

  next(): Promise<Item> {
    if (this.done) return Promise.resolve(DONE);
    if (!this.direct) return this.pullChain();
    const pending = new Promise<Item>((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
    // What queued meanwhile is handed over now (or the lane says to pull: see pull()).
    if (!this.connection.isStalled) this.attachLane();
    return pending;
  }

  private attachLane(): void {
    this.attached = true;
    this.lane.attach(this);
  }

  /** One result through the wrappers; the next `next()` goes back to the lane. */
  private pullChain(): Promise<Item> {
    return this.chain.next().then((item) => {
      if (item.done) this.finish();
      else this.direct = true;
      return item;
    });
  }

  private finish(): void {
    this.done = true;
    if (this.attached) {
      this.attached = false;
      this.lane.detach();
    }
    this.connection.remove(this);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(DONE);
  }

  return(): Promise<Item> {
    this.finish();
    return this.chain.return?.() ?? Promise.resolve(DONE);
  }

  throw(error?: unknown): Promise<Item> {
    this.finish();
    return this.chain.throw?.(error) ?? Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}

/** Each graphql-ws operation's id and connection, by the request object it runs with. */
const operations = new WeakMap<object, { id: string; connection: WsConnection }>();

/**
 * graphql-ws' `onSubscribe`: operation `id` on the connection `socket` (graphql-ws'
 * `ctx.extra.socket`) runs with `request` in its context; its results may take the lane.
 */
export function laneOperation(request: object, id: string, socket: unknown): void {
  const connection = WsConnection.of(socket);
  if (connection) operations.set(request, { id, connection });
}

/**
 * graphql-ws' `subscribe`: the subscription's results by the lane when the operation's
 * connection and stream allow it (see laneOperation, directResultsOf), else `result` itself.
 */
export function withWsLane(request: object | undefined, result: unknown): unknown {
  const operation = request ? operations.get(request) : undefined;
  if (!operation || !isAsyncIterable(result)) return result;
  operations.delete(request!);
  const lane = directResultsOf(request!);
  if (!lane) return result;
  const chain = (result as AsyncIterable<ExecutionResult>)[Symbol.asyncIterator]();
  return new WsLaneStream(chain, lane, operation.connection, operation.id);
}
