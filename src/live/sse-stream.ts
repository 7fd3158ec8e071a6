/**
 * The body of one SSE subscription response. Served by node:http, it does not go through a
 * pipe: the server adapter calls `pipe(res)` and the stream takes the response over, writing
 * each chunk with `res.write` itself (a pipe holds per open response its closures, `once`
 * wrappers on both sides, listener arrays, and passes every chunk through this stream's
 * buffer and a 'data' event). Elsewhere (`yoga.fetch`, another runtime) it is a plain
 * Readable, read or piped as usual.
 *
 * Backpressure: the next event is pulled only when the response has taken the last, so a
 * client that cannot keep up fills its bounded queue and is ended (slow consumer), never
 * buffered here: on the direct lane the stream detaches when `res.write` says the buffer is
 * full and attaches again on the response's 'drain'.
 */
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ExecutionResult } from 'graphql';
import type { DirectResults, ResultSink } from './direct-lane.ts';
import { COMPLETE, encode, PING } from './sse-encode.ts';
import { type Pingable, track, untrack } from './sse-keepalive.ts';

function onDrain(this: SseStream): void {
  this.drained();
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

export class SseStream extends Readable implements ResultSink, Pingable {
  private pulling = false;
  private readonly source: AsyncIterator<ExecutionResult>;
  /** Results come by the direct lane (else they are pulled from `source`). */
  private direct = false;
  /** Detached from the direct lane until the response drains / `_read` asks again. */
  private full = false;
  private awaitingDrain = false;
  /** Node's response while it may still be taken over (until `pipe` or a read). */
  private pending: ServerResponse | undefined;
  /** Node's response once taken over. */
  private own: ServerResponse | undefined;
  /** Results handed over before the response was taken over (an event racing the headers). */
  private early: Buffer[] | undefined;

  constructor(
    results: AsyncIterable<ExecutionResult>,
    private readonly lane: DirectResults | undefined,
    /** Node's response this stream is the body of, when served by node:http. */
    response: ServerResponse | undefined,
  ) {
    super({ highWaterMark: 16 * 1024 });
    this.source = results[Symbol.asyncIterator]();
    if (response) this.pending = response;
    else this.push(PING);
    track(this);
    if (lane) {
      this.direct = true;
      lane.attach(this);
    }
  }

  /** The adapter sends the body: to node's own response, write to it directly (see above). */
  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const res = this.pending;
    if (res === undefined || (destination as unknown) !== res || options?.end === false) {
      this.toStream();
      return super.pipe(destination, options);
    }
    this.pending = undefined;
    this.own = res;
    const early = this.early;
    this.early = undefined;
    let taken = this.writeOut(PING);
    for (const bytes of early ?? []) taken = this.writeOut(bytes);
    if (!taken) this.stalled();
    else if (!this.direct) this.pump();
    return destination;
  }

  /** Read or piped elsewhere: a plain Readable from now on (what came early first). */
  private toStream(): void {
    if (this.pending === undefined) return;
    this.pending = undefined;
    this.push(PING);
    for (const bytes of this.early ?? []) this.push(bytes);
    this.early = undefined;
  }

  /** One chunk to the response taken over; false when its buffer is full. */
  private writeOut(bytes: Buffer): boolean {
    const res = this.own!;
    if (res.writableEnded || res.destroyed) return true; // its 'close' ends this stream
    return res.write(bytes);
  }

  /** The response is behind: the queue holds what follows until it drains. */
  private stalled(): void {
    if (this.direct) {
      this.full = true;
      this.lane?.detach();
    }
    if (this.awaitingDrain) return;
    this.awaitingDrain = true;
    this.own?.once('drain', onDrain.bind(this));
  }

  /** A keep-alive comment, when nothing is waiting to be written. */
  ping(): void {
    if (this.destroyed) return;
    if (this.own) {
      if (!this.awaitingDrain && !this.writeOut(PING)) this.stalled();
    } else if (this.pending === undefined && this.readableLength === 0) {
      this.push(PING);
    }
  }

  /** The direct lane: one event's shared result, in the hub's loop over its subscribers. */
  write(result: ExecutionResult): void {
    if (this.destroyed) return;
    try {
      const bytes = encode(result);
      if (this.own) {
        if (!this.writeOut(bytes)) this.stalled();
      } else if (this.pending) {
        if (this.early) this.early.push(bytes);
        else this.early = [bytes];
      } else if (!this.push(bytes)) {
        this.full = true;
        this.lane?.detach();
      }
    } catch (error) {
      this.destroy(asError(error));
    }
  }

  /** The response drained after a write it could not take at once. */
  drained(): void {
    this.awaitingDrain = false;
    if (this.destroyed) return;
    if (!this.direct) {
      this.pump();
    } else if (this.full) {
      this.full = false;
      this.lane?.attach(this);
    }
  }

  /** What comes next is pulled through the iterator (errors, the end). */
  pull(): void {
    this.direct = false;
    this.full = false;
    if (this.own) {
      if (!this.awaitingDrain) this.pump();
    } else if (!this.pending) {
      this._read();
    }
  }

  /** Pulls one item through the iterator and writes it to the response taken over. */
  private pump(): void {
    if (this.pulling || this.destroyed) return;
    this.pulling = true;
    this.source.next().then(
      (item) => {
        this.pulling = false;
        if (this.destroyed) return;
        if (item.done) return this.finishOwn();
        const taken = this.writeOut(encode(item.value));
        if (this.lane) {
          // Back to the direct lane for what follows (it wakes us again for an end).
          this.direct = true;
          if (taken) this.lane.attach(this);
          else this.stalled();
        } else if (taken) {
          this.pump();
        } else {
          this.stalled();
        }
      },
      (error: unknown) => {
        this.pulling = false;
        this.destroy(asError(error));
      },
    );
  }

  private finishOwn(): void {
    const res = this.own!;
    untrack(this);
    this.writeOut(COMPLETE);
    if (!res.writableEnded) res.end();
    this.destroy();
  }

  override _read(): void {
    if (this.destroyed || this.own) return;
    this.toStream();
    if (this.direct) {
      if (this.full) {
        this.full = false;
        this.lane?.attach(this);
      }
      return;
    }
    if (this.pulling) return;
    this.pulling = true;
    this.source.next().then(
      (item) => {
        this.pulling = false;
        if (this.destroyed) return;
        if (item.done) {
          untrack(this);
          this.push(COMPLETE);
          this.push(null);
          return;
        }
        // push() false: the reader is behind; _read comes back when it has drained.
        const more = this.push(encode(item.value));
        if (this.lane) {
          // Back to the direct lane for what follows (it wakes us again for an end).
          this.direct = true;
          if (more) this.lane.attach(this);
          else this.full = true;
        } else if (more) {
          this._read();
        }
      },
      (error: unknown) => {
        this.pulling = false;
        this.destroy(asError(error));
      },
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    untrack(this);
    this.lane?.detach();
    this.early = undefined;
    // A broken stream closes its response (a pipe would leave it open, silent).
    if (error && this.own && !this.own.writableEnded) this.own.destroy();
    const done = () => callback(error);
    // The client left: end the subscription (releases its queue and upstream interest).
    Promise.resolve(this.source.return?.()).then(done, done);
  }
}
