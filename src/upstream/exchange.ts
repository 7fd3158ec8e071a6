/**
 * The wire under the sender: an {@link Exchange} sends one request and reads the whole answer.
 * By default undici's keep-alive pool (http-exchange.ts); when a `fetch` is injected (tests
 * record requests through one), that fetch.
 */

import type { CallScope } from './pipeline.ts';
import { DEFAULT_MAX_RESPONSE_BYTES, readCappedResponse } from './response-body.ts';

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
