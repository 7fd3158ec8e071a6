/**
 * Scenario 8, the second peer: the `account` query served by Hive Gateway (GraphQL Mesh), the
 * way a team would put GraphQL in front of a REST API it has an OpenAPI description of.
 *
 * - At start, the supergraph is composed in this process with `@graphql-mesh/compose-cli` and
 *   `@omnigraph/openapi` from the sandbox's own description (`GET /sandbox/openapi.json`):
 *   every REST operation becomes a root field (`clientInfo` for GET /v1/client/info).
 * - `createGatewayRuntime` (`@graphql-hive/gateway`) serves it; its REST transport
 *   (`@graphql-mesh/transport-rest`) calls the sandbox.
 * - A gateway plugin authenticates the caller (bearer token → signer, looked up in a map as
 *   the gateway and the Apollo peer do) and signs every upstream request in `onFetch`:
 *   svc-timestamp, svc-account-id, svc-key, svc-signature (src/auth/request-signature.ts).
 * - The benchmark sends the same `account` query as to the gateway and the Apollo peer, so
 *   the peer adds the `Account` type on top of the generated schema (`additionalTypeDefs`)
 *   and resolves it through Mesh's in-context SDK, which plans and runs `clientInfo` like any
 *   other query.
 * - Uncached (8): the sandbox sends no Cache-Control and no cache is configured, so every
 *   operation signs and calls the sandbox, like scenarios 4 and 7.
 * - Cached (8c, BENCH_PEER_CACHE_TTL_S=5): Hive Gateway's response cache (`responseCaching`,
 *   in memory) with a session per bearer token and that ttl: a hit answers without executing.
 * - Access log: one line per request through pino (peer-common.ts), Hive's own logging off.
 *
 * Environment: SVC_BASE_URL (the sandbox), BENCH_TRADERS (JSON `[{ token, accountId, secret }]`),
 * BENCH_PEER_CACHE_TTL_S (optional).
 */
import {
  createGatewayRuntime,
  type GatewayPlugin,
  LocalForageCacheStorage,
} from '@graphql-hive/gateway';
import { getComposedSchemaFromConfig } from '@graphql-mesh/compose-cli';
import { DefaultLogger, LogLevel } from '@graphql-mesh/utils';
import { loadOpenAPISubgraph } from '@omnigraph/openapi';
import { GraphQLError } from 'graphql';
import type { RequestSigner } from '../../src/auth/request-signature.ts';
import type { AccountInfo } from '../../src/contract/wire.ts';
import { requireEnv, serve } from '../lib/child.ts';
import { ACCOUNT_TYPE_DEFS, accountResolvers } from './account-type.ts';
import {
  accessLogger,
  cacheTtlS,
  LOGGING,
  peerKeystore,
  signerOf,
  versionOf,
} from './peer-common.ts';

const baseURL = requireEnv('SVC_BASE_URL');
const ttl = cacheTtlS();
const keystore = peerKeystore().byToken;
const log = accessLogger();

/** Composes the supergraph from the sandbox's OpenAPI description (about a second). */
async function composeSupergraph(sandboxUrl: string): Promise<string> {
  return getComposedSchemaFromConfig(
    {
      subgraphs: [
        {
          sourceHandler: loadOpenAPISubgraph('svc', {
            source: `${sandboxUrl}/sandbox/openapi.json`,
            endpoint: sandboxUrl,
          }),
        },
      ],
    },
    new DefaultLogger('compose', LogLevel.warn),
  );
}

interface SignerContext {
  signer?: RequestSigner;
}

/** Bearer token → signer on every request; signs each upstream fetch with it. */
function useRequestSigning(): GatewayPlugin<SignerContext> {
  return {
    onContextBuilding({ context, extendContext }) {
      const signer = signerOf(keystore, context.request.headers.get('authorization'));
      if (!signer) {
        throw new GraphQLError('unauthenticated', {
          extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
        });
      }
      extendContext({ signer });
    },
    onFetch({ url, options, setOptions, context }) {
      const signer = (context as Partial<SignerContext> | undefined)?.signer;
      if (!signer) throw new GraphQLError('no signer for an upstream request');
      const { pathname, search } = new URL(url);
      const body = typeof options.body === 'string' ? options.body : undefined;
      const method = options.method ?? 'GET';
      const signed = signer.headers({
        method,
        path: `${pathname}${search}`,
        timestamp: Date.now(),
        ...(body !== undefined ? { body } : {}),
      });
      setOptions({ ...options, headers: { ...(options.headers ?? {}), ...signed } });
    },
  };
}

/** The access log: one line per request, as every server in the comparison writes. */
function useAccessLog(): GatewayPlugin {
  const started = new WeakMap<Request, number>();
  return {
    onRequest({ request }) {
      started.set(request, performance.now());
    },
    onResponse({ request, response }) {
      const at = started.get(request) ?? performance.now();
      log.info(
        { status: response.status, durationMs: Math.round((performance.now() - at) * 10) / 10 },
        'request',
      );
    },
  };
}

// The gateway's `Account` type, the part the benchmark selects (as in the Apollo peer).
const additionalTypeDefs = /* GraphQL */ `${ACCOUNT_TYPE_DEFS}
  extend type Query {
    account: Account
  }
`;

const INFO_SELECTION = /* GraphQL */ `{
  __typename
  ... on clientInfo_200_response {
    data {
      account_id email account_mode max_leverage maintenance_cancel_orders
      maker_fee_rate taker_fee_rate futures_maker_fee_rate futures_taker_fee_rate
      rwa_maker_fee_rate rwa_taker_fee_rate
    }
  }
  ... on Error { message }
}`;

interface ClientInfoResult {
  __typename: string;
  data?: AccountInfo;
  message?: string;
}

type SdkContext = {
  svc: {
    Query: {
      clientInfo(options: {
        root: unknown;
        args: Record<string, never>;
        context: unknown;
        info: unknown;
        selectionSet: string;
      }): Promise<ClientInfoResult | null>;
    };
  };
};

const additionalResolvers = {
  Query: {
    account: async (root: unknown, _args: unknown, context: SdkContext, info: unknown) => {
      const result = await context.svc.Query.clientInfo({
        root,
        args: {},
        context,
        info,
        selectionSet: INFO_SELECTION,
      });
      if (!result?.data) throw new GraphQLError(`upstream error: ${result?.message ?? 'none'}`);
      return result.data;
    },
  },
  Account: accountResolvers,
};

const started = Date.now();
const supergraph = await composeSupergraph(baseURL);
const composeMs = Date.now() - started;
const gateway = createGatewayRuntime<SignerContext>({
  supergraph,
  additionalTypeDefs,
  additionalResolvers: additionalResolvers as never,
  plugins: () => [useAccessLog(), useRequestSigning()],
  ...(ttl === undefined
    ? {}
    : {
        // The Hive CLI's default cache: LocalForage, which on Node is an in-memory LRU.
        cache: new LocalForageCacheStorage(),
        responseCaching: {
          session: (request: Request) => request.headers.get('authorization'),
          ttl: ttl * 1000,
        },
      }),
  logging: false,
  graphqlEndpoint: '/',
  landingPage: false,
  graphiql: false,
});
const config = {
  packages: [
    versionOf('@graphql-hive/gateway'),
    versionOf('@graphql-mesh/transport-rest'),
    versionOf('@omnigraph/openapi'),
  ].join(', '),
  server: 'createGatewayRuntime on node:http, supergraph composed from the OpenAPI description',
  upstream: 'transport-rest (its fetch), signed in onFetch',
  cache:
    ttl === undefined
      ? 'none'
      : `response cache (responseCaching, in memory), session per bearer token, ttl ${ttl} s`,
  signing: 'ed25519 per upstream call (onFetch)',
  logging: `${LOGGING}; Hive's own logging off`,
};
await serve(gateway, { info: { composeMs, config }, close: () => gateway.dispose() });
