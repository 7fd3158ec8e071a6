/**
 * Apollo Client 4 with its default settings (HttpLink: POST JSON; InMemoryCache; cache-first)
 * over real HTTP, the bearer token the only option set. Its persisted-queries link with the
 * generated documents runs in test/integration/persisted/apollo-client.test.ts.
 */
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OrderStatusDocument,
  SetDefaultMarginModeDocument,
  TradingDashboardDocument,
} from '../../../operations/generated/graphql.ts';
import { type ClientGateway, startClientGateway } from './harness.ts';

let gw: ClientGateway;

beforeAll(async () => {
  gw = await startClientGateway('apollo');
});
afterAll(() => gw?.close());

describe('Apollo Client 4 with its defaults and a bearer token', () => {
  it('runs a mutation and queries, then answers a repeated query from its cache', async () => {
    const client = new ApolloClient({
      link: new HttpLink({
        uri: gw.graphqlUrl,
        headers: { authorization: `Bearer ${gw.tokens.trader}` },
      }),
      cache: new InMemoryCache(),
    });
    gw.takeRequests();

    const margin = await client.mutate({
      mutation: SetDefaultMarginModeDocument,
      variables: { input: { symbol: 'PERP_SOL_USDC', defaultMarginMode: 'ISOLATED' } },
    });
    expect(margin.data?.setDefaultMarginMode).toEqual({
      __typename: 'SetDefaultMarginModeSuccess',
      symbol: 'PERP_SOL_USDC',
      defaultMarginMode: 'ISOLATED',
    });

    const dashboard = await client.query({
      query: TradingDashboardDocument,
      variables: { clientOrderIds: ['apollo-none'] },
      errorPolicy: 'all',
    });
    expect(dashboard.data?.account).toMatchObject({ id: gw.traderAccountId, maxLeverage: 20 });
    // An unknown order id is that entry's NOT_FOUND; the rest of the answer still arrives.
    expect(dashboard.error?.message).toMatch(/not found|-1006/i);

    const status = await client.query({
      query: OrderStatusDocument,
      variables: { clientOrderId: 'apollo-none' },
      errorPolicy: 'all',
    });
    expect(status.data?.order ?? null).toBeNull();

    const again = await client.query({
      query: TradingDashboardDocument,
      variables: { clientOrderIds: ['apollo-none'] },
      errorPolicy: 'all',
    });
    expect(again.data?.account?.id).toBe(gw.traderAccountId);
    // The repeat came from the cache: three requests for four operations.
    expect(gw.takeRequests()).toEqual(['POST 200', 'POST 200', 'POST 200']);
  });
});
