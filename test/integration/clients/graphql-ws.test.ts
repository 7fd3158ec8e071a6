/**
 * Subscriptions with real clients over graphql-ws, each with its default settings and only the
 * bearer token added (`connectionParams.authorization`): the graphql-ws client itself, Apollo
 * Client 4's GraphQLWsLink and urql 6's subscriptionExchange on top of it. The gateway runs on
 * port 0 with the embedded sandbox and serves graphql-ws on `/graphql` as `npm start` does;
 * orders are placed through the gateway over HTTP, and the NEW update reaches the subscriber.
 */
import { ApolloClient, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { subscriptionExchange, Client as UrqlClient } from '@urql/core';
import { print } from 'graphql';
import { type Client, createClient } from 'graphql-ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  OrderUpdatesDocument,
  type OrderUpdatesSubscription,
  PlaceOrderDocument,
} from '../../../operations/generated/graphql.ts';
import { type Running, startGateway, uniquePrefix } from '../server/harness.ts';
import { orderId } from './harness.ts';

let gw: Running;
let token: string;
let accountId: string;
const clients: Client[] = [];

beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('client-graphql-ws'),
    env: { REDIS_URL: undefined },
    webSockets: true,
  });
  token = gw.gateway.demoTokens?.trader as string;
  accountId = gw.gateway.principals.find((p) => p.role === 'trader')?.credentials
    .accountId as string;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.dispose()));
  // The gateway has let go of every subscriber before the next test subscribes.
  await expect.poll(() => gw.gateway.live.hub.stats().accountListeners).toBe(0);
});
afterAll(() => gw?.close());

/** graphql-ws with its defaults (lazy, retrying) and the bearer token. */
function wsClient(): Client {
  const client = createClient({
    url: gw.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
  });
  clients.push(client);
  return client;
}

type Update = OrderUpdatesSubscription['orderUpdates'];

/**
 * Waits until the gateway holds the test's one subscriber and the demo trader's private stream
 * is up, so the order placed next cannot be missed.
 */
const privateStreamReady = () =>
  expect
    .poll(
      () => ({
        listeners: gw.gateway.live.hub.stats().accountListeners,
        ready: gw.gateway.live.hub.accountReady(accountId),
      }),
      { timeout: 10_000, interval: 20 },
    )
    .toEqual({ listeners: 1, ready: true });

/** A resting limit buy placed through the gateway over HTTP; returns its clientOrderId. */
async function placeRestingBuy(tag: string): Promise<string> {
  const id = orderId(tag);
  const { status, body } = await gw.gql(print(PlaceOrderDocument), {
    token,
    variables: {
      input: {
        symbol: 'PERP_BTC_USDC',
        orderType: 'LIMIT',
        side: 'BUY',
        orderPrice: 40_000,
        orderQuantity: 0.01,
        clientOrderId: id,
      },
    },
  });
  expect({ status, errors: body.errors }).toEqual({ status: 200, errors: undefined });
  expect(body.data?.placeOrder).toMatchObject({ __typename: 'PlaceOrderSuccess' });
  return id;
}

/** The first update of `clientOrderId` with `status` among `updates`, waiting for it. */
const updateOf = (updates: Update[], clientOrderId: string, status: string) =>
  expect
    .poll(() => updates.find((u) => u.clientOrderId === clientOrderId && u.status === status), {
      timeout: 10_000,
      interval: 20,
    })
    .toMatchObject({ clientOrderId, status, symbol: 'PERP_BTC_USDC', side: 'BUY' });

describe('graphql-ws client with its defaults', () => {
  it('runs a query over the WebSocket', async () => {
    const results = [];
    for await (const result of wsClient().iterate({ query: '{ account { id maxLeverage } }' })) {
      results.push(result);
    }
    expect(results).toEqual([{ data: { account: { id: accountId, maxLeverage: 20 } } }]);
  });

  it('subscribes to orderUpdates and receives the NEW update of an order placed over HTTP', async () => {
    const updates: Update[] = [];
    const errors: unknown[] = [];
    const stop = wsClient().subscribe<OrderUpdatesSubscription>(
      { query: print(OrderUpdatesDocument), variables: { symbol: 'PERP_BTC_USDC' } },
      {
        next: (r) => {
          if (r.errors) errors.push(r.errors);
          if (r.data) updates.push(r.data.orderUpdates);
        },
        error: (e) => errors.push(e),
        complete: () => {},
      },
    );
    await privateStreamReady();
    const id = await placeRestingBuy('gqlws');
    await updateOf(updates, id, 'NEW');
    expect(errors).toEqual([]);
    stop();
  });

  it('without a token the subscription is refused UNAUTHENTICATED', async () => {
    const anonymous = createClient({ url: gw.wsUrl, webSocketImpl: WebSocket });
    clients.push(anonymous);
    const results = [];
    for await (const r of anonymous.iterate({ query: print(OrderUpdatesDocument) })) {
      results.push(r);
    }
    expect(results.flatMap((r) => r.errors?.map((e) => e.extensions?.code) ?? [])).toEqual([
      'UNAUTHENTICATED',
    ]);
  });
});

describe('Apollo Client 4 with GraphQLWsLink', () => {
  it('subscribes to orderUpdates and receives the NEW update', async () => {
    const apollo = new ApolloClient({
      link: new GraphQLWsLink(wsClient()),
      cache: new InMemoryCache(),
    });
    const updates: Update[] = [];
    const errors: unknown[] = [];
    const subscription = apollo
      .subscribe({ query: OrderUpdatesDocument, variables: { symbol: 'PERP_BTC_USDC' } })
      .subscribe({
        next: (r) => {
          if (r.error) errors.push(r.error);
          if (r.data) updates.push(r.data.orderUpdates as Update);
        },
        error: (e) => errors.push(e),
      });
    await privateStreamReady();
    const id = await placeRestingBuy('apollows');
    await updateOf(updates, id, 'NEW');
    expect(errors).toEqual([]);
    subscription.unsubscribe();
    apollo.stop();
  });
});

describe('urql 6 with subscriptionExchange over graphql-ws', () => {
  it('subscribes to orderUpdates and receives the NEW update', async () => {
    const ws = wsClient();
    const urql = new UrqlClient({
      url: gw.graphqlUrl,
      exchanges: [
        subscriptionExchange({
          forwardSubscription(request) {
            const input = { ...request, query: request.query || '' };
            return {
              subscribe: (sink) => ({ unsubscribe: ws.subscribe(input, sink) }),
            };
          },
        }),
      ],
    });
    const updates: Update[] = [];
    const errors: unknown[] = [];
    const { unsubscribe } = urql
      .subscription(OrderUpdatesDocument, { symbol: 'PERP_BTC_USDC' })
      .subscribe((r) => {
        if (r.error) errors.push(r.error);
        if (r.data) updates.push(r.data.orderUpdates);
      });
    await privateStreamReady();
    const id = await placeRestingBuy('urqlws');
    await updateOf(updates, id, 'NEW');
    expect(errors).toEqual([]);
    unsubscribe();
  });
});
