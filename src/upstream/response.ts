/**
 * Turns one HTTP response into data or a typed error. Pure: no I/O, no clock but the one
 * passed in. Error messages carry only the operation, the upstream code and the upstream's
 * own (sanitised, truncated) message — never a header, a raw body or a secret.
 */
import type { Operation } from './catalog.ts';
import { RETRY_429_MS } from './catalog.ts';
import { mapCode, parseCode } from './error-map.ts';
import {
  MalformedResponseError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  type UpstreamError,
  UpstreamRejectedError,
} from './errors.ts';

export interface RawResponse {
  status: number;
  text: string;
  /** Retry-After header, if any. */
  retryAfter?: string | null;
}

export type Interpreted =
  | { ok: true; data: unknown; serverTimeMs: number | undefined }
  | { ok: false; error: UpstreamError; serverTimeMs: number | undefined };

const MAX_MESSAGE = 200;

/** Printable, single-line, bounded: the upstream's message as it may appear in our errors. */
export function sanitizeMessage(message: unknown): string {
  if (typeof message !== 'string' || message.trim() === '') return 'no message';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters
  const clean = message.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > MAX_MESSAGE ? `${clean.slice(0, MAX_MESSAGE)}…` : clean;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; capped at one hour. */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number,
): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    ms = at - nowMs;
  }
  return Math.min(Math.max(0, Math.ceil(ms)), 3_600_000);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function failure(
  op: Operation,
  raw: RawResponse,
  nowMs: number,
  code: number | undefined,
  message: string,
): UpstreamError {
  const mapped = mapCode(code, raw.status);
  switch (mapped.kind) {
    case 'rate_limited': {
      const retryAfterMs =
        parseRetryAfter(raw.retryAfter, nowMs) ?? op.limit?.windowMs ?? RETRY_429_MS;
      return new RateLimitedError(op.name, retryAfterMs, 'upstream');
    }
    case 'unauthorized':
      return new UnauthorizedError(op.name, code ?? 0, message);
    case 'unavailable':
      return new UnavailableError(
        op.name,
        mapped.reason,
        `HTTP ${raw.status}, code ${code ?? 'none'}: ${message}`,
      );
    case 'rejected':
      return new UpstreamRejectedError(op.name, code ?? 0, message, raw.status);
  }
}

/**
 * A 2xx answer of an operation without the envelope (`envelope: false`, TradingView style):
 * the body is the payload; `{s: "error", errmsg}` is the upstream refusing the request.
 */
function bare(op: Operation, raw: RawResponse, body: Record<string, unknown>): Interpreted {
  if (body.s === 'error') {
    const error = new UpstreamRejectedError(op.name, 0, sanitizeMessage(body.errmsg), raw.status);
    return { ok: false, error, serverTimeMs: undefined };
  }
  const missing = (op.data ?? []).filter((field) => !(field in body));
  return missing.length > 0
    ? {
        ok: false,
        error: new MalformedResponseError(op.name, raw.status, `body lacks ${missing.join(', ')}`),
        serverTimeMs: undefined,
      }
    : { ok: true, data: body, serverTimeMs: undefined };
}

export function interpretResponse(op: Operation, raw: RawResponse, nowMs: number): Interpreted {
  const body = raw.text.trim() === '' ? undefined : parseJson(raw.text);
  if (!isObject(body)) {
    const what =
      body === undefined
        ? raw.text.trim()
          ? 'body is not JSON'
          : 'empty body'
        : 'body is not an object';
    const error =
      raw.status >= 200 && raw.status < 300
        ? new MalformedResponseError(op.name, raw.status, what)
        : raw.status === 401 || raw.status === 403 || raw.status === 429 || raw.status >= 500
          ? failure(op, raw, nowMs, undefined, `HTTP ${raw.status}, ${what}`)
          : new MalformedResponseError(op.name, raw.status, what);
    return { ok: false, error, serverTimeMs: undefined };
  }
  const serverTimeMs =
    typeof body.timestamp === 'number' && Number.isFinite(body.timestamp)
      ? body.timestamp
      : undefined;
  const httpOk = raw.status >= 200 && raw.status < 300;
  if (httpOk && op.envelope === false && body.success === undefined) return bare(op, raw, body);

  if (httpOk && body.success === true) {
    if (!op.data) return { ok: true, data: undefined, serverTimeMs };
    if (!isObject(body.data)) {
      return {
        ok: false,
        error: new MalformedResponseError(op.name, raw.status, 'data missing'),
        serverTimeMs,
      };
    }
    const missing = op.data.filter((field) => !(field in (body.data as object)));
    if (missing.length > 0) {
      return {
        ok: false,
        error: new MalformedResponseError(op.name, raw.status, `data lacks ${missing.join(', ')}`),
        serverTimeMs,
      };
    }
    return { ok: true, data: body.data, serverTimeMs };
  }

  const code = parseCode(body.code);
  if (httpOk && code === undefined) {
    const detail = body.success === false ? 'success false without a code' : 'success flag missing';
    return {
      ok: false,
      error: new MalformedResponseError(op.name, raw.status, detail),
      serverTimeMs,
    };
  }
  return {
    ok: false,
    error: failure(op, raw, nowMs, code, sanitizeMessage(body.message)),
    serverTimeMs,
  };
}
