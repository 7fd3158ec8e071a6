/**
 * One HTTP attempt as undici's dispatch handler (`Dispatcher.DispatchHandlers`): the timeout,
 * the caller's abort, the five headers the pipeline reads and the capped body.
 */
import type { Dispatcher } from 'undici';
import type { ExchangeReply } from './exchange.ts';
import { CappedBody, tooLarge } from './response-body.ts';

const timeoutError = (timeoutMs: number): Error =>
  Object.assign(new Error(`no response within ${timeoutMs} ms`), { name: 'TimeoutError' });

export const abortError = (): Error =>
  Object.assign(new Error('aborted by the caller'), { name: 'AbortError' });

/** undici's "other side closed" and the like, named as node:net names a lost connection. */
const connectionLost = (cause: Error): Error =>
  Object.assign(new Error('connection closed before the answer was complete', { cause }), {
    code: 'ECONNRESET',
  });

/**
 * One HTTP attempt as undici's dispatch handler: one object per request instead of a
 * ClientRequest, an IncomingMessage and their streams. Settles once: with the answer, or with
 * the first of a failure, the timeout and the caller's abort — which drop the connection.
 */
export class Attempt implements Dispatcher.DispatchHandlers {
  #abort: ((error?: Error) => void) | undefined;
  #done = false;
  #timer: NodeJS.Timeout | undefined;
  #body: CappedBody | undefined;
  #status = 0;
  #retryAfter: string | null = null;
  #date: string | null = null;
  #contentType: string | null = null;

  constructor(
    private readonly signal: AbortSignal | undefined,
    private readonly maxBytes: number,
    private readonly settle: (error: Error | undefined, reply?: ExchangeReply) => void,
  ) {}

  start(timeoutMs: number): void {
    this.#timer = setTimeout(() => this.finish(timeoutError(timeoutMs)), timeoutMs);
    this.signal?.addEventListener('abort', this);
  }

  /** The caller's abort signal (an EventListener object: no closure per request). */
  handleEvent(): void {
    this.finish(abortError());
  }

  finish(error: Error | undefined, reply?: ExchangeReply): void {
    if (this.#done) return;
    this.#done = true;
    clearTimeout(this.#timer);
    this.signal?.removeEventListener('abort', this);
    if (error) {
      this.#body?.destroy();
      // Drops the connection of a request under way; a queued one is dropped on connect.
      this.#abort?.(error);
    }
    this.settle(error, reply);
  }

  onConnect(abort: (error?: Error) => void): void {
    // Given up while it waited in the pool's queue: it must never be written (a timed-out
    // order is reported as ambiguous and read back; a late send would place it twice).
    if (this.#done) abort();
    else this.#abort = abort;
  }

  onHeaders(status: number, raw: Buffer[]): boolean {
    if (status < 200) return true; // informational: the answer follows
    this.#status = status;
    let length: string | undefined;
    let encoding: string | undefined;
    // Only the five headers the pipeline reads are decoded, found by their name's length.
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!;
      const size = name.length;
      if (size !== 4 && size !== 11 && size !== 12 && size !== 14 && size !== 16) continue;
      const key = name.toString('latin1').toLowerCase();
      if (key === 'date') this.#date ??= raw[i + 1]!.toString('latin1');
      else if (key === 'retry-after') this.#retryAfter ??= raw[i + 1]!.toString('latin1');
      else if (key === 'content-type') this.#contentType ??= raw[i + 1]!.toString('latin1');
      else if (key === 'content-length') length ??= raw[i + 1]!.toString('latin1');
      else if (key === 'content-encoding') encoding ??= raw[i + 1]!.toString('latin1');
    }
    if (Number(length) > this.maxBytes) {
      this.finish(tooLarge(this.maxBytes, status));
      return false;
    }
    this.#body = new CappedBody(this.maxBytes, status, encoding, (error, text) =>
      error ? this.finish(error) : this.finish(undefined, this.#reply(text ?? '')),
    );
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.#body?.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.#body) this.#body.end();
    else this.finish(connectionLost(new Error('no answer')));
  }

  onError(error: Error): void {
    const code = (error as { code?: unknown }).code;
    this.finish(code === 'UND_ERR_SOCKET' ? connectionLost(error) : error);
  }

  #reply(text: string): ExchangeReply {
    return {
      status: this.#status,
      text,
      retryAfter: this.#retryAfter,
      date: this.#date,
      contentType: this.#contentType,
    };
  }
}
