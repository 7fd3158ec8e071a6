/**
 * A subscriber's queue: events wait here until the transport pulls them. Bounded: when a
 * subscriber falls `max` events behind it is ended, never buffered without bound. The end is
 * a clear error delivered as the subscription's last event (the field resolver throws it, so
 * the client sees it in `errors` and then completion), not a transport failure that would take
 * the client's other subscriptions down with it.
 */
import type { GraphQLError } from 'graphql';
import { gqlError } from './errors.ts';

export function slowConsumerError(max: number): GraphQLError {
  return gqlError(
    'RATE_LIMITED',
    `Subscription ended: the client fell more than ${max} events behind. Re-read the state and subscribe again.`,
    { reason: 'SLOW_CONSUMER' },
  );
}

export class SubscriberQueue<T> implements AsyncIterableIterator<T | GraphQLError> {
  private readonly buffer: (T | GraphQLError)[] = [];
  private waiting: ((result: IteratorResult<T | GraphQLError>) => void) | undefined;
  private ended = false;
  private closed = false;

  constructor(
    private readonly max: number,
    /** Runs once when the subscriber leaves or is ended (releases upstream streams). */
    private readonly onClose: () => void,
    /** Runs when the subscriber is ended for falling behind (metrics). */
    private readonly onSlow?: () => void,
  ) {}

  /** Events waiting to be delivered. */
  get size(): number {
    return this.buffer.length;
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
    if (this.buffer.length >= this.max) {
      // Drop what was buffered: the client must re-read anyway, and the memory goes now.
      this.buffer.length = 0;
      this.buffer.push(slowConsumerError(this.max));
      this.ended = true;
      this.onSlow?.();
      this.close();
      return false;
    }
    this.buffer.push(value);
    return true;
  }

  next(): Promise<IteratorResult<T | GraphQLError>> {
    const value = this.buffer.shift();
    if (value !== undefined) return Promise.resolve({ value, done: false });
    if (this.ended) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }

  return(): Promise<IteratorResult<T | GraphQLError>> {
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

  private close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
  }
}
