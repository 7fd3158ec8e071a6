/**
 * The sandbox's request pipeline works on plain values, not on node:http objects, so layers
 * can wrap it without touching routes: `Handler` answers a `SandboxRequest`, a `Layer` wraps
 * a handler (the fault-injection layer of a later issue is one: latency, 5xx, HTML pages,
 * connection resets, malformed JSON, 429 bursts).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { ApiError } from './errors.ts';

export interface SandboxRequest {
  method: string;
  /** Path and query exactly as received (what the request signature covers). */
  url: string;
  /** Path without the query. */
  path: string;
  /** Query string without `?` ('' when none). */
  query: string;
  headers: IncomingHttpHeaders;
  /** Raw body bytes. */
  body: Buffer;
  /** Remote address of the client. */
  ip: string;
}

export interface SandboxResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Error code of an error body, for the request log. */
  code?: number;
  /**
   * Close the connection instead of answering ('before': without processing; 'after': the
   * request was processed, the answer is lost). Set by fault layers.
   */
  reset?: 'before' | 'after';
}

export type Handler = (req: SandboxRequest) => Promise<SandboxResponse>;
export type Layer = (req: SandboxRequest, next: Handler) => Promise<SandboxResponse>;

export const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

export function successResponse(now: number, data: unknown): SandboxResponse {
  const body =
    data === undefined
      ? { success: true, timestamp: now }
      : { success: true, timestamp: now, data };
  return { status: 200, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

/** A body that is the payload itself, without the envelope (TradingView's kline history). */
export function rawResponse(data: unknown): SandboxResponse {
  return { status: 200, headers: { ...JSON_HEADERS }, body: JSON.stringify(data) };
}

export function errorResponse(now: number, error: ApiError): SandboxResponse {
  return {
    status: error.status,
    headers: { ...JSON_HEADERS, ...error.headers },
    body: JSON.stringify({
      success: false,
      code: error.code,
      message: error.message,
      timestamp: now,
    }),
    code: error.code,
  };
}
