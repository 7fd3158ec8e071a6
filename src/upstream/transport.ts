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
 * The wire is an {@link Exchange}: by default node:http/node:https on a keep-alive agent
 * (fetch's Request/Response machinery cost about twice the CPU per call), or — when a `fetch`
 * is injected (tests record requests through one) — that fetch.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { REQUEST_ID_HEADER } from '../request-context.ts';
import type { CallArgs } from './catalog.ts';
import { buildPath } from './catalog.ts';
import { type ServerClock, TIMESTAMP_TOLERANCE_MS } from './clock.ts';
import { CallAbortedError, DeadlineExceededError } from './deadline.ts';
import { UnauthorizedError, UnavailableError, type UpstreamError } from './errors.ts';
import type { Call, Handler } from './pipeline.ts';
import { interpretResponse } from './response.ts';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  isTooLarge,
  ResponseTooLargeError,
  readCappedBody,
  readCappedResponse,
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

/** Connections kept per upstream origin; more requests queue in the agent. */
export const MAX_SOCKETS = 128;
/** Idle keep-alive connections kept per origin. */
export const MAX_FREE_SOCKETS = 32;
/** Idle connection lifetime; a shorter `Keep-Alive: timeout=` hint from the server wins. */
export const IDLE_SOCKET_MS = 30_000;

const timeoutError = (timeoutMs: number): Error =>
  Object.assign(new Error(`no response within ${timeoutMs} ms`), { name: 'TimeoutError' });

const abortError = (): Error =>
  Object.assign(new Error('aborted by the caller'), { name: 'AbortError' });

const firstHeader = (value: string | string[] | undefined): string | null =>
  value === undefined ? null : Array.isArray(value) ? (value[0] ?? null) : value;

/** Methods node:http sends without a body by default (no `Content-Length: 0` added). */
const BODILESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

/**
 * The request's headers as node:http's flat list, `Host` and `Content-Length` included: given
 * a list, node:http writes the head at once (each header still validated) instead of storing
 * every header in its own table first, lower-cased, and writing them from there.
 */
function headerList(req: ExchangeRequest, host: string): string[] {
  const list = ['Host', host];
  for (const name in req.headers) list.push(name, req.headers[name]!);
  // What node:http adds itself to headers given as an object, so the wire stays the same.
  if (req.body !== undefined) list.push('Content-Length', String(Buffer.byteLength(req.body)));
  else if (!BODILESS.has(req.method)) list.push('Content-Length', '0');
  return list;
}

/**
 * The default exchange: node:http or node:https (by the base URL's scheme) on a keep-alive
 * agent of its own, LIFO so that a warm connection is reused first and idle ones expire.
 */
export function createHttpExchange(
  baseUrl: string,
  { maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES }: { maxResponseBytes?: number } = {},
): Exchange {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  if (!secure && url.protocol !== 'http:') {
    throw new TypeError(`upstream base URL: unsupported protocol ${url.protocol}`);
  }
  const agentOptions = {
    keepAlive: true,
    maxSockets: MAX_SOCKETS,
    maxFreeSockets: MAX_FREE_SOCKETS,
    timeout: IDLE_SOCKET_MS,
    scheduling: 'lifo' as const,
  };
  const agent = secure ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
  const request = secure ? httpsRequest : httpRequest;
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const port = url.port === '' ? (secure ? 443 : 80) : Number(url.port);
  const prefix = url.pathname.replace(/\/+$/, '');
  // What node:http would put in `Host` (brackets for IPv6, the port unless the default one).
  const host = url.host;
  let inFlight = 0;
  let closing = false;

  const send = (req: ExchangeRequest): Promise<ExchangeReply> =>
    new Promise<ExchangeReply>((resolve, reject) => {
      let done = false;
      let timer: NodeJS.Timeout | undefined;
      let outgoing: ReturnType<typeof request> | undefined;
      const finish = (error: Error | undefined, reply?: ExchangeReply) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', onAbort);
        if (--inFlight === 0 && closing) agent.destroy();
        if (error) {
          outgoing?.destroy();
          reject(error);
        } else resolve(reply!);
      };
      const onAbort = () => finish(abortError());
      inFlight++;
      if (req.signal?.aborted) {
        finish(abortError());
        return;
      }
      req.signal?.addEventListener('abort', onAbort, { once: true });
      try {
        outgoing = request(
          {
            agent,
            hostname,
            port,
            method: req.method,
            path: prefix + req.path,
            headers: headerList(req, host),
          },
          (res) =>
            readCappedBody(res, maxResponseBytes, (error, text) =>
              error
                ? finish(error)
                : finish(undefined, {
                    status: res.statusCode ?? 0,
                    text: text ?? '',
                    retryAfter: firstHeader(res.headers['retry-after']),
                    date: firstHeader(res.headers.date),
                    contentType: firstHeader(res.headers['content-type']),
                  }),
            ),
        );
        timer = setTimeout(() => finish(timeoutError(req.timeoutMs)), req.timeoutMs);
        outgoing.on('error', finish);
        outgoing.end(req.body);
      } catch (error) {
        // Invalid header text and the like: thrown before anything was written.
        finish(error as Error);
      }
    });

  return {
    send,
    close() {
      closing = true;
      if (inFlight === 0) agent.destroy();
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
