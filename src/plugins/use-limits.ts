/**
 * Query limits (graphql-armor): depth, aliases, tokens, cost and directives, checked at parse
 * and validation, before any resolver runs. A query over a limit fails with BAD_USER_INPUT
 * naming the limit (HTTP 400 for GraphQL-over-HTTP clients; 200 under legacy
 * `Accept: application/json`, like yoga's other parse and validation errors).
 */
import type { Plugin } from '@envelop/core';
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import type { GraphQLError } from 'graphql';
import { createGraphQLError, type FetchAPI, type Plugin as YogaPlugin } from 'graphql-yoga';

export interface LimitsOptions {
  /** Deepest field nesting. @default 8 (MAX_DEPTH) */
  maxDepth?: number;
  /** Aliases per operation. @default 30 (MAX_ALIASES) */
  maxAliases?: number;
  /** Lexical tokens in the document. @default 2000 (MAX_TOKENS) */
  maxTokens?: number;
  /** graphql-armor cost (objects 2, scalars 1, times a depth factor). @default 5000 (MAX_COST) */
  maxCost?: number;
  /** Directives per operation. @default 50 */
  maxDirectives?: number;
  /**
   * Drop "Did you mean …?" from validation errors: with introspection off they would name
   * fields the caller cannot list. @default false
   */
  hideFieldSuggestions?: boolean;
}

/** armor's errors carry no code; give them the gateway's. */
function withCode(_ctx: unknown, error: GraphQLError): void {
  const extensions = error.extensions as Record<string, unknown>;
  extensions.code = 'BAD_USER_INPUT';
  // A request error: 400 for GraphQL-over-HTTP clients, 200 under legacy application/json.
  extensions.http = { status: 400, spec: true };
}

export function useLimits(options: LimitsOptions = {}): Plugin[] {
  const onReject = [withCode];
  const armor = new EnvelopArmor({
    maxDepth: { n: options.maxDepth ?? 8, onReject, flattenFragments: true },
    maxAliases: { n: options.maxAliases ?? 30, onReject },
    maxTokens: { n: options.maxTokens ?? 2_000, onReject },
    costLimit: { maxCost: options.maxCost ?? 5_000, onReject },
    maxDirectives: { n: options.maxDirectives ?? 50, onReject },
    // With introspection on, suggestions give nothing away.
    blockFieldSuggestion: { enabled: options.hideFieldSuggestions === true, mask: '' },
  });
  return armor.protect().plugins;
}

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
