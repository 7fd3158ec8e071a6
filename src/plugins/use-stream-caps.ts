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
import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ConnectionBudget } from '../connections/budget.ts';
import { requestClientIp } from '../connections/client-address.ts';
import { RETRY_AFTER_S } from '../live/ws-limits.ts';
import type { GatewayContext } from '../schema/types.ts';
import { refusalBody, tooManyStreams } from './stream-refusal.ts';

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
