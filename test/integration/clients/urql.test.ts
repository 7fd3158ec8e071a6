/**
 * urql 6 (@urql/core) with its default settings over real HTTP: queries go by GET
 * (`preferGetMethod: 'within-url-limit'`), mutations by POST; the bearer token is the only
 * option set. Anonymous GETs need the CSRF header docs/api.md#csrf names.
 */
import { Client, cacheExchange, fetchExchange } from '@urql/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PlaceOrderDocument,
  StrategyVaultNonceDocument,
  TradingDashboardDocument,
} from '../../../operations/generated/graphql.ts';
import { type ClientGateway, orderId, startClientGateway } from './harness.ts';

let gw: ClientGateway;

beforeAll(async () => {
  gw = await startClientGateway('urql');
});
afterAll(() => gw?.close());

const client = (headers: Record<string, string> = {}) =>
  new Client({
    url: gw.graphqlUrl,
    exchanges: [cacheExchange, fetchExchange],
    fetchOptions: { headers },
  });

describe('urql 6 with its defaults and a bearer token', () => {
  it('places an order (POST) and reads it back in the dashboard (GET)', async () => {
    const urql = client({ authorization: `Bearer ${gw.tokens.trader}` });
    const id = orderId('urql');
    gw.takeRequests();

    const placed = await urql
      .mutation(PlaceOrderDocument, {
        input: {
          symbol: 'PERP_BTC_USDC',
          orderType: 'LIMIT',
          side: 'BUY',
          orderPrice: 50_000,
          orderQuantity: 0.01,
          clientOrderId: id,
        },
      })
      .toPromise();
    expect(placed.error).toBeUndefined();
    expect(placed.data?.placeOrder).toMatchObject({
      __typename: 'PlaceOrderSuccess',
      order: { clientOrderId: id, status: 'NEW', side: 'BUY' },
    });

    const dashboard = await urql
      .query(TradingDashboardDocument, { clientOrderIds: [id] })
      .toPromise();
    expect(dashboard.error).toBeUndefined();
    expect(dashboard.data?.account).toMatchObject({ id: gw.traderAccountId, maxLeverage: 20 });
    expect(dashboard.data?.orders).toEqual([
      expect.objectContaining({ clientOrderId: id, symbol: 'PERP_BTC_USDC', status: 'NEW' }),
    ]);
    expect(gw.takeRequests()).toEqual(['POST 200', 'GET 200']);
  });

  it('anonymous: a default GET is refused FORBIDDEN; with x-graphql-csrf it runs', async () => {
    const refused = await client().query(StrategyVaultNonceDocument, {}).toPromise();
    expect(refused.data).toBeUndefined();
    expect(refused.error?.response?.status).toBe(403);
    expect(refused.error?.graphQLErrors.map((e) => e.extensions.code)).toEqual(['FORBIDDEN']);

    const allowed = await client({ 'x-graphql-csrf': '1' })
      .query(StrategyVaultNonceDocument, {})
      .toPromise();
    expect(allowed.error).toBeUndefined();
    expect(typeof allowed.data?.strategyVaultNonce).toBe('number');
  });
});
