/** Upstream failures surface with the codes of the vocabulary (queries) or as union members. */
import { graphql } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '../../../src/auth/principal.ts';
import { createGatewayContext } from '../../../src/resolvers/context.ts';
import { generateDemoAccount } from '../../../src/sandbox/demo.ts';
import { schema } from '../../../src/schema/index.ts';
import { createUpstreamClient } from '../../../src/upstream/client.ts';
import { createMemoryStore } from '../../../src/upstream/stores/index.ts';
import { errorCodes, type Harness, startHarness } from '../../helpers/graphql-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.sandbox.resetRequestLog());

const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on Error { code message }
    ... on InputError { field rule upstreamCode }
    ... on UpstreamRejectedError { upstreamCode upstreamMessage }
    ... on RateLimitedError { retryAfterMs }
  }
}`;
const order = {
  symbol: 'PERP_BTC_USDC',
  orderType: 'LIMIT',
  side: 'BUY',
  orderPrice: 50000,
  orderQuantity: 0.01,
};

describe('mutations: union members', () => {
  it('duplicate client_order_id → UpstreamRejectedError with upstreamCode -1007', async () => {
    const input = { ...order, clientOrderId: 'dup-1' };
    const first = await h.exec('trader', PLACE, { input });
    expect(first.data?.placeOrder).toMatchObject({ __typename: 'PlaceOrderSuccess' });
    const second = await h.exec('trader', PLACE, { input });
    expect(second.errors).toBeUndefined();
    expect(second.data?.placeOrder).toMatchObject({
      __typename: 'UpstreamRejectedError',
      code: 'UPSTREAM_REJECTED',
      upstreamCode: -1007,
      upstreamMessage: expect.stringContaining('dup-1'),
    });
  });

  it('a business rule only the upstream checks (margin) → UpstreamRejectedError -1101', async () => {
    // The symbol's rules (tick, range, notional) are the gateway's own: docs/market-data.md.
    const { credentials, seed } = generateDemoAccount('demo', 'trader');
    h.sandbox.registerAccount({ ...seed, balance: 1 });
    const poor: Principal = { label: 'poor', role: 'trader', developer: false, credentials };
    const r = await h.exec(poor, PLACE, { input: order });
    expect(r.data?.placeOrder).toMatchObject({
      __typename: 'UpstreamRejectedError',
      upstreamCode: -1101,
    });
  });

  it('an input the upstream rejects (-1005) → InputError with the camelCase field path', async () => {
    const r = await h.exec('trader', PLACE, { input: { ...order, orderTag: 'NO_SUCH_CODE' } });
    expect(r.data?.placeOrder).toMatchObject({
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      field: 'input.orderTag',
      upstreamCode: -1005,
    });
  });

  it('a spent upstream budget → RateLimitedError with retryAfterMs (1 per second)', async () => {
    const r = await h.exec(
      'admin',
      `mutation {
        a: updateOrderTagFeeConfig(enumId: "RL", input: {name: "one"}) { __typename }
        b: updateOrderTagFeeConfig(enumId: "RL", input: {name: "two"}) {
          __typename ... on RateLimitedError { code retryAfterMs }
        }
      }`,
    );
    expect(r.data?.a).toEqual({ __typename: 'UpdateOrderTagFeeConfigSuccess' });
    expect(r.data?.b).toEqual({
      __typename: 'RateLimitedError',
      code: 'RATE_LIMITED',
      retryAfterMs: expect.any(Number),
    });
    expect(r.data?.b).toMatchObject({ retryAfterMs: expect.toSatisfy((ms: number) => ms > 0) });
    expect(h.upstreamCalls({ path: '/v1/broker/order_enum/RL' })).toBe(1);
    h.advance(1_000);
  });
});

describe('queries: coded GraphQL errors, partial data', () => {
  it('order not found (-1006) → NOT_FOUND; the other fields still resolve', async () => {
    const r = await h.exec(
      'trader',
      '{ order(clientOrderId: "never-placed") { status } strategyVaultNonce }',
    );
    expect(errorCodes(r)).toEqual(['NOT_FOUND']);
    expect(r.errors?.[0]?.extensions).toMatchObject({ upstreamCode: -1006 });
    expect(r.data).toEqual({ order: null, strategyVaultNonce: expect.any(Number) });
  });

  it('a missing entry of orders is null with its own error; the rest are returned', async () => {
    await h.exec('trader', PLACE, { input: { ...order, clientOrderId: 'list-ok' } });
    const r = await h.exec(
      'trader',
      '{ orders(clientOrderIds: ["list-ok", "list-missing"]) { clientOrderId } }',
    );
    expect(r.data?.orders).toEqual([{ clientOrderId: 'list-ok' }, null]);
    expect(r.errors?.map((e) => [e.extensions?.code, e.path])).toEqual([
      ['NOT_FOUND', ['orders', 1]],
    ]);
  });

  it('a spent upstream budget → RATE_LIMITED with extensions.retryAfterMs', async () => {
    const aliases = Array.from({ length: 11 }, (_, i) => `n${i}: withdrawNonce`).join(' ');
    const r = await h.exec('trader', `{ ${aliases} }`);
    const nonces = Object.values(r.data ?? {});
    expect(nonces.filter((n) => typeof n === 'number')).toHaveLength(10);
    expect(errorCodes(r)).toEqual(['RATE_LIMITED']);
    expect(r.errors?.[0]?.extensions?.retryAfterMs).toBeGreaterThan(0);
    expect(h.upstreamCalls({ path: '/v1/withdraw_nonce' })).toBe(10);
    h.advance(1_000);
  });

  it('credentials the upstream does not know → FORBIDDEN with the upstream code', async () => {
    const stranger = generateDemoAccount('demo', 'trader').credentials;
    const principal: Principal = {
      label: 'stranger',
      role: 'trader',
      developer: false,
      credentials: { accountId: stranger.accountId, secret: stranger.secret },
    };
    const r = await h.exec(principal, '{ account { id } }');
    expect(errorCodes(r)).toEqual(['FORBIDDEN']);
    expect(r.errors?.[0]?.extensions?.upstreamCode).toEqual(expect.any(Number));
    expect(JSON.stringify(r)).not.toContain(stranger.secret);
  });

  it('a failed account read is one upstream call and one located error per field that asked', async () => {
    const stranger = generateDemoAccount('demo', 'trader').credentials;
    const principal: Principal = {
      label: 'stranger',
      role: 'trader',
      developer: false,
      credentials: { accountId: stranger.accountId, secret: stranger.secret },
    };
    h.sandbox.resetRequestLog();
    const r = await h.exec(
      principal,
      '{ account { email ...F } } fragment F on Account { accountMode }',
    );
    expect(r.data).toEqual({ account: { email: null, accountMode: null } });
    expect(r.errors?.map((e) => [e.extensions?.code, e.path])).toEqual([
      ['FORBIDDEN', ['account', 'email']],
      ['FORBIDDEN', ['account', 'accountMode']],
    ]);
    expect(h.upstreamCalls({ path: '/v1/client/info' })).toBe(1);
  });
});

describe('an unreachable upstream', () => {
  it('→ UPSTREAM_UNAVAILABLE for a query, UpstreamUnavailableError for a mutation', async () => {
    const dead = createUpstreamClient({
      baseUrl: 'http://127.0.0.1:9', // discard port: connection refused
      store: createMemoryStore(),
      config: {
        timeoutMs: 1_000,
        retry: { max: 0, baseMs: 1, capMs: 1 },
        budgetWaitMs: 0,
        recvWindowMs: undefined,
        cache: {
          enabled: false,
          accountTtlMs: 0,
          openOrderTtlMs: 0,
          finalOrderTtlMs: 0,
          referralTtlMs: 0,
        },
      },
    });
    try {
      const contextValue = () => createGatewayContext(h.principals.trader, dead);
      const query = await graphql({
        schema,
        source: '{ account { id } }',
        contextValue: contextValue(),
      });
      expect(query.errors?.map((e) => e.extensions.code)).toEqual(['UPSTREAM_UNAVAILABLE']);
      const mutation = await graphql({
        schema,
        source:
          'mutation { setDefaultMarginMode(input: {symbol: "PERP_BTC_USDC", defaultMarginMode: CROSS}) { __typename ... on Error { code } } }',
        contextValue: contextValue(),
      });
      expect(mutation.data?.setDefaultMarginMode).toEqual({
        __typename: 'UpstreamUnavailableError',
        code: 'UPSTREAM_UNAVAILABLE',
      });
    } finally {
      await dead.close();
    }
  });
});
