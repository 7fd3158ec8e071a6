/**
 * Persisted operations (`PERSISTED_OPERATIONS`), after caller auth and before the limits:
 *
 *   off      query text only; a hash-only request gets PERSISTED_QUERY_NOT_SUPPORTED
 *   allow    text or hash; text with extensions.persistedQuery registers it (Apollo APQ)
 *   require  hash only; text is refused (PERSISTED_QUERY_ONLY, 403) except from developer
 *            principals and, in embedded mode, from the gateway's own GraphiQL page
 *
 * Hashes come from the registry (built-in manifest, published app versions, APQ). Requests by
 * GET and hash get cache headers fit for a CDN (`../persisted/cache-control.ts`), with a weak
 * ETag so an app's poll can be answered 304.
 */
import { usePersistedOperations as useYogaPersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { GraphQLParams, Plugin } from 'graphql-yoga';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import {
  type CacheHints,
  cacheControl,
  cacheHintsFrom,
  NO_STORE,
  rootFieldsOf,
} from '../persisted/cache-control.ts';
import {
  persistedQueryHashMismatch,
  persistedQueryIdRequired,
  persistedQueryNotFound,
  persistedQueryNotSupported,
  persistedQueryOnly,
  persistedQueryUnavailable,
} from '../persisted/errors.ts';
import { loadBuiltInManifest, normalizeHash, sha256Hex } from '../persisted/manifest.ts';
import { createRegistry, type Registry } from '../persisted/registry.ts';
import { requestIdOf } from '../request-context.ts';
import type { Store } from '../upstream/stores/store.ts';
import { principalOf } from './use-caller-auth.ts';

export interface PersistedOperationsOptions {
  /** `PERSISTED_OPERATIONS`. @default 'allow' */
  mode?: Config['persistedOperations'];
  registry: Registry;
  /** Accept text from the gateway's own GraphiQL page in `require` mode (embedded sandbox only). @default false */
  graphiql?: boolean;
  /** max-age per root field for GET-by-hash answers. @default none: every answer no-store */
  cacheHints?: CacheHints;
  /** @default '/graphql' */
  graphqlEndpoint?: string;
  logger?: Logger;
}

interface RequestState {
  byHash: boolean;
  /** Text and hash to register once the document has validated (APQ). */
  apq?: { hash: string; query: string };
  cacheControl?: string;
}

/**
 * The operation's hash: `extensions.persistedQuery.sha256Hash` of an Apollo-style request, or a
 * `documentId` (GraphQL over HTTP's persisted documents; plain or `sha256:` hex), if any.
 */
function hashOf(params: GraphQLParams & { documentId?: unknown }): string | null {
  const pq = (params.extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } })
    ?.persistedQuery;
  if (pq?.version === 1 && typeof pq.sha256Hash === 'string') return pq.sha256Hash;
  return typeof params.documentId === 'string' && params.documentId !== ''
    ? params.documentId
    : null;
}

/** What a non-HTTP transport (graphql-ws) sends: the text (may be empty), extensions, documentId. */
export interface OperationParams {
  query?: string | null | undefined;
  extensions?: Record<string, unknown> | null | undefined;
  documentId?: unknown;
}

export interface ResolvedOperation {
  query: string;
  /** APQ: registers the text under its hash; call once the document has validated. */
  register?: () => Promise<void>;
}

/**
 * The same rules as the HTTP plugin for transports that bypass yoga's request pipeline
 * (graphql-ws runs on `getEnveloped`, where `onParams` never fires): a hash is looked up in
 * the same registry; text is refused in `require` mode unless the caller is a developer;
 * text with a matching hash registers it (APQ) in `allow` mode. Throws the protocol's errors.
 */
export type OperationResolver = (
  params: OperationParams,
  caller: { developer: boolean },
) => Promise<ResolvedOperation>;

export function createOperationResolver(options: {
  mode?: Config['persistedOperations'];
  registry: Registry;
  logger?: Logger;
}): OperationResolver {
  const { registry, logger } = options;
  const mode = options.mode ?? 'allow';
  return async (params, caller) => {
    const text = typeof params.query === 'string' && params.query !== '' ? params.query : null;
    const hash = hashOf(params as GraphQLParams);
    if (mode === 'off') {
      if (text === null && hash !== null) throw persistedQueryNotSupported();
      if (text === null) throw persistedQueryIdRequired();
      return { query: text };
    }
    const textAllowed = mode === 'allow' || caller.developer;
    if (hash === null) {
      if (text === null) throw persistedQueryIdRequired();
      if (!textAllowed) throw persistedQueryOnly();
      return { query: text };
    }
    const found = await registry.lookup(hash).catch((error: unknown) => {
      logger?.warn('persisted operation lookup failed', { error: String(error) });
      throw persistedQueryUnavailable();
    });
    if (found) return { query: found.document };
    if (text === null) throw persistedQueryNotFound();
    if (!textAllowed) throw persistedQueryOnly();
    const normalized = normalizeHash(hash);
    if (!normalized || sha256Hex(text) !== normalized) throw persistedQueryHashMismatch();
    return {
      query: text,
      register: () =>
        registry.register(normalized, text).then(
          () => undefined,
          (error: unknown) => {
            logger?.warn('persisted query registration failed', { error: String(error) });
          },
        ),
    };
  };
}

/** A request sent by the GraphiQL page this gateway serves (the browser sets the Referer). */
function fromOwnGraphiQL(request: Request, endpoint: string): boolean {
  const referer = request.headers.get('referer');
  if (!referer) return false;
  try {
    const page = new URL(referer);
    return page.origin === new URL(request.url).origin && page.pathname === endpoint;
  } catch {
    return false;
  }
}

async function weakEtag(response: Response): Promise<string> {
  return `W/"${sha256Hex(await response.clone().text()).slice(0, 32)}"`;
}

export function usePersistedOperations(options: PersistedOperationsOptions): Plugin {
  const { registry, logger } = options;
  const mode = options.mode ?? 'allow';
  const endpoint = options.graphqlEndpoint ?? '/graphql';
  const hints = options.cacheHints ?? { public: {}, private: {} };
  const states = new WeakMap<Request, RequestState>();

  const textAllowed = (request: Request) =>
    mode === 'allow' ||
    principalOf(request)?.developer === true ||
    (options.graphiql === true && fromOwnGraphiQL(request, endpoint));

  const protocol: Plugin =
    mode === 'off'
      ? {
          onParams({ params }) {
            if (!params.query && hashOf(params) !== null) throw persistedQueryNotSupported();
          },
        }
      : useYogaPersistedOperations({
          allowArbitraryOperations: mode === 'allow' ? true : textAllowed,
          extractPersistedOperationId: hashOf,
          async getPersistedOperation(hash, request) {
            const found = await registry.lookup(hash).catch((error: unknown) => {
              logger?.warn(
                { error: String(error), requestId: requestIdOf(request) },
                'persisted operation lookup failed',
              );
              throw persistedQueryUnavailable();
            });
            if (found) {
              const state = states.get(request);
              if (state) state.byHash = true;
            }
            return found?.document ?? null;
          },
          customErrors: {
            notFound: () => persistedQueryNotFound(),
            persistedQueryOnly: () => persistedQueryOnly(),
            keyNotFound: () => persistedQueryIdRequired(),
          },
        });

  return {
    onPluginInit({ addPlugin }) {
      addPlugin(protocol);
    },
    onRequestParse({ request }) {
      states.set(request, { byHash: false });
    },
    onParams({ params, request }) {
      const state = states.get(request);
      const hash = hashOf(params);
      // Text with a hash asks to register it (APQ), if text may be sent at all (else the
      // protocol plugin refuses it).
      if (mode === 'off' || !state || state.byHash || !params.query || hash === null) return;
      if (!textAllowed(request)) return;
      const normalized = normalizeHash(hash);
      if (!normalized || sha256Hex(params.query) !== normalized) throw persistedQueryHashMismatch();
      state.apq = { hash: normalized, query: params.query };
    },
    onExecute({ args }) {
      const request = (args.contextValue as { request?: Request }).request;
      const state = request && states.get(request);
      if (!request || !state) return;
      // Only a GET may be cached: work out its policy once the result is known.
      const hooks =
        request.method === 'GET'
          ? {
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
            }
          : undefined;
      if (!state.apq) return hooks;
      // The document validated and passed the limits: register it (APQ), then execute.
      const { hash, query } = state.apq;
      return registry
        .register(hash, query)
        .catch((error: unknown) => {
          logger?.warn(
            { error: String(error), requestId: requestIdOf(request) },
            'persisted query registration failed',
          );
          return false;
        })
        .then(() => hooks);
    },
    // Synchronous unless it computes an ETag: a hook that returns a promise puts every request
    // on yoga's slower asynchronous path.
    onResponse({ request, response, setResponse, fetchAPI }) {
      const state = states.get(request);
      if (!state) return;
      const policy = state.cacheControl ?? NO_STORE;
      response.headers.set('Cache-Control', policy);
      if (request.method !== 'GET') return;
      response.headers.set('Vary', 'Authorization, Accept');
      if (policy === NO_STORE || response.status !== 200) return;
      return weakEtag(response).then((etag) => {
        response.headers.set('ETag', etag);
        if (request.headers.get('if-none-match') === etag) {
          setResponse(new fetchAPI.Response(null, { status: 304, headers: response.headers }));
        }
      });
    },
  };
}

export interface GatewayPersistedOperationsOptions {
  config: Config;
  /** The gateway's store (memory, or Redis shared by the replicas). */
  store: Store;
  logger: Logger;
  /** The upstream is the embedded sandbox (GraphiQL may send text in `require` mode). */
  embedded: boolean;
}

/**
 * Persisted operations as `createGateway` wires them: built-in manifest, the store's registry,
 * config TTLs; the HTTP plugin and the resolver graphql-ws uses share the registry.
 */
export function createGatewayPersistedOperations(options: GatewayPersistedOperationsOptions): {
  plugin: Plugin;
  resolveOperation: OperationResolver;
} {
  const { config, store, logger, embedded } = options;
  const registry = createRegistry({ store, builtIn: loadBuiltInManifest((m) => logger.warn(m)) });
  return {
    plugin: usePersistedOperations({
      mode: config.persistedOperations,
      registry,
      graphiql: embedded,
      cacheHints: cacheHintsFrom(config.upstream.cache),
      logger,
    }),
    resolveOperation: createOperationResolver({
      mode: config.persistedOperations,
      registry,
      logger,
    }),
  };
}

/** The HTTP plugin alone, as `createGateway` wires it. */
export function useGatewayPersistedOperations(options: GatewayPersistedOperationsOptions): Plugin {
  return createGatewayPersistedOperations(options).plugin;
}
