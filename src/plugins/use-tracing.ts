/**
 * Spans of the GraphQL side: one SERVER span per HTTP request (continuing an incoming
 * `traceparent`), one span per GraphQL operation (`query accountInfo`), and its parse,
 * validate and execute phases as children. Upstream calls made while executing become
 * children of the execute span (src/upstream/telemetry.ts).
 *
 * Built on yoga's `instrumentation` hooks, which wrap each phase so the span is the active
 * one while it runs. `@envelop/opentelemetry` was not used: it pins the 1.x SDK (this
 * gateway runs 2.x) and records the operation's document and variables, which may carry
 * signatures. Attributes here are names, types, routes, status codes and error codes only.
 */
import {
  context,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  trace,
} from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
} from '@opentelemetry/semantic-conventions';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { routeLabel } from '../admin/labels.ts';
import { traceContext } from '../observability/tracing.ts';

/** Incubating semantic conventions, copied as the OTel docs advise (they may be renamed). */
const ATTR_GRAPHQL_OPERATION_NAME = 'graphql.operation.name';
const ATTR_GRAPHQL_OPERATION_TYPE = 'graphql.operation.type';
/** The error codes of a GraphQL result (our bounded vocabulary, never messages). */
const ATTR_GRAPHQL_ERROR_CODES = 'svc.graphql.error_codes';

export interface TracingPluginOptions {
  tracer: Tracer;
}

const headerGetter = {
  get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
  keys: (headers: Headers) => [...headers.keys()],
};

/** The error's class name only: messages may quote the query text. */
function fail(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.setAttribute(ATTR_ERROR_TYPE, error instanceof Error ? error.name : 'unknown');
}

/** Runs `fn` with `span` active and ends the span when `fn` (or its promise) settles. */
function within<T>(span: Span, fn: () => T): T {
  let result: T;
  try {
    result = context.with(trace.setSpan(context.active(), span), fn);
  } catch (error) {
    fail(span, error);
    span.end();
    throw error;
  }
  // Any thenable: yoga's phases may answer with @whatwg-node's already-settled fake promises.
  if (typeof (result as { then?: unknown } | undefined)?.then === 'function') {
    return (result as PromiseLike<unknown>).then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        fail(span, error);
        span.end();
        throw error;
      },
    ) as T;
  }
  span.end();
  return result;
}

export function useTracing({ tracer }: TracingPluginOptions): Plugin {
  const requestSpans = new WeakMap<Request, Span>();
  const operationSpans = new WeakMap<object, Span>();
  const phase =
    (name: string) =>
    <T>(_payload: unknown, wrapped: () => T): T =>
      within(tracer.startSpan(name), wrapped);
  return {
    instrumentation: {
      request({ request }, wrapped) {
        const parent = traceContext.extract(ROOT_CONTEXT, request.headers, headerGetter);
        const span = tracer.startSpan(
          request.method,
          { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: request.method } },
          parent,
        );
        requestSpans.set(request, span);
        return context.with(parent, () => within(span, wrapped));
      },
      operation({ context: operationContext }, wrapped) {
        const span = tracer.startSpan('graphql.operation');
        operationSpans.set(operationContext, span);
        return within(span, wrapped);
      },
      parse: phase('graphql.parse'),
      validate: phase('graphql.validate'),
      execute: phase('graphql.execute'),
      subscribe: phase('graphql.subscribe'),
    },
    onRequest({ request, url }) {
      const span = requestSpans.get(request);
      const route = routeLabel(url.pathname);
      span?.setAttribute(ATTR_HTTP_ROUTE, route);
      span?.updateName(`${request.method} ${route}`);
    },
    onExecute({ args }) {
      const span = operationSpans.get(args.contextValue as object);
      if (!span) return;
      const operation = getOperationAST(args.document, args.operationName);
      const type = operation?.operation ?? 'query';
      const name = operation?.name?.value;
      span.setAttribute(ATTR_GRAPHQL_OPERATION_TYPE, type);
      if (name) span.setAttribute(ATTR_GRAPHQL_OPERATION_NAME, name);
      span.updateName(name ? `${type} ${name}` : type);
      return {
        onExecuteDone({ result }) {
          if (!('errors' in result) || !result.errors?.length) return;
          const codes = result.errors.map((e) => String(e.extensions?.code ?? 'INTERNAL'));
          span.setAttribute(ATTR_GRAPHQL_ERROR_CODES, [...new Set(codes)]);
          span.setStatus({ code: SpanStatusCode.ERROR });
        },
      };
    },
    onResponse({ request, response }) {
      const span = requestSpans.get(request);
      span?.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.status);
      if (response.status >= 500) span?.setStatus({ code: SpanStatusCode.ERROR });
    },
  };
}
