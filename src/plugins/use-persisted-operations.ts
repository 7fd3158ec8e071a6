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
import type { Plugin } from 'graphql-yoga';
import type { Config } from '../config.ts';
import type { Logger } from '../observability/logger.ts';
import { requestIdOf } from '../observability/request-context.ts';
import { type CacheHints, cacheHintsFrom } from '../persisted/cache-control.ts';
import {
  persistedQueryHashMismatch,
  persistedQueryIdRequired,
  persistedQueryNotFound,
  persistedQueryNotSupported,
  persistedQueryOnly,
  persistedQueryUnavailable,
} from '../persisted/errors.ts';
import { normalizeHash, sha256Hex } from '../persisted/manifest.ts';
import { loadBuiltInManifest } from '../persisted/manifest-load.ts';
import {
  createOperationResolver,
  hashOf,
  type OperationResolver,
} from '../persisted/operation-resolver.ts';
import { createRegistry, type Registry } from '../persisted/registry.ts';
import type { Store } from '../upstream/stores/store.ts';
import { cachePolicyHooks, type RequestState, setCacheHeaders } from './persisted-cache-headers.ts';
import { principalOf } from './use-caller-auth.ts';

export type {
  OperationParams,
  OperationResolver,
  ResolvedOperation,
} from '../persisted/operation-resolver.ts';

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

/** yoga's persisted-operations plugin on our registry and errors (`off`: hashes refused). */
function protocolPlugin(
  options: PersistedOperationsOptions,
  states: WeakMap<Request, RequestState>,
  textAllowed: (request: Request) => boolean,
): Plugin {
  const { registry, logger } = options;
  const mode = options.mode ?? 'allow';
  if (mode === 'off') {
    return {
      onParams({ params }) {
        if (!params.query && hashOf(params) !== null) throw persistedQueryNotSupported();
      },
    };
  }
  return useYogaPersistedOperations({
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
}

/** The document validated and passed the limits: register it (APQ), then execute. */
function registerApq(
  options: PersistedOperationsOptions,
  request: Request,
  apq: { hash: string; query: string },
): Promise<unknown> {
  return options.registry.register(apq.hash, apq.query).catch((error: unknown) => {
    options.logger?.warn(
      { error: String(error), requestId: requestIdOf(request) },
      'persisted query registration failed',
    );
    return false;
  });
}

export function usePersistedOperations(options: PersistedOperationsOptions): Plugin {
  const mode = options.mode ?? 'allow';
  const endpoint = options.graphqlEndpoint ?? '/graphql';
  const hints: CacheHints = options.cacheHints ?? { public: {}, private: {} };
  const states = new WeakMap<Request, RequestState>();
  const textAllowed = (request: Request) =>
    mode === 'allow' ||
    principalOf(request)?.developer === true ||
    (options.graphiql === true && fromOwnGraphiQL(request, endpoint));
  const protocol = protocolPlugin(options, states, textAllowed);

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
      const hooks = cachePolicyHooks(request, state, args, hints);
      if (!state.apq) return hooks;
      return registerApq(options, request, state.apq).then(() => hooks);
    },
    onResponse(payload) {
      const state = states.get(payload.request);
      if (state) return setCacheHeaders(state, payload);
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
