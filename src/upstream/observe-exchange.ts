/**
 * The wire as telemetry sees it: every upstream request of a traced call carries its attempt
 * span's `traceparent` (the sender adds the GraphQL request's `x-request-id`); every HTTP attempt
 * of a call is a CLIENT span named by the route template (never the path sent: its query
 * string is signed) and a debug line; from the second attempt on it is a logged retry, and
 * an upstream 429 is a warning. The call itself is seen by `withTelemetry` (telemetry.ts).
 */
import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_REQUEST_RESEND_COUNT,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
} from '@opentelemetry/semantic-conventions';
import type { Logger } from '../observability/logger.ts';
import { traceContext } from '../observability/tracing.ts';
import type { Exchange, ExchangeReply, ExchangeRequest } from './exchange.ts';
import type { CallScope } from './pipeline.ts';
import { ATTR_URL_TEMPLATE, accountHash, round, type UpstreamTelemetry } from './telemetry.ts';

const failureName = (error: unknown): string => {
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'Error';
};

type Server = Record<typeof ATTR_SERVER_ADDRESS | typeof ATTR_SERVER_PORT, string | number>;

function logRetry(logger: Logger | undefined, scope: CallScope, attempt: number, started: number) {
  logger?.info(
    {
      operation: scope.op.name,
      attempt,
      waitMs: round(started - scope.lastEndedAt),
      previous: scope.lastResult,
      accountHash: accountHash(scope.accountId),
      requestId: scope.requestId,
    },
    'upstream retry',
  );
}

/** The attempt's CLIENT span, and the request with its `traceparent`. */
function startSpan(
  tracer: NonNullable<UpstreamTelemetry['tracer']>,
  request: ExchangeRequest,
  server: Server,
  attempt: number,
): { span: Span; sent: ExchangeRequest } {
  const route = request.telemetry!.op.path;
  const span = tracer.startSpan(`${request.method} ${route}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      [ATTR_HTTP_REQUEST_METHOD]: request.method,
      [ATTR_URL_TEMPLATE]: route,
      ...server,
      ...(attempt > 1 ? { [ATTR_HTTP_REQUEST_RESEND_COUNT]: attempt - 1 } : {}),
    },
  });
  const headers = { ...request.headers };
  traceContext.inject(trace.setSpan(context.active(), span), headers, {
    set: (carrier, key, value) => {
      carrier[key] = value;
    },
  });
  return { span, sent: { ...request, headers } };
}

/** An attempt's line: debug, or a warning for a 429 (not built when debug is off). */
function logAttempt(
  logger: Logger | undefined,
  scope: CallScope,
  attempt: number,
  started: number,
  reply: ExchangeReply,
) {
  if (reply.status !== 429 && !logger?.isLevelEnabled('debug')) return;
  const fields = {
    operation: scope.op.name,
    attempt,
    status: reply.status,
    durationMs: round(scope.lastEndedAt - started),
    accountHash: accountHash(scope.accountId),
    requestId: scope.requestId,
  };
  if (reply.status === 429) {
    logger?.warn({ ...fields, retryAfter: reply.retryAfter }, 'upstream 429');
  } else logger?.debug(fields, 'upstream attempt');
}

/** Readiness pings (outside any call: no `telemetry` scope) pass through as they are. */
export function observeExchange(
  exchange: Exchange,
  baseUrl: string,
  { tracer, logger }: Pick<UpstreamTelemetry, 'tracer' | 'logger'> = {},
): Exchange {
  const url = new URL(baseUrl);
  const server: Server = {
    [ATTR_SERVER_ADDRESS]: url.hostname,
    [ATTR_SERVER_PORT]: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
  };
  return {
    close: () => exchange.close(),
    async send(request) {
      const scope = request.telemetry;
      if (!scope) return exchange.send(request);
      const attempt = ++scope.attempts;
      const started = performance.now();
      if (attempt > 1) logRetry(logger, scope, attempt, started);
      // Untraced attempts go out as the sender built them; a traced one gets a copy with its
      // span's `traceparent`.
      const { span, sent } = tracer
        ? startSpan(tracer, request, server, attempt)
        : { span: undefined, sent: request };
      let reply: ExchangeReply;
      try {
        reply = await exchange.send(sent);
        span?.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.status);
        if (reply.status >= 400) span?.setStatus({ code: SpanStatusCode.ERROR });
      } catch (error) {
        scope.lastResult = failureName(error);
        span?.setStatus({ code: SpanStatusCode.ERROR });
        span?.setAttribute(ATTR_ERROR_TYPE, scope.lastResult);
        throw error;
      } finally {
        scope.lastEndedAt = performance.now();
        span?.end();
      }
      scope.lastResult = String(reply.status);
      scope.status = reply.status;
      logAttempt(logger, scope, attempt, started, reply);
      return reply;
    },
  };
}
