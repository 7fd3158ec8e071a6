/**
 * The request a piece of work belongs to, carried across awaits (AsyncLocalStorage) so that
 * log lines and upstream calls made deep in resolvers, loaders and the upstream client name
 * it without every signature passing it along. Entered once per HTTP request by
 * `useLogging`; outside a request there is none.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { redactText } from './redact.ts';

export interface RequestScope {
  /** Accepted from `x-request-id` or generated; safe to log and to forward. */
  readonly requestId: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

export const currentRequest = (): RequestScope | undefined => storage.getStore();

export function runInRequest<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** Runs `fn` as part of no request (work a request only happened to trigger). */
export function outsideRequest<T>(fn: () => T): T {
  return storage.exit(fn);
}

/** Where the id comes in, goes back out and goes upstream. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Longest incoming request id kept; longer ones are replaced. */
export const MAX_REQUEST_ID_LENGTH = 128;
/** Letters, digits, `-_.:` (UUIDs, ULIDs, trace ids, most proxies' ids). */
const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;

/**
 * The caller's `x-request-id` when it is short and plain, else a new UUID. An id shaped
 * like a secret (a caller pasting a key there) is replaced too: the id is logged and
 * forwarded upstream as it is.
 */
export function acceptRequestId(incoming: string | null | undefined): string {
  return incoming &&
    incoming.length <= MAX_REQUEST_ID_LENGTH &&
    REQUEST_ID.test(incoming) &&
    redactText(incoming) === incoming
    ? incoming
    : crypto.randomUUID();
}
