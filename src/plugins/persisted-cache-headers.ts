/**
 * The cache headers of persisted operations' answers: a policy per GET (by hash, caller,
 * errors and root fields: `../persisted/cache-control.ts`), `Vary`, and a weak ETag so an
 * app's poll can be answered 304.
 */
import type { DocumentNode } from 'graphql';
import type { FetchAPI } from 'graphql-yoga';
import {
  type CacheHints,
  cacheControl,
  NO_STORE,
  rootFieldsOf,
} from '../persisted/cache-control.ts';
import { sha256Hex } from '../persisted/manifest.ts';
import { principalOf } from './use-caller-auth.ts';

/** What the plugin knows of a request. */
export interface RequestState {
  byHash: boolean;
  /** Text and hash to register once the document has validated (APQ). */
  apq?: { hash: string; query: string };
  cacheControl?: string;
}

/** Execution hooks that work out a GET's cache policy once its result is known. */
export function cachePolicyHooks(
  request: Request,
  state: RequestState,
  args: { document: DocumentNode; operationName?: string | null | undefined },
  hints: CacheHints,
) {
  if (request.method !== 'GET') return undefined;
  return {
    onExecuteDone({ result }: { result: unknown }) {
      const errors = (result as { errors?: readonly unknown[] }).errors;
      const input = {
        method: request.method,
        byHash: state.byHash,
        authenticated: principalOf(request) !== null,
        hasErrors: (errors?.length ?? 0) > 0,
        ...rootFieldsOf(args.document, args.operationName),
      };
      state.cacheControl = cacheControl(input, hints);
    },
  };
}

async function weakEtag(response: Response): Promise<string> {
  return `W/"${sha256Hex(await response.clone().text()).slice(0, 32)}"`;
}

/**
 * Sets the answer's cache headers. Synchronous unless it computes an ETag: a hook that returns
 * a promise puts every request on yoga's slower asynchronous path.
 */
export function setCacheHeaders(
  state: RequestState,
  {
    request,
    response,
    setResponse,
    fetchAPI,
  }: {
    request: Request;
    response: Response;
    setResponse: (response: Response) => void;
    fetchAPI: FetchAPI;
  },
): Promise<void> | undefined {
  const policy = state.cacheControl ?? NO_STORE;
  // An event stream: nothing stored, and no proxy may compress or buffer it (RFC 9111 5.2.2.6).
  const stream = response.headers.get('content-type') === 'text/event-stream';
  response.headers.set('Cache-Control', stream ? `${NO_STORE}, no-transform` : policy);
  if (request.method !== 'GET') return;
  response.headers.set('Vary', 'Authorization, Accept');
  if (policy === NO_STORE || response.status !== 200) return;
  return weakEtag(response).then((etag) => {
    response.headers.set('ETag', etag);
    if (request.headers.get('if-none-match') === etag) {
      setResponse(new fetchAPI.Response(null, { status: 304, headers: response.headers }));
    }
  });
}
