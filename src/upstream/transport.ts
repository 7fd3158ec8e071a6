/**
 * The sender at the core of the pipeline: builds the path, signs in server time, sends it
 * with a timeout, learns the clock offset from every response and interprets the answer.
 *
 * A 401 whose timestamp was outside the upstream's window by the newly learned clock is
 * re-signed and sent once more: an authentication failure is never processed, so resending
 * it (even an order) is safe. That is how a host clock minutes off still gets its first
 * request accepted.
 *
 * Each attempt's timeout is the operation deadline's time left when that is shorter, and a
 * read is aborted with the caller (deadline.ts); answers are capped, compressed ones too
 * (response-body.ts).
 *
 * The wire is an {@link Exchange}: by default undici's keep-alive pool through `dispatch`
 * (node:http's ClientRequest and IncomingMessage took twice its instructions per call, fetch's
 * Request/Response machinery more still), or — when a `fetch` is injected (tests record
 * requests through one) — that fetch.
 */
import { type Dispatcher, Pool } from 'undici';
import { REQUEST_ID_HEADER } from '../request-context.ts';
import type { CallArgs } from './catalog.ts';
import { buildPath } from './catalog.ts';
import { type ServerClock, TIMESTAMP_TOLERANCE_MS } from './clock.ts';
import { CallAbortedError, DeadlineExceededError } from './deadline.ts';
import { UnauthorizedError, UnavailableError, type UpstreamError } from './errors.ts';
import type { Call, Handler } from './pipeline.ts';
import { interpretResponse } from './response.ts';
import {
  CappedBody,
  DEFAULT_MAX_RESPONSE_BYTES,
  isTooLarge,
  ResponseTooLargeError,
  readCappedResponse,
  tooLarge,
} from './response-body.ts';
import { markUnsent } from './retry.ts';
import type { CallScope } from './telemetry.ts';

/** One HTTP request to the upstream; `path` is appended to the base URL. */
export interface ExchangeRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Covers connecting, the headers and the whole body. */
  timeoutMs: number;
  /** Aborts the request (the caller went away); the connection is dropped. */
  signal?: AbortSignal | undefined;
  /** The call this attempt belongs to, for the exchange wrapper (observe-exchange.ts). */
  telemetry?: CallScope | undefined;
}

/** What the pipeline reads of an answer. */
export interface ExchangeReply {
  status: number;
  /** The body, decoded as UTF-8. */
  text: string;
  retryAfter: string | null;
  date: string | null;
  contentType: string | null;
}

/**
 * Sends one request and reads the whole answer. Fails with the underlying error (a `code`
 * such as ECONNREFUSED, or `name` TimeoutError): {@link fetchFailure} classifies it.
 */
export interface Exchange {
  send(request: ExchangeRequest): Promise<ExchangeReply>;
  /** Releases idle connections; requests in flight finish first. */
  close(): void;
}

export interface SenderOptions {
  exchange: Exchange;
  timeoutMs: number;
  /** `x-recv-window` sent with orders, when set. */
  recvWindowMs: number | undefined;
  clock: ServerClock;
  /** Host clock (injectable; tests skew it). */
  now: () => number;
}

/** Connections kept per upstream origin; more requests queue in the pool. */
export const MAX_SOCKETS = 128;
/** Idle connection lifetime; a shorter `Keep-Alive: timeout=` hint from the server wins. */
export const IDLE_SOCKET_MS = 30_000;

const timeoutError = (timeoutMs: number): Error =>
  Object.assign(new Error(`no response within ${timeoutMs} ms`), { name: 'TimeoutError' });

const abortError = (): Error =>
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
class Attempt implements Dispatcher.DispatchHandlers {
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

/**
 * The default exchange: undici's connection pool (HTTP/1.1 keep-alive; https by the base
 * URL's scheme), driven through `dispatch` with a handler of its own. undici is the engine
 * of Node's own fetch; on the wire it takes half the instructions of node:http per call (see
 * docs/upstream-client.md § Cost per call). The pool reuses the first idle connection, so
 * warm ones serve first and idle ones expire.
 */
export function createHttpExchange(
  baseUrl: string,
  { maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES }: { maxResponseBytes?: number } = {},
): Exchange {
  const url = new URL(baseUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError(`upstream base URL: unsupported protocol ${url.protocol}`);
  }
  const pool = new Pool(url.origin, {
    connections: MAX_SOCKETS,
    keepAliveTimeout: IDLE_SOCKET_MS,
    keepAliveMaxTimeout: IDLE_SOCKET_MS,
    // The attempt's own timer covers connecting, headers and body as one timeout.
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  const prefix = url.pathname.replace(/\/+$/, '');

  const send = (req: ExchangeRequest): Promise<ExchangeReply> =>
    new Promise<ExchangeReply>((resolve, reject) => {
      const attempt = new Attempt(req.signal, maxResponseBytes, (error, reply) =>
        error ? reject(error) : resolve(reply!),
      );
      if (req.signal?.aborted) {
        attempt.finish(abortError());
        return;
      }
      attempt.start(req.timeoutMs);
      // Invalid header text and the like reach `onError` before anything is written.
      pool.dispatch(
        {
          method: req.method as Dispatcher.HttpMethod,
          path: prefix + req.path,
          headers: req.headers,
          body: req.body ?? null,
        },
        attempt,
      );
    });

  return {
    send,
    close() {
      // Requests in flight finish first; then every connection is closed.
      pool.close().catch(() => {});
    },
  };
}

/** An exchange over an injected fetch (the WHATWG API: tests wrap it to record requests). */
export function createFetchExchange(
  baseUrl: string,
  fetchImpl: typeof fetch,
  { maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES }: { maxResponseBytes?: number } = {},
): Exchange {
  return {
    async send(req) {
      const timeout = AbortSignal.timeout(req.timeoutMs);
      const response = await fetchImpl(baseUrl + req.path, {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: req.signal ? AbortSignal.any([timeout, req.signal]) : timeout,
      });
      const text = await readCappedResponse(response, maxResponseBytes);
      return {
        status: response.status,
        text,
        retryAfter: response.headers.get('retry-after'),
        date: response.headers.get('date'),
        contentType: response.headers.get('content-type'),
      };
    },
    close() {},
  };
}

/** Error codes that prove the request never left this host. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A fetch failure as a typed error; marked unsent when it provably never left. */
export function fetchFailure(operation: string, error: unknown, timeoutMs: number): UpstreamError {
  if (isTooLarge(error)) return new ResponseTooLargeError(operation, error.status, error.maxBytes);
  const name = (error as { name?: unknown })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new UnavailableError(operation, 'timeout', `no response within ${timeoutMs} ms`, {
      cause: error,
    });
  }
  const code = errorCode(error);
  if (code && NOT_SENT.has(code)) {
    return markUnsent(
      new UnavailableError(operation, 'connection', `could not connect (${code})`, {
        cause: error,
      }),
    );
  }
  return new UnavailableError(operation, 'connection', `connection lost (${code ?? 'unknown'})`, {
    cause: error,
  });
}

const bodyText = (args: CallArgs): string | undefined =>
  args.body === undefined ? undefined : JSON.stringify(args.body);

export function createSender(options: SenderOptions): Handler {
  const { clock, now } = options;
  return async (call: Call) => {
    const { op } = call;
    const path = buildPath(op, call.args);
    const body = bodyText(call.args);
    for (let resign = 0; ; resign++) {
      const timestamp = clock.now();
      const headers: Record<string, string> = { accept: 'application/json' };
      if (op.auth === 'public') {
        headers['Cache-Control'] = 'no-cache';
        if (body !== undefined) headers['Content-Type'] = 'application/json';
      } else {
        if (!call.account) throw new TypeError(`${op.name}: requires account credentials`);
        call.account.signer.headers(
          { method: op.method, path, timestamp, body, tradingKey: call.tradingKey },
          headers,
        );
      }
      if (op.auth === 'trading' && options.recvWindowMs !== undefined) {
        headers['x-recv-window'] = String(options.recvWindowMs);
      }
      if (call.requestId !== undefined) headers[REQUEST_ID_HEADER] = call.requestId;

      const attempt = `attempt ${call.stats.attempts + 1}`;
      const { deadline } = call;
      // Past the deadline (or after an abort) nothing is sent: the error says it never left.
      if (deadline) {
        try {
          deadline.check(op.name, attempt);
        } catch (error) {
          throw markUnsent(error as Error);
        }
      }
      const { timeoutMs, byDeadline } = deadline?.attemptTimeout(options.timeoutMs) ?? {
        timeoutMs: options.timeoutMs,
        byDeadline: false,
      };
      call.stats.attempts++;
      if (deadline) deadline.attempts++;
      const sentAt = now();
      let reply: ExchangeReply;
      try {
        reply = await options.exchange.send({
          method: op.method,
          path,
          headers,
          body,
          timeoutMs,
          // Reads stop when the caller goes away; a write in flight runs to its timeout (it
          // cannot be unsent, and its answer says whether it landed).
          signal: op.method === 'GET' ? deadline?.signal : undefined,
          telemetry: call.telemetry,
        });
      } catch (error) {
        if (deadline?.aborted && op.method === 'GET') {
          throw new CallAbortedError(op.name, attempt, { cause: error });
        }
        const failure = fetchFailure(op.name, error, timeoutMs);
        if (byDeadline && failure instanceof UnavailableError && failure.reason === 'timeout') {
          throw new DeadlineExceededError(op.name, deadline!.budgetMs, attempt, { cause: error });
        }
        throw failure;
      }
      const receivedAt = now();
      const result = interpretResponse(
        op,
        { status: reply.status, text: reply.text, retryAfter: reply.retryAfter },
        receivedAt,
      );
      const offset = clock.observe(
        { bodyTimestamp: result.serverTimeMs, dateHeader: reply.date },
        sentAt,
        receivedAt,
      );
      if (result.ok) return result.data;
      const skewedMs = Math.abs(timestamp - (sentAt + offset));
      if (
        result.error instanceof UnauthorizedError &&
        resign === 0 &&
        skewedMs > TIMESTAMP_TOLERANCE_MS - 30_000
      ) {
        continue;
      }
      throw result.error;
    }
  };
}
