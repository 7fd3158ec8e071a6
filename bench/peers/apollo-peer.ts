/**
 * Scenario 7, the peer: the gateway's `account` query served the way a typical Apollo shop
 * would build it — Apollo Server 5 (`startStandaloneServer`) with a per-request
 * `RESTDataSource` (@apollo/datasource-rest 6, its default node-fetch) that signs every
 * upstream request with this project's `RequestSigner`.
 *
 * What RESTDataSource does here, with its defaults: concurrent identical GETs within one
 * operation share one fetch ("deduplicate-during-request-lifetime"); its HTTP cache stores a
 * response only when the upstream's Cache-Control allows it, and the sandbox sends none, so
 * every operation signs and calls the sandbox: the peer is uncached, like scenario 4.
 * Callers authenticate the way they do at the gateway: a bearer token looked up in a keystore
 * (here a map); signers are built once per account and reused.
 *
 * Environment: SVC_BASE_URL (the sandbox), BENCH_TRADERS (JSON `[{ token, accountId, secret }]`).
 */
import { type AugmentedRequest, RESTDataSource } from '@apollo/datasource-rest';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { GraphQLError } from 'graphql';
import { RequestSigner } from '../../src/auth/request-signature.ts';
import type { AccountInfo, Envelope } from '../../src/contract/wire.ts';
import { announce, onShutdown, requireEnv } from '../lib/child.ts';
import { ACCOUNT_TYPE_DEFS, accountResolvers } from './account-type.ts';

class SvcAccountAPI extends RESTDataSource {
  constructor(
    baseURL: string,
    private readonly signer: RequestSigner,
  ) {
    super();
    this.baseURL = baseURL;
  }

  protected override willSendRequest(path: string, request: AugmentedRequest): void {
    const body = typeof request.body === 'string' ? request.body : undefined;
    const signed = this.signer.headers({
      method: request.method ?? 'GET',
      path,
      timestamp: Date.now(),
      ...(body !== undefined ? { body } : {}),
    });
    for (const [name, value] of Object.entries(signed)) request.headers[name.toLowerCase()] = value;
  }

  async accountInfo(): Promise<AccountInfo> {
    const envelope = await this.get<Envelope<AccountInfo>>('/v1/client/info');
    if (!envelope.success || !envelope.data) throw new GraphQLError('upstream error');
    return envelope.data;
  }
}

interface PeerContext {
  api: SvcAccountAPI;
}

// The gateway's `Account` type, the part scenario 7 selects, resolved the same way.
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

const baseURL = requireEnv('SVC_BASE_URL');
const traders = JSON.parse(requireEnv('BENCH_TRADERS')) as Array<{
  token: string;
  accountId: string;
  secret: string;
}>;
const keystore = new Map(
  traders.map(({ token, accountId, secret }) => [token, new RequestSigner({ accountId, secret })]),
);

const server = new ApolloServer<PeerContext>({ typeDefs, resolvers });
const { url } = await startStandaloneServer(server, {
  listen: { port: 0, host: '127.0.0.1' },
  context: async ({ req }) => {
    const header = req.headers.authorization ?? '';
    const signer = header.startsWith('Bearer ') ? keystore.get(header.slice(7)) : undefined;
    if (!signer) {
      throw new GraphQLError('unauthenticated', {
        extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
      });
    }
    return { api: new SvcAccountAPI(baseURL, signer) };
  },
});
announce({ url: url.replace(/\/$/, '') });
onShutdown(() => server.stop());
