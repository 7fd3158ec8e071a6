/**
 * The nine scenarios (eight, and 2b, which bounds what any yoga gateway can reach): what is requested, from which server, and what a good answer looks like.
 * GraphQL operations go to the gateway exactly as a client sends them: POST, JSON, bearer token.
 */
import type { RequestSigner } from '../../src/auth/request-signature.ts';
import type { LoadTarget } from './load.ts';
import type { RunningChild } from './processes.ts';
import type { ScenarioName } from './report.ts';

export type ServerName =
  | 'ceiling'
  | 'ceilingCall'
  | 'sandbox'
  | 'gatewayCached'
  | 'gatewayUncached'
  | 'peer'
  | 'hive';

/**
 * One sandbox account and the bearer token that names it at the gateway and at the peer.
 * Connection i of a load run acts as trader i (mod their number): a gateway serves many users,
 * and one user's concurrent identical reads would be merged by the gateway's single-flight
 * (on even with the cache off), so scenario 4 would not call the sandbox for every request.
 */
export interface Trader {
  token: string;
  accountId: string;
  secret: string;
  tradingSecret: string;
}

export interface BenchContext {
  servers: Partial<Record<ServerName, RunningChild>>;
  traders: Trader[];
  /** Signs as trader i (the floor's client); one signer per trader, built on first use. */
  signer: (trader: number) => RequestSigner;
}

export interface Scenario {
  name: ScenarioName;
  server: ServerName;
  target(ctx: BenchContext): LoadTarget;
  /** Unmeasured preparation (runs once, after the server is up). */
  setup?(ctx: BenchContext): Promise<void>;
}

/** The `account` selection shared by the gateway scenarios 3 and 4 and the peers (7, 8). */
export const ACCOUNT_QUERY = /* GraphQL */ `query Account {
  account {
    id
    email
    accountMode
    maxLeverage
    maintenanceCancelOrders
    feeRates { kind makerFeeRate takerFeeRate }
  }
}`;

/** A trading dashboard: the account with its fee rates, and five orders. */
export const DASHBOARD_QUERY = /* GraphQL */ `query Dashboard($ids: [String!]!) {
  account {
    id
    maxLeverage
    feeRates { kind makerFeeRate takerFeeRate }
  }
  orders(clientOrderIds: $ids) {
    orderId
    clientOrderId
    symbol
    side
    type
    status
    price
    quantity
    executedQuantity
    remainingQuantity
    createdTime
  }
}`;

/** One POST /v1/order: request signature (ed25519) and order signature (secp256k1). */
export const PLACE_ORDER_MUTATION = /* GraphQL */ `mutation PlaceOrder($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on PlaceOrderSuccess { receipt { orderId clientOrderId } }
    ... on Error { code message }
  }
}`;

const DASHBOARD_IDS = [1, 2, 3, 4, 5].map((i) => `bench-dash-${i}`);

/**
 * A resting limit order far below the market (mid 3000) yet within its price scope (≥ 1800):
 * it stays open and never fills.
 */
export function orderInput(clientOrderId: string): Record<string, unknown> {
  return {
    symbol: 'PERP_ETH_USDC',
    orderType: 'LIMIT',
    side: 'BUY',
    orderPrice: 2000,
    orderQuantity: 0.02,
    clientOrderId,
  };
}

const graphqlVerify = (body: string): boolean =>
  body.startsWith('{"data"') && !body.includes('"errors"');
/** Mutations answer expected failures as data (`… on Error`): only the success type counts. */
const placeOrderVerify = (body: string): boolean =>
  graphqlVerify(body) && body.includes('"__typename":"PlaceOrderSuccess"');

const traderOf = (ctx: BenchContext, connection: number): Trader =>
  ctx.traders[connection % ctx.traders.length]!;

const graphqlHeaders = (trader: Trader): Record<string, string> => ({
  'content-type': 'application/json',
  authorization: `Bearer ${trader.token}`,
});

function graphql(
  ctx: BenchContext,
  server: ServerName,
  path: string,
  query: string,
  variables?: Record<string, unknown>,
): LoadTarget {
  return {
    url: url(ctx, server),
    request: {
      method: 'POST',
      path,
      headers: (connection) => graphqlHeaders(traderOf(ctx, connection)),
      body: JSON.stringify(variables ? { query, variables } : { query }),
    },
    verify: graphqlVerify,
  };
}

function url(ctx: BenchContext, server: ServerName): string {
  const child = ctx.servers[server];
  if (!child) throw new Error(`server ${server} is not running`);
  return child.info.url;
}

/** Sends one GraphQL operation as `trader` and fails unless it succeeds. */
export async function graphqlOnce(
  ctx: BenchContext,
  server: ServerName,
  trader: Trader,
  query: string,
  variables?: Record<string, unknown>,
): Promise<unknown> {
  const response = await fetch(`${url(ctx, server)}/graphql`, {
    method: 'POST',
    headers: graphqlHeaders(trader),
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  const verify = query === PLACE_ORDER_MUTATION ? placeOrderVerify : graphqlVerify;
  if (!response.ok || !verify(text)) {
    throw new Error(`${server}: ${response.status} ${text.slice(0, 500)}`);
  }
  return JSON.parse(text);
}

let orderSequence = 0;

export const SCENARIO_LIST: Scenario[] = [
  {
    name: 'ceiling',
    server: 'ceiling',
    target: (ctx) => ({
      ...graphql(ctx, 'ceiling', '/graphql', '{ hello }'),
      verify: (body) => body === '{"data":{"hello":"world"}}',
    }),
  },
  {
    name: 'restFloor',
    server: 'sandbox',
    target: (ctx) => {
      // Signed per request, as any client must (fresh timestamp). autocannon builds the request
      // before it starts the clock, so the signing cost is not inside the floor's latency.
      const path = '/v1/client/info';
      return {
        url: url(ctx, 'sandbox'),
        request: {
          method: 'GET',
          path,
          prepare: (connection) => ({
            headers: ctx
              .signer(connection % ctx.traders.length)
              .headers({ method: 'GET', path, timestamp: Date.now() }),
          }),
        },
        verify: (body) => body.includes('"success":true'),
      };
    },
  },
  {
    name: 'ceilingCall',
    server: 'ceilingCall',
    target: (ctx) => ({
      ...graphql(ctx, 'ceilingCall', '/graphql', '{ accountId }'),
      verify: (body) => /^\{"data":\{"accountId":"[^"]+"\}\}$/.test(body),
    }),
  },
  {
    name: 'accountCached',
    server: 'gatewayCached',
    target: (ctx) => graphql(ctx, 'gatewayCached', '/graphql', ACCOUNT_QUERY),
  },
  {
    name: 'accountUncached',
    server: 'gatewayUncached',
    target: (ctx) => graphql(ctx, 'gatewayUncached', '/graphql', ACCOUNT_QUERY),
  },
  {
    name: 'dashboard',
    server: 'gatewayCached',
    setup: async (ctx) => {
      // Every trader gets the same five client order ids (they are per account upstream).
      await Promise.all(
        ctx.traders.map(async (trader) => {
          for (const id of DASHBOARD_IDS) {
            await graphqlOnce(ctx, 'gatewayCached', trader, PLACE_ORDER_MUTATION, {
              input: orderInput(id),
            });
          }
        }),
      );
    },
    target: (ctx) =>
      graphql(ctx, 'gatewayCached', '/graphql', DASHBOARD_QUERY, { ids: DASHBOARD_IDS }),
  },
  {
    name: 'placeOrder',
    server: 'gatewayCached',
    target: (ctx) => {
      const base = graphql(ctx, 'gatewayCached', '/graphql', PLACE_ORDER_MUTATION);
      // A new client_order_id per order: the upstream rejects a reused one.
      const run = `${process.pid.toString(36)}${Date.now().toString(36)}`;
      return {
        ...base,
        verify: placeOrderVerify,
        request: {
          ...base.request,
          prepare: () => ({
            body: JSON.stringify({
              query: PLACE_ORDER_MUTATION,
              variables: { input: orderInput(`b${run}-${(orderSequence++).toString(36)}`) },
            }),
          }),
        },
      };
    },
  },
  {
    name: 'peerAccount',
    server: 'peer',
    target: (ctx) => graphql(ctx, 'peer', '/', ACCOUNT_QUERY),
  },
  {
    name: 'hiveAccount',
    server: 'hive',
    target: (ctx) => graphql(ctx, 'hive', '/', ACCOUNT_QUERY),
  },
];
