/**
 * GraphQL over SSE for subscriptions, in place of yoga's SSE result processor (same wire
 * format: a `:` comment first, `event: next` / `data: …` per result, `event: complete` at the
 * end), built for thousands of idle subscribers per replica:
 *
 * - one keep-alive timer for every SSE response of the process (sse-keepalive.ts);
 * - one chunk per event (yoga enqueues two); under node:http the body takes node's response
 *   over instead of being piped into it (sse-stream.ts);
 * - one serialization per result object: subscribers of the same selection get the same
 *   result (use-shared-subscription-events.ts), so its bytes are encoded once (sse-encode.ts);
 * - the direct lane of that plugin: an error-free shared result is handed over in the hub's
 *   loop over the event's subscribers and written at once, no promise per subscriber and
 *   event; errors and the end are pulled through yoga's iterator as before.
 *
 * yoga's `onResultProcess` hook is its documented way to replace a result processor; results
 * that are not streams (errors) keep yoga's.
 */
import type { ServerResponse } from 'node:http';
import { isAsyncIterable } from '@envelop/core';
import type { ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { SseStream } from './sse-stream.ts';
import { directResultsOf } from './use-shared-subscription-events.ts';

/**
 * Lower case: a plugin reading one of them (`response.headers.get('content-type')`) finds it
 * at once; whatwg-node's headers otherwise build two key arrays per response, kept as long as
 * the response is open.
 */
const HEADERS = {
  'content-type': 'text/event-stream',
  connection: 'keep-alive',
  // `no-transform` keeps proxies from compressing or buffering the stream (RFC 9111 5.2.2.6);
  // yoga's `content-encoding: none` names no registered coding. (The cache-headers plugin
  // makes it `no-store, no-transform` when it runs.)
  'cache-control': 'no-cache, no-transform',
};

export function useLiveSse(): Plugin {
  return {
    onResultProcess({ request, result, setResultProcessor, serverContext }) {
      if (!isAsyncIterable(result)) return;
      const accept = request.headers.get('accept') ?? '';
      if (!accept.includes('text/event-stream')) return;
      setResultProcessor((results, fetchAPI) => {
        // node:http's response, as yoga's node adapter passes it in the server context.
        const res = (serverContext as { res?: ServerResponse } | undefined)?.res;
        const stream = new SseStream(
          results as AsyncIterable<ExecutionResult>,
          directResultsOf(request),
          res,
        );
        return new fetchAPI.Response(stream as unknown as BodyInit, {
          status: 200,
          headers: HEADERS,
        });
      }, 'text/event-stream');
    },
  };
}
