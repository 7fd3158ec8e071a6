/**
 * Scenarios 7 and 7c, the Apollo peer: the gateway's `account` query served the way an Apollo
 * team would build it — Apollo Server 5 (`startStandaloneServer`) with a `RESTDataSource`
 * (@apollo/datasource-rest 6) built per request, as Apollo documents, over its default
 * node-fetch.
 *
 * Every request's data source shares the server's cache (`server.cache`, an
 * InMemoryLRUCache), with a cache key per account.
 * - Uncached (7): the sandbox sends no Cache-Control, so nothing is stored and every operation
 *   calls upstream.
 * - Cached (7c, BENCH_PEER_CACHE_TTL_S=5): `cacheOptions: { ttl: 5 }` — the data source's own
 *   HTTP cache, at the gateway's 5 s for account information.
 *
 * Signing: RESTDataSource consults its cache after `willSendRequest`, so a signature made
 * there would be made for cache hits too; the data source's `fetch` signs instead (the
 * caller's account rides in `svc-account-id`), so only real upstream calls are signed.
 * Callers authenticate as at the gateway: a bearer token looked up in a keystore (a map).
 *
 * Environment: SVC_BASE_URL (the sandbox), BENCH_TRADERS, BENCH_PEER_CACHE_TTL_S (optional).
 */
import { createRequire } from 'node:module';
import {
  type AugmentedRequest,
  type CacheOptions,
  type DataSourceConfig,
  RESTDataSource,
  type RequestOptions,
} from '@apollo/datasource-rest';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import type { Fetcher } from '@apollo/utils.fetcher';
import { GraphQLError } from 'graphql';
import type { RequestSigner } from '../../src/auth/request-signature.ts';
import type { AccountInfo, Envelope } from '../../src/contract/wire.ts';
import { announce, onShutdown, requireEnv } from '../lib/child.ts';
import { ACCOUNT_TYPE_DEFS, accountResolvers } from './account-type.ts';
import {
  accessLogger,
  accountOf,
  cacheTtlS,
  LOGGING,
  peerKeystore,
  signerOf,
  versionOf,
} from './peer-common.ts';

const baseURL = requireEnv('SVC_BASE_URL');
const ttl = cacheTtlS();
const keystore = peerKeystore();
const log = accessLogger();

// RESTDataSource's own default fetch (node-fetch 2, its dependency), wrapped to sign.
const require = createRequire(import.meta.url);
const nodeFetch = createRequire(require.resolve('@apollo/datasource-rest'))(
  'node-fetch',
) as Fetcher;

/** Signs each upstream call for the account named in `svc-account-id`. */
const signingFetch: Fetcher = (url, init = {}) => {
  const headers = init.headers ?? {};
  const signer = keystore.byAccount.get(headers['svc-account-id'] ?? '');
  if (!signer) return Promise.reject(new Error('no signer for this upstream call'));
  const { pathname, search } = new URL(url);
  const body = typeof init.body === 'string' ? init.body : undefined;
  const signed = signer.headers({
    method: init.method ?? 'GET',
    path: `${pathname}${search}`,
    timestamp: Date.now(),
    ...(body !== undefined ? { body } : {}),
  });
  return nodeFetch(url, { ...init, headers: { ...headers, ...signed } });
};

class SvcAccountAPI extends RESTDataSource {
  override baseURL = baseURL;

  constructor(
    config: DataSourceConfig,
    private readonly signer: RequestSigner,
  ) {
    super(config);
  }

  protected override willSendRequest(_path: string, request: AugmentedRequest): void {
    request.headers['svc-account-id'] = this.signer.accountId;
  }

  protected override cacheKeyFor(url: URL, request: RequestOptions): string {
    return `${request.headers?.['svc-account-id']} ${request.method ?? 'GET'} ${url}`;
  }

  protected override cacheOptionsFor(): CacheOptions | undefined {
    return ttl === undefined ? undefined : { ttl };
  }

  async accountInfo(): Promise<AccountInfo> {
    const { response, parsedBody } = await this.fetch<Envelope<AccountInfo>>('/v1/client/info');
    return accountOf(response.status, parsedBody);
  }
}

interface PeerContext {
  api: SvcAccountAPI;
}

// The gateway's `Account` type, the part the benchmark selects, resolved the same way.
const typeDefs = /* GraphQL */ `${ACCOUNT_TYPE_DEFS}
  type Query {
    account: Account
  }
`;

const resolvers = {
  Query: {
    account: (_: unknown, __: unknown, { api }: PeerContext) => api.accountInfo(),
  },
  Account: accountResolvers,
};

/** The access log: one line per request, as every server in the comparison writes. */
const accessLog: ApolloServerPlugin<PeerContext> = {
  async requestDidStart({ request }) {
    const at = performance.now();
    return {
      async willSendResponse({ response }) {
        log.info(
          {
            operation: request.operationName,
            status: response.http.status ?? 200,
            durationMs: Math.round((performance.now() - at) * 10) / 10,
          },
          'request',
        );
      },
    };
  },
};

const server = new ApolloServer<PeerContext>({
  typeDefs,
  resolvers,
  plugins: [accessLog],
  // onShutdown stops it; Apollo's own SIGTERM handler would re-raise the signal once stopped,
  // which onShutdown ignores, and the child would wait for its 2 s forced exit.
  stopOnTerminationSignals: false,
});
const { url } = await startStandaloneServer(server, {
  listen: { port: 0, host: '127.0.0.1' },
  context: async ({ req }) => {
    const signer = signerOf(keystore.byToken, req.headers.authorization);
    if (!signer) {
      throw new GraphQLError('unauthenticated', {
        extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
      });
    }
    // Apollo's documented pattern: a data source per request over the server's cache.
    return { api: new SvcAccountAPI({ cache: server.cache, fetch: signingFetch }, signer) };
  },
});
announce({
  url: url.replace(/\/$/, ''),
  config: {
    packages: [versionOf('@apollo/server'), versionOf('@apollo/datasource-rest')].join(', '),
    server: 'startStandaloneServer (node:http)',
    upstream: 'RESTDataSource per request over its default node-fetch',
    cache:
      ttl === undefined
        ? 'shared server.cache, nothing stored (the sandbox sends no Cache-Control)'
        : `shared server.cache (InMemoryLRUCache), cacheOptions ttl ${ttl} s, key per account`,
    signing: 'ed25519 per upstream call, in the data source fetch (cache hits unsigned)',
    logging: LOGGING,
  },
});
onShutdown(() => server.stop());
