/** A failed exchange as a typed upstream error: timeout, never sent, or lost after sending. */
import { UnavailableError, type UpstreamError } from './errors.ts';
import { isTooLarge, ResponseTooLargeError } from './response-body.ts';
import { markUnsent } from './retry.ts';

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
export function fetchFailure(operation: string, error: unknown, timeoutMs: number): UpstreamError {
  if (isTooLarge(error)) return new ResponseTooLargeError(operation, error.status, error.maxBytes);
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
