/**
 * SSE streams under the connection budget (src/connections/budget.ts): a subscription over
 * HTTP (`Accept: text/event-stream`, or a multipart response) holds its connection for as long
 * as it runs, so it counts against its client IP's and its principal's stream caps and the
 * replica's. Over a cap the subscription is not started: the answer is HTTP 429 with
 * `Retry-After` and one `RATE_LIMITED` error (`extensions.reason: TOO_MANY_STREAMS`), as plain
 * JSON (yoga would frame it as an event stream for an SSE request). The slot
 * is given back when node's response closes: the stream ended or the client went away.
 * graphql-ws operations (no such Accept) are capped per connection instead (live-ws-limits.ts);
 * requests not served by node:http (`yoga.fetch`) hold no connection and are not counted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAsyncIterable } from '@envelop/core';
import type { ExecutionResult, GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ConnectionBudget } from '../connections/budget.ts';
import { requestClientIp } from '../connections/client-address.ts';
import type { RefusalReason } from '../connections/metrics.ts';
import { RETRY_AFTER_S } from '../live/ws-limits.ts';
import { gqlError } from '../schema/errors.ts';
import type { GatewayContext } from '../schema/types.ts';

export interface StreamCapsOptions {
  budget: ConnectionBudget;
  /** Trusted proxies appending to X-Forwarded-For (CALLER_PROXY_HOPS). @default 0 */
  proxyHops?: number;
}

interface StreamContext extends GatewayContext {
  request: Request;
  req?: IncomingMessage;
  res?: ServerResponse;
}

const WHERE: Record<RefusalReason, string> = {
  per_ip: 'this client IP',
  per_principal: 'this caller',
  global: 'this server',
};

/** The error a refused stream answers with (HTTP 429, Retry-After). */
export function tooManyStreams(reason: RefusalReason): GraphQLError {
  return gqlError(
    'RATE_LIMITED',
    `Too many open subscription streams for ${WHERE[reason]}; close one or retry after ${RETRY_AFTER_S} s`,
    {
      reason: 'TOO_MANY_STREAMS',
      retryAfterMs: RETRY_AFTER_S * 1_000,
      http: { status: 429, headers: { 'Retry-After': String(RETRY_AFTER_S) } },
    },
  );
}

/** The JSON body of a refusal: the error as yoga serializes it, without `extensions.http`. */
function refusalBody(result: ExecutionResult): string | undefined {
  const error = result.errors?.find((e) => e.extensions?.reason === 'TOO_MANY_STREAMS');
  if (!error) return undefined;
  const { http: _http, ...extensions } = error.extensions;
  return JSON.stringify({ errors: [{ message: error.message, extensions }] });
}

const isStreamRequest = (request: Request): boolean => {
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('text/event-stream') || accept.includes('multipart/mixed');
};

export function useStreamCaps({
  budget,
  proxyHops = 0,
}: StreamCapsOptions): Plugin<GatewayContext> {
  return {
    onSubscribe({ args, setResultAndStopExecution }) {
      const context = args.contextValue as StreamContext;
      const { req, res } = context;
      if (!req || !res || !isStreamRequest(context.request)) return;
      const lease = budget.acquire(
        'sse',
        requestClientIp(req, proxyHops),
        context.principal?.label,
      );
      if (typeof lease === 'string') {
        setResultAndStopExecution({ errors: [tooManyStreams(lease)] });
        return;
      }
      // The client may already be gone: then 'close' has been emitted.
      if (res.closed) lease.release();
      else res.once('close', () => lease.release());
    },
    onResultProcess({ result, setResultProcessor }) {
      if (isAsyncIterable(result) || Array.isArray(result)) return;
      const body = refusalBody(result as ExecutionResult);
      if (body === undefined) return;
      setResultProcessor(
        (_result, fetchAPI) =>
          new fetchAPI.Response(body, {
            status: 429,
            headers: {
              'content-type': 'application/json; charset=utf-8',
              'retry-after': String(RETRY_AFTER_S),
            },
          }),
        'application/json',
      );
    },
  };
}
