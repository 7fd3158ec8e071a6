/**
 * The id of an HTTP request, given to `useLogging` as the request comes in and passed on
 * explicitly from there: the context binds it into the per-request upstream view (every REST
 * call of the request sends it and its log lines carry it), and the plugins that log about the
 * request read it here.
 *
 * Not an AsyncLocalStorage: on Node 20 one that is entered around every request makes every
 * promise of the process pay a hook that copies the store (about a fifth of a cached read's
 * CPU, measured with bench/cpu-per-op.ts), and each place that needs the id can be handed it.
 */
import { redactText } from './redact.ts';

const requestIds = new WeakMap<Request, string>();

/** Records the id `useLogging` accepted or made for `request`. */
export function setRequestId(request: Request, requestId: string): void {
  requestIds.set(request, requestId);
}

/** The id of `request` (set before any other hook runs), if it went through `useLogging`. */
export const requestIdOf = (request: Request): string | undefined => requestIds.get(request);

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
