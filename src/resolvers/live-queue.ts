/**
 * A subscriber's queue: events wait here until the transport pulls them. Bounded: when a
 * subscriber falls `max` events behind it is ended, never buffered without bound. The end is
 * a clear error delivered as the subscription's last event (the field resolver throws it, so
 * the client sees it in `errors` and then completion), not a transport failure that would take
 * the client's other subscriptions down with it.
 */
import type { GraphQLError } from 'graphql';
import { gqlError } from '../schema/types.ts';

/**
 * A consumer the queue hands each value to as it is pushed (no promise per event; see
 * use-shared-subscription-events.ts), instead of one that pulls with `next()`. `take` returns
 * false for a value it leaves to `next()` (the value stays queued); the queue then detaches
 * the taker and calls `wake`, as it does when it ends: the consumer pulls from then on.
 */
export interface QueueTaker<T> {
  take(value: T): boolean;
  wake(): void;
}

/** A source that can hand its values to a {@link QueueTaker}. */
export interface TakerSource<T> {
  /** Hands over what is queued, then each value as it comes, until detached or ended. */
  attach(taker: QueueTaker<T>): void;
  detach(): void;
  /** Puts a value a taker took back in front (it must reach `next()` after all). */
  unshift(value: T): void;
}

export const isTakerSource = (source: object): source is TakerSource<unknown> =>
  typeof (source as Partial<TakerSource<unknown>>).attach === 'function' &&
  typeof (source as Partial<TakerSource<unknown>>).unshift === 'function';

export function slowConsumerError(max: number): GraphQLError {
  return gqlError(
    'RATE_LIMITED',
    `Subscription ended: the client fell more than ${max} events behind. Re-read the state and subscribe again.`,
    { reason: 'SLOW_CONSUMER' },
  );
}

/** Who a queue tells when it closes and when it ends a slow subscriber (see the constructor). */
export interface QueueOwner {
  /** Once, when the subscriber leaves or is ended (releases upstream streams). */
  queueClosed(): void;
  /** The subscriber was ended for falling behind (metrics). */
  queueSlow(): void;
}

export class SubscriberQueue<T>
  implements AsyncIterableIterator<T | GraphQLError>, TakerSource<T | GraphQLError>
{
  private readonly buffer: (T | GraphQLError)[] = [];
  private waiting: ((result: IteratorResult<T | GraphQLError>) => void) | undefined;
  private taker: QueueTaker<T | GraphQLError> | undefined;
  private ended = false;
  private closed = false;
  /** A producer waiting for the buffer to shrink (a replay: whenRoom). */
  private room: { size: number; resolve: () => void } | undefined;

  constructor(
    private readonly max: number,
    /**
     * Runs once when the subscriber leaves or is ended (releases upstream streams); or an
     * owner object told both that and a slow subscriber's end (no closures per subscriber).
     */
    private readonly onClose: (() => void) | QueueOwner,
    /** Runs when the subscriber is ended for falling behind (metrics). */
    private readonly onSlow?: () => void,
  ) {}

  /** Events waiting to be delivered. */
  get size(): number {
    return this.buffer.length;
  }

  /** The subscriber left or was ended: nothing more is taken. */
  get isEnded(): boolean {
    return this.ended;
  }

  /** Queues or hands over `value`; false when the subscriber is (or is now) ended. */
  push(value: T): boolean {
    if (this.ended) return false;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value, done: false });
      return true;
    }
    const taker = this.taker;
    if (taker && this.buffer.length === 0) {
      if (taker.take(value)) return true;
      this.buffer.push(value);
      this.wake();
      return true;
    }
    if (this.buffer.length >= this.max) {
      // Drop what was buffered: the client must re-read anyway, and the memory goes now.
      this.buffer.length = 0;
      this.buffer.push(slowConsumerError(this.max));
      this.ended = true;
      if (typeof this.onClose === 'function') this.onSlow?.();
      else this.onClose.queueSlow();
      this.close();
      this.wake();
      return false;
    }
    this.buffer.push(value);
    return true;
  }

  /**
   * Resolves once at most `size` values wait, or the queue ended: a producer with many values
   * at once (a resumed subscription's replay) keeps within the bound instead of overrunning it.
   */
  whenRoom(size: number): Promise<void> {
    if (this.buffer.length <= size || this.ended) return Promise.resolve();
    return new Promise((resolve) => {
      this.room = { size, resolve };
    });
  }

  next(): Promise<IteratorResult<T | GraphQLError>> {
    const value = this.buffer.shift();
    if (this.room) this.roomy();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  attach(taker: QueueTaker<T | GraphQLError>): void {
    this.taker = taker;
    // What queued while no taker was attached goes first, in order; the taker may detach
    // itself on the way (its transport is full).
    while (this.taker === taker && this.buffer.length > 0) {
      if (!taker.take(this.buffer[0]!)) {
        this.wake();
        return;
      }
      this.buffer.shift();
    }
    if (this.room) this.roomy();
    if (this.taker === taker && this.ended) this.wake();
  }

  detach(): void {
    this.taker = undefined;
  }

  unshift(value: T | GraphQLError): void {
    this.buffer.unshift(value);
  }

  return(): Promise<IteratorResult<T | GraphQLError>> {
    this.taker = undefined;
    this.ended = true;
    this.buffer.length = 0;
    this.close();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ value: undefined, done: true });
    return Promise.resolve({ value: undefined, done: true });
  }

  /** Ends the subscription with `error` as its last event, after what is buffered. */
  fail(error: GraphQLError): void {
    if (this.ended) return;
    this.buffer.push(error);
    this.ended = true;
    this.close();
    this.wake();
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = undefined;
    waiting({ value: this.buffer.shift() as GraphQLError, done: false });
  }

  /** Completes the subscription once what is buffered has been delivered (shutdown). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.close();
    this.wake();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<IteratorResult<T | GraphQLError>> {
    void this.return();
    return Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** The taker must pull from now on: a value was left to next(), or the queue ended. */
  private wake(): void {
    const taker = this.taker;
    this.taker = undefined;
    taker?.wake();
  }

  private roomy(): void {
    const room = this.room!;
    if (this.buffer.length > room.size && !this.ended) return;
    this.room = undefined;
    room.resolve();
  }

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.room) this.roomy();
    if (typeof this.onClose === 'function') this.onClose();
    else this.onClose.queueClosed();
  }
}
