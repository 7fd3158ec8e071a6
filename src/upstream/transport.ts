/**
 * The sender at the core of the pipeline: builds the path, signs in server time, sends it
 * with a timeout, learns the clock offset from every response and interprets the answer.
 *
 * A 401 whose timestamp was outside the upstream's window by the newly learned clock is
 * re-signed and sent once more: an authentication failure is never processed, so resending
 * it (even an order) is safe. That is how a host clock minutes off still gets its first
 * request accepted.
 *
 * Each attempt's timeout is the operation deadline's time left when that is shorter, and a
 * read is aborted with the caller (deadline.ts); answers are capped, compressed ones too
 * (response-body.ts). The wire is an {@link Exchange} (exchange.ts).
 */
import { REQUEST_ID_HEADER } from '../observability/request-context.ts';
import type { CallArgs } from './catalog.ts';
import { buildPath } from './catalog.ts';
import { type ServerClock, TIMESTAMP_TOLERANCE_MS } from './clock.ts';
import { CallAbortedError, DeadlineExceededError } from './deadline.ts';
import { UnauthorizedError, UnavailableError } from './errors.ts';
import type { Exchange, ExchangeReply } from './exchange.ts';
import { fetchFailure } from './fetch-failure.ts';
import type { Call, Handler } from './pipeline.ts';
import { interpretResponse } from './response.ts';
import { markUnsent } from './retry.ts';

export interface SenderOptions {
  exchange: Exchange;
  timeoutMs: number;
  /** `x-recv-window` sent with orders, when set. */
  recvWindowMs: number | undefined;
  clock: ServerClock;
  /** Host clock (injectable; tests skew it). */
  now: () => number;
}

const bodyText = (args: CallArgs): string | undefined =>
  args.body === undefined ? undefined : JSON.stringify(args.body);

/** The request's headers, signed at `timestamp` (server time) unless the route is public. */
function headersOf(
  options: SenderOptions,
  call: Call,
  request: { path: string; body: string | undefined; timestamp: number },
): Record<string, string> {
  const { op } = call;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (op.auth === 'public') {
    headers['Cache-Control'] = 'no-cache';
    if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  } else {
    if (!call.account) throw new TypeError(`${op.name}: requires account credentials`);
    call.account.signer.headers(
      { method: op.method, ...request, tradingKey: call.tradingKey },
      headers,
    );
  }
  if (op.auth === 'trading' && options.recvWindowMs !== undefined) {
    headers['x-recv-window'] = String(options.recvWindowMs);
  }
  if (call.requestId !== undefined) headers[REQUEST_ID_HEADER] = call.requestId;
  return headers;
}

/** One HTTP attempt under the call's deadline; failures come out as typed upstream errors. */
async function sendAttempt(
  options: SenderOptions,
  call: Call,
  request: { path: string; body: string | undefined; headers: Record<string, string> },
): Promise<ExchangeReply> {
  const { op, deadline } = call;
  const attempt = `attempt ${call.stats.attempts + 1}`;
  // Past the deadline (or after an abort) nothing is sent: the error says it never left.
  if (deadline) {
    try {
      deadline.check(op.name, attempt);
    } catch (error) {
      throw markUnsent(error as Error);
    }
  }
  const { timeoutMs, byDeadline } = deadline?.attemptTimeout(options.timeoutMs) ?? {
    timeoutMs: options.timeoutMs,
    byDeadline: false,
  };
  call.stats.attempts++;
  if (deadline) deadline.attempts++;
  try {
    return await options.exchange.send({
      method: op.method,
      ...request,
      timeoutMs,
      // Reads stop when the caller goes away; a write in flight runs to its timeout (it
      // cannot be unsent, and its answer says whether it landed).
      signal: op.method === 'GET' ? deadline?.signal : undefined,
      telemetry: call.telemetry,
    });
  } catch (error) {
    if (deadline?.aborted && op.method === 'GET') {
      throw new CallAbortedError(op.name, attempt, { cause: error });
    }
    const failure = fetchFailure(op.name, error, timeoutMs);
    if (byDeadline && failure instanceof UnavailableError && failure.reason === 'timeout') {
      throw new DeadlineExceededError(op.name, deadline!.budgetMs, attempt, { cause: error });
    }
    throw failure;
  }
}

export function createSender(options: SenderOptions): Handler {
  const { clock, now } = options;
  return async (call: Call) => {
    const { op } = call;
    const path = buildPath(op, call.args);
    const body = bodyText(call.args);
    for (let resign = 0; ; resign++) {
      const timestamp = clock.now();
      const headers = headersOf(options, call, { path, body, timestamp });
      const sentAt = now();
      const reply = await sendAttempt(options, call, { path, body, headers });
      const receivedAt = now();
      const result = interpretResponse(
        op,
        { status: reply.status, text: reply.text, retryAfter: reply.retryAfter },
        receivedAt,
      );
      const offset = clock.observe(
        { bodyTimestamp: result.serverTimeMs, dateHeader: reply.date },
        sentAt,
        receivedAt,
      );
      if (result.ok) return result.data;
      const skewedMs = Math.abs(timestamp - (sentAt + offset));
      if (
        result.error instanceof UnauthorizedError &&
        resign === 0 &&
        skewedMs > TIMESTAMP_TOLERANCE_MS - 30_000
      ) {
        continue;
      }
      throw result.error;
    }
  };
}
