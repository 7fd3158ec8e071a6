/**
 * A subscription's results: its source events mapped through the shared execution
 * (shared-execution.ts), pulled with `next()` or, on the direct lane (direct-lane.ts), handed
 * over by its SubscriberQueue as they are pushed.
 */
import type { ExecutionArgs, ExecutionResult } from 'graphql';
import { isTakerSource, type QueueTaker, type TakerSource } from '../resolvers/live-queue.ts';
import type { DirectResults, ResultSink } from './direct-lane.ts';
import { sharedExecution, type Waiter, waitFor } from './shared-execution.ts';

const DONE: IteratorResult<ExecutionResult> = Object.freeze({ value: undefined, done: true });

/**
 * Maps a source stream through the shared execution, passing `return` (the client left) to
 * the source. Itself the queue's taker on the direct lane (no closures per subscriber: there
 * are thousands).
 */
export class MappedStream
  implements AsyncIterableIterator<ExecutionResult>, DirectResults, QueueTaker<unknown>, Waiter
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
