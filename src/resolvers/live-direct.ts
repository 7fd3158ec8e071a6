/**
 * The direct lane (../plugins/use-shared-subscription-events.ts) for a transport that pulls
 * with `for await` (graphql-ws): an async iterator over a subscription's results that takes
 * the shared, error-free ones straight from the lane, one settled promise per event, instead
 * of pulling every event through yoga's and envelop's iterator wrappers. What the lane leaves
 * to the regular path (errors, the end) is pulled through `chain`, those wrappers, as before.
 * Hand-written: it joins our own lane to graphql-ws's loop; no library knows either.
 */
import type { ExecutionResult } from 'graphql';
import type { DirectResults, ResultSink } from '../plugins/use-shared-subscription-events.ts';

type Item = IteratorResult<ExecutionResult>;

export class DirectIterator implements AsyncIterableIterator<ExecutionResult>, ResultSink {
  /** A result the lane handed over before it was asked for (then the lane is detached). */
  private ready: ExecutionResult | undefined;
  private waiting: { resolve: (item: Item) => void; reject: (error: unknown) => void } | undefined;
  /** Results come by the lane (else through `chain`). */
  private direct = true;
  private done = false;

  constructor(
    private readonly chain: AsyncIterator<ExecutionResult>,
    private readonly lane: DirectResults,
  ) {
    lane.attach(this);
  }

  write(result: ExecutionResult): void {
    const waiting = this.waiting;
    if (waiting) {
      this.waiting = undefined;
      waiting.resolve({ value: result, done: false });
      return;
    }
    // Not asked for yet (the client's socket is behind): hold one, the queue holds the rest.
    this.ready = result;
    this.lane.detach();
  }

  pull(): void {
    this.direct = false;
    const waiting = this.waiting;
    if (!waiting) return;
    this.waiting = undefined;
    this.pullChain().then(waiting.resolve, waiting.reject);
  }

  next(): Promise<Item> {
    const ready = this.ready;
    if (ready) {
      this.ready = undefined;
      if (this.direct) this.lane.attach(this);
      return Promise.resolve({ value: ready, done: false });
    }
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    if (!this.direct) return this.pullChain();
    return new Promise<Item>((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  /** One result through the wrappers; then back to the lane (it wakes us again for an end). */
  private pullChain(): Promise<Item> {
    return this.chain.next().then((item) => {
      if (item.done) {
        this.done = true;
      } else {
        this.direct = true;
        this.lane.attach(this);
      }
      return item;
    });
  }

  return(): Promise<Item> {
    this.done = true;
    this.ready = undefined;
    this.lane.detach();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve({ value: undefined, done: true });
    return this.chain.return?.() ?? Promise.resolve({ value: undefined, done: true });
  }

  throw(error?: unknown): Promise<Item> {
    this.done = true;
    this.lane.detach();
    return this.chain.throw?.(error) ?? Promise.reject(error);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }
}
