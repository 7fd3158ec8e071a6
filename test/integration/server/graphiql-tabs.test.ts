/**
 * GraphiQL's example tabs run as they open, over HTTP against a gateway with the embedded
 * sandbox, each with the token its headers carry: every query and mutation of every tab, in
 * tab order, answers without errors and with its Success member. The edit takes an order id
 * from OpenOrders, as the tab's comment tells a user to do. Subscriptions run in the browser
 * test (test/e2e/graphiql.test.ts) and in test/integration/clients/graphql-ws.test.ts.
 */
import { Kind, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_TABS } from '../../../src/plugins/graphiql-tabs.ts';
import { type Running, startGateway, uniquePrefix } from './harness.ts';

let gw: Running;

beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('graphiql-tabs'),
    env: { REDIS_URL: undefined, LOG_LEVEL: 'silent' },
  });
});
afterAll(() => gw?.close());

describe('GraphiQL example tabs', () => {
  it('run for their principals: every query and mutation succeeds', async () => {
    const tokens = gw.gateway.demoTokens;
    expect(tokens).toBeDefined();
    const ran: string[] = [];
    let listedOrderId: unknown;
    for (const tab of EXAMPLE_TABS) {
      const token = tab.as === 'trader' ? tokens?.trader : tokens?.brokerAdmin;
      for (const definition of parse(tab.query).definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
        if (definition.operation === 'subscription') continue;
        const name = definition.name?.value as string;
        const variables = structuredClone(tab.variables ?? {}) as Record<string, unknown>;
        if (name === 'EditOrder') {
          expect(listedOrderId, 'OpenOrders listed an order before the edit').toBeDefined();
          (variables.edit as Record<string, unknown>).orderId = listedOrderId;
        }
        const { status, body } = await gw.gql(tab.query, {
          ...(token ? { token } : {}),
          variables,
          operationName: name,
        });
        expect({ status, errors: body.errors }, name).toEqual({ status: 200, errors: undefined });
        for (const value of Object.values(body.data ?? {})) {
          const typename = (value as { __typename?: string }).__typename;
          if (typename) expect(typename, name).toMatch(/Success$/);
        }
        // biome-ignore lint/suspicious/noExplicitAny: the tabs' answers are read untyped
        const data = body.data as any;
        if (name === 'PlaceOrders') {
          const results = data.placeOrders.results as { __typename: string }[];
          expect(results.map((r) => r.__typename)).toEqual(Array(3).fill('PlaceOrderSuccess'));
        }
        if (name === 'OpenOrders') {
          listedOrderId = data.account.orders.edges[0]?.node.orderId;
        }
        ran.push(name);
      }
    }
    // OpenOrders is the tab's first operation: it runs before the ladder exists (listing the
    // PlaceOrder tab's order), which is what the edit then amends.
    expect(ran).toEqual([
      'Account',
      'PlaceOrder',
      'OpenOrders',
      'PlaceOrders',
      'EditOrder',
      'CancelOrder',
      'Portfolio',
      'PortfolioHistory',
      'TpSl',
      'OpenLong',
      'SetTpSl',
      'Leverage',
      'ReferralAdmin',
    ]);
  });
});
