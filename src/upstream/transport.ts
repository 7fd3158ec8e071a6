/**
 * The sender at the core of the pipeline: builds the path, signs in server time, fetches
 * with a timeout, learns the clock offset from every response and interprets the answer.
 *
 * A 401 whose timestamp was outside the upstream's window by the newly learned clock is
 * re-signed and sent once more: an authentication failure is never processed, so resending
 * it (even an order) is safe. That is how a host clock minutes off still gets its first
 * request accepted.
 */
import type { CallArgs } from './catalog.ts';
import { buildPath } from './catalog.ts';
import { type ServerClock, TIMESTAMP_TOLERANCE_MS } from './clock.ts';
import { UnauthorizedError, UnavailableError } from './errors.ts';
import type { Call, Handler } from './pipeline.ts';
import { interpretResponse } from './response.ts';
import { markUnsent } from './retry.ts';

export interface SenderOptions {
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** `x-recv-window` sent with orders, when set. */
  recvWindowMs: number | undefined;
  clock: ServerClock;
  /** Host clock (injectable; tests skew it). */
  now: () => number;
}

/** Error codes that prove the request never left this host. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function errorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A fetch failure as a typed error; marked unsent when it provably never left. */
export function fetchFailure(
  operation: string,
  error: unknown,
  timeoutMs: number,
): UnavailableError {
  const name = (error as { name?: unknown })?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new UnavailableError(operation, 'timeout', `no response within ${timeoutMs} ms`, {
      cause: error,
    });
  }
  const code = errorCode(error);
  if (code && NOT_SENT.has(code)) {
    return markUnsent(
      new UnavailableError(operation, 'connection', `could not connect (${code})`, {
        cause: error,
      }),
    );
  }
  return new UnavailableError(operation, 'connection', `connection lost (${code ?? 'unknown'})`, {
    cause: error,
  });
}

const bodyText = (args: CallArgs): string | undefined =>
  args.body === undefined ? undefined : JSON.stringify(args.body);

export function createSender(options: SenderOptions): Handler {
  const { clock, now } = options;
  return async (call: Call) => {
    const { op } = call;
    const path = buildPath(op, call.args);
    const body = bodyText(call.args);
    for (let resign = 0; ; resign++) {
      const timestamp = clock.now();
      const headers: Record<string, string> = { accept: 'application/json' };
      if (op.auth === 'public') {
        headers['Cache-Control'] = 'no-cache';
        if (body !== undefined) headers['Content-Type'] = 'application/json';
      } else {
        if (!call.account) throw new TypeError(`${op.name}: requires account credentials`);
        Object.assign(
          headers,
          call.account.signer.headers({
            method: op.method,
            path,
            timestamp,
            ...(body === undefined ? {} : { body }),
            ...(call.tradingKey === undefined ? {} : { tradingKey: call.tradingKey }),
          }),
        );
      }
      if (op.auth === 'trading' && options.recvWindowMs !== undefined) {
        headers['x-recv-window'] = String(options.recvWindowMs);
      }

      call.stats.attempts++;
      const sentAt = now();
      let response: Response;
      let text: string;
      try {
        response = await options.fetch(options.baseUrl + path, {
          method: op.method,
          headers,
          body,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        throw fetchFailure(op.name, error, options.timeoutMs);
      }
      const receivedAt = now();
      const result = interpretResponse(
        op,
        { status: response.status, text, retryAfter: response.headers.get('retry-after') },
        receivedAt,
      );
      const offset = clock.observe(
        { bodyTimestamp: result.serverTimeMs, dateHeader: response.headers.get('date') },
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
