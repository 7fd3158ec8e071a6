/**
 * The default exchange: undici's connection pool (HTTP/1.1 keep-alive; https by the base
 * URL's scheme), driven through `dispatch` with a handler of its own (undici-attempt.ts), one
 * object per attempt instead of a ClientRequest, an IncomingMessage and their streams.
 */
import { type Dispatcher, Pool } from 'undici';
import type { Exchange, ExchangeReply, ExchangeRequest } from './exchange.ts';
import { DEFAULT_MAX_RESPONSE_BYTES } from './response-body.ts';
import { Attempt, abortError } from './undici-attempt.ts';

/** Connections kept per upstream origin; more requests queue in the pool. */
export const MAX_SOCKETS = 128;
/** Idle connection lifetime; a shorter `Keep-Alive: timeout=` hint from the server wins. */
export const IDLE_SOCKET_MS = 30_000;

/**
 * undici is the engine of Node's own fetch, without fetch's Request/Response objects per call
 * (docs/upstream-client.md § Cost per call). The pool reuses the first idle connection, so warm
 * ones serve first and idle ones expire.
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
