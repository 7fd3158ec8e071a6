/**
 * Which document a request runs, by the `PERSISTED_OPERATIONS` rules, for transports that
 * bypass yoga's request pipeline (graphql-ws); the HTTP plugin applies the same rules
 * (plugins/use-persisted-operations.ts).
 */
import type { GraphQLParams } from 'graphql-yoga';
import type { Config } from '../config.ts';
import type { Logger } from '../observability/logger.ts';
import {
  persistedQueryHashMismatch,
  persistedQueryIdRequired,
  persistedQueryNotFound,
  persistedQueryNotSupported,
  persistedQueryOnly,
  persistedQueryUnavailable,
} from './errors.ts';
import { normalizeHash, sha256Hex } from './manifest.ts';
import type { Registry } from './registry.ts';

/**
 * The operation's hash: `extensions.persistedQuery.sha256Hash` of an Apollo-style request, or a
 * `documentId` (GraphQL over HTTP's persisted documents; plain or `sha256:` hex), if any.
 */
export function hashOf(params: GraphQLParams & { documentId?: unknown }): string | null {
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
