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
import type { AccountInfo, Envelope } from '../../src/upstream/types.ts';
import { announce, onShutdown, requireEnv } from '../lib/child.ts';

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
const typeDefs = /* GraphQL */ `
  enum AccountMode {
    FUTURES
  }
  enum MarketKind {
    STANDARD
    FUTURES
    RWA
  }
  type MarketFeeRates {
    kind: MarketKind!
    makerFeeRate: Float!
    takerFeeRate: Float!
  }
  type Account {
    id: ID!
    email: String
    accountMode: AccountMode
    maxLeverage: Float!
    maintenanceCancelOrders: Boolean!
    feeRates: [MarketFeeRates!]!
  }
  type Query {
    account: Account
  }
`;

interface MarketFeeRates {
  kind: 'STANDARD' | 'FUTURES' | 'RWA';
  makerFeeRate: number;
  takerFeeRate: number;
}

function feeRatesOf(info: AccountInfo): MarketFeeRates[] {
  const rates: MarketFeeRates[] = [
    { kind: 'STANDARD', makerFeeRate: info.maker_fee_rate, takerFeeRate: info.taker_fee_rate },
    {
      kind: 'FUTURES',
      makerFeeRate: info.futures_maker_fee_rate,
      takerFeeRate: info.futures_taker_fee_rate,
    },
  ];
  if (typeof info.rwa_maker_fee_rate === 'number' && typeof info.rwa_taker_fee_rate === 'number') {
    rates.push({
      kind: 'RWA',
      makerFeeRate: info.rwa_maker_fee_rate,
      takerFeeRate: info.rwa_taker_fee_rate,
    });
  }
  return rates;
}

const resolvers = {
  Query: {
    account: (_: unknown, __: unknown, { api }: PeerContext) => api.accountInfo(),
  },
  Account: {
    id: (info: AccountInfo) => info.account_id,
    email: (info: AccountInfo) => info.email || null,
    accountMode: (info: AccountInfo) => (info.account_mode === 'FUTURES' ? 'FUTURES' : null),
    maxLeverage: (info: AccountInfo) => info.max_leverage,
    maintenanceCancelOrders: (info: AccountInfo) => info.maintenance_cancel_orders,
    feeRates: (info: AccountInfo) => feeRatesOf(info),
  },
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
