/**
 * Telemetry of upstream calls, from one place: the outermost layer sees each call of a
 * catalog operation whole (outcome, duration, cache use, budget wait, HTTP attempts) and
 * the exchange wrapper (observe-exchange.ts) sees each HTTP attempt. From them come
 * - one event per call, for the metrics;
 * - spans, when a tracer is given: one per call (`upstream accountInfo`) and a CLIENT child
 *   per HTTP attempt (`GET /v1/client/info`: the route template, never the path sent — its
 *   query string is signed), whose context goes upstream as `traceparent`;
 * - log lines: each retry, each upstream 429, each failed call (timeouts and deadline hits
 *   included) at info/warn, every attempt and call at debug;
 * - `x-request-id` of the GraphQL request on every upstream request.
 * A throwing listener never breaks a call. Without tracer and logger only the event is made.
 */
import { createHash } from 'node:crypto';
import { context, type Span, SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
} from '@opentelemetry/semantic-conventions';
import type { Logger } from '../observability/logger.ts';
import { RateLimitedError, UpstreamError } from './errors.ts';
import type { Call, CallScope, Layer } from './pipeline.ts';

export interface UpstreamCallEvent {
  operation: string;
  outcome: 'ok' | 'rejected' | 'rate_limited' | 'unauthorized' | 'unavailable' | 'malformed';
  durationMs: number;
  cache: 'hit' | 'miss' | 'bypass';
  budgetWaitMs: number;
  attempts: number;
}

export interface UpstreamTelemetry {
  /** Called once per call of a catalog operation (the metrics). */
  emit?: ((event: UpstreamCallEvent) => void) | undefined;
  /** Spans per call and per HTTP attempt; none when absent. */
  tracer?: Tracer | undefined;
  /** Retries, 429s and failed calls; none when absent. */
  logger?: Logger | undefined;
}

/** Incubating semantic conventions, copied as the OTel docs advise. */
export const ATTR_URL_TEMPLATE = 'url.template';
const ATTR_OPERATION = 'svc.upstream.operation';
const ATTR_OUTCOME = 'svc.upstream.outcome';
const ATTR_CACHE = 'svc.upstream.cache';
const ATTR_ATTEMPTS = 'svc.upstream.attempts';
const ATTR_BUDGET_WAIT_MS = 'svc.upstream.budget_wait_ms';

export function outcomeOf(error: unknown): UpstreamCallEvent['outcome'] {
  if (error instanceof UpstreamError) return error.kind;
  // Local refusals before any I/O (bad client_order_id, missing trading secret).
  if (error instanceof TypeError || error instanceof RangeError) return 'rejected';
  return 'unavailable';
}

/** Account ids are not secrets, but logs name them by a short hash (join with metrics labels). */
const accountHashes = new Map<string, string>();
export function accountHash(accountId: string | undefined): string | undefined {
  if (accountId === undefined) return undefined;
  let hash = accountHashes.get(accountId);
  if (hash === undefined) {
    hash = createHash('sha256').update(accountId).digest('hex').slice(0, 12);
    if (accountHashes.size >= 10_000) accountHashes.clear();
    accountHashes.set(accountId, hash);
  }
  return hash;
}

export const round = (ms: number) => Math.round(ms * 10) / 10;

function logCallEnd(logger: Logger, call: Call, event: UpstreamCallEvent, error: unknown): void {
  // Most calls succeed and log at debug: skip building the line when debug is off.
  if (error === undefined && !logger.isLevelEnabled('debug')) return;
  const fields = {
    operation: event.operation,
    outcome: event.outcome,
    attempts: event.attempts,
    budgetWaitMs: event.budgetWaitMs,
    durationMs: round(event.durationMs),
    cache: event.cache,
    accountHash: accountHash(call.account?.accountId),
    requestId: call.requestId,
  };
  if (error === undefined) {
    logger.debug(fields, 'upstream call');
    return;
  }
  const detail = {
    ...fields,
    reason: (error as { reason?: unknown }).reason,
    error: error instanceof Error ? error.message : String(error),
  };
  if (error instanceof RateLimitedError) {
    // An upstream 429 was logged by its attempt; here the gateway's own budget ran out.
    if (error.source === 'budget') {
      logger.info({ ...detail, retryAfterMs: error.retryAfterMs }, 'upstream budget exhausted');
    }
  } else if (event.outcome === 'unavailable' || event.outcome === 'unauthorized') {
    logger.warn(detail, 'upstream call failed');
  } else if (event.outcome === 'malformed') {
    logger.warn(detail, 'upstream answer malformed');
  } else {
    logger.debug(detail, 'upstream call rejected');
  }
}

function endCallSpan(span: Span, event: UpstreamCallEvent, status: number | undefined): void {
  if (status !== undefined) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
  span.setAttributes({
    [ATTR_OUTCOME]: event.outcome,
    [ATTR_CACHE]: event.cache,
    [ATTR_ATTEMPTS]: event.attempts,
    [ATTR_BUDGET_WAIT_MS]: event.budgetWaitMs,
  });
  if (event.outcome !== 'ok') {
    span.setStatus({ code: SpanStatusCode.ERROR });
    span.setAttribute(ATTR_ERROR_TYPE, event.outcome);
  }
  span.end();
}

/** The outermost layer: one event, span and summary per call. */
export function withTelemetry(
  telemetry: UpstreamTelemetry | ((event: UpstreamCallEvent) => void) | undefined,
): Layer {
  const { emit, tracer, logger } =
    typeof telemetry === 'function' ? { emit: telemetry } : (telemetry ?? {});
  if (!emit && !tracer && !logger) return (next) => next;
  return (next) => async (call) => {
    const started = performance.now();
    const span = tracer?.startSpan(`upstream ${call.op.name}`, {
      attributes: {
        [ATTR_OPERATION]: call.op.name,
        [ATTR_HTTP_REQUEST_METHOD]: call.op.method,
        [ATTR_URL_TEMPLATE]: call.op.path,
      },
    });
    const scope: CallScope = {
      op: call.op,
      accountId: call.account?.accountId,
      requestId: call.requestId,
      attempts: 0,
      lastEndedAt: 0,
      lastResult: undefined,
      status: undefined,
    };
    const traced: Call = { ...call, telemetry: scope };
    let outcome: UpstreamCallEvent['outcome'] = 'ok';
    let failure: unknown;
    try {
      return await (span
        ? context.with(trace.setSpan(context.active(), span), next, undefined, traced)
        : next(traced));
    } catch (error) {
      outcome = outcomeOf(error);
      failure = error;
      throw error;
    } finally {
      const event: UpstreamCallEvent = {
        operation: call.op.name,
        outcome,
        durationMs: performance.now() - started,
        cache: call.stats.cache,
        budgetWaitMs: call.stats.budgetWaitMs,
        attempts: call.stats.attempts,
      };
      // Telemetry must not change the result of a call, nor one listener silence another.
      try {
        emit?.(event);
      } catch {
        // A failing metrics listener is its own problem.
      }
      if (span) endCallSpan(span, event, scope.status);
      try {
        if (logger) logCallEnd(logger, call, event, failure);
      } catch {
        // Nor may a failing log sink change the call.
      }
    }
  };
}
