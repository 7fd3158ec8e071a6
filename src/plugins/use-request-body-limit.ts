/**
 * The request body limit (MAX_BODY_BYTES): a declared Content-Length checked at once, a chunked
 * body counted as it streams; over the limit the answer is 413.
 */
import type { GraphQLError } from 'graphql';
import { createGraphQLError, type FetchAPI, type Plugin as YogaPlugin } from 'graphql-yoga';

function requestBodyTooLarge(): GraphQLError {
  return createGraphQLError('Request body too large', {
    extensions: { http: { status: 413 }, code: 'REQUEST_ENTITY_TOO_LARGE' },
  });
}

const CONTENT_LENGTH = /^\d+$/;

/** The body of `request` as a stream that fails with 413 past `limit` bytes. */
function limitedRequest(request: Request, limit: number, fetchAPI: FetchAPI): Request {
  const body = request.body as ReadableStream<Uint8Array>;
  // A native stream (yoga.fetch with a native Request) needs the native TransformStream.
  const Transform =
    body instanceof ReadableStream ? globalThis.TransformStream : fetchAPI.TransformStream;
  let bytesRead = 0;
  const limited = body.pipeThrough(
    new Transform({
      transform(chunk: Uint8Array, controller: TransformStreamDefaultController<Uint8Array>) {
        bytesRead += chunk.byteLength;
        if (bytesRead > limit) controller.error(requestBodyTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
  return new fetchAPI.Request(request.url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    body: limited,
    duplex: 'half',
  } as RequestInit);
}

/**
 * Request body limit (MAX_BODY_BYTES), in place of yoga's `maxRequestBodySize` (create yoga
 * with `maxRequestBodySize: false` and put this plugin after every request parser): a declared
 * Content-Length over the limit is refused at once (413; a malformed one: 400), like yoga.
 * Unlike yoga, a body with a Content-Length within the limit is read as is: node's HTTP parser
 * delivers exactly that many bytes, so re-streaming it through a counting TransformStream
 * (a real share of a small cached query's CPU) buys nothing. Only a body without a declared length
 * (chunked) is counted as it streams.
 */
export function useRequestBodyLimit(limit: number): YogaPlugin {
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI }) {
      const declared = request.headers.get('content-length');
      if (declared !== null) {
        if (!CONTENT_LENGTH.test(declared)) {
          throw createGraphQLError('Content-Length header is invalid.', {
            extensions: { http: { status: 400 }, code: 'BAD_REQUEST' },
          });
        }
        if (Number(declared) > limit) throw requestBodyTooLarge();
        return;
      }
      if (requestParser == null || request.body == null) return;
      const parse = requestParser;
      setRequestParser((req) => parse(limitedRequest(req, limit, fetchAPI)));
    },
  };
}
