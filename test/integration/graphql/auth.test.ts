/** Scope auth: anonymous, trader and broker admin; denied fields never call the upstream. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCodes, type Harness, startHarness } from '../../helpers/graphql-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.sandbox.resetRequestLog());

const QUERIES = {
  account: '{ account { id } }',
  order: '{ order(clientOrderId: "x") { status } }',
  orders: '{ orders(clientOrderIds: ["x"]) { status } }',
  withdrawNonce: '{ withdrawNonce }',
  referralAdminInfo: '{ referralAdminInfo { meta { total } } }',
  refereeRebateSummary: '{ refereeRebateSummary { totalRefereeRebate } }',
};
const BROKER_MUTATIONS = {
  setDefaultFeeRates:
    'mutation { setDefaultFeeRates(input: {makerFeeRate: 0.0001, takerFeeRate: 0.0002}) { __typename ... on Error { code message } } }',
  updateOrderTagFeeConfig:
    'mutation { updateOrderTagFeeConfig(enumId: "GRID", input: {name: "Grid"}) { __typename ... on Error { code message } } }',
  upsertPointsStage:
    'mutation { upsertPointsStage(input: {stageName: "S", startDate: "2031-01-01"}) { __typename ... on Error { code message } } }',
  createReferralCode:
    'mutation { createReferralCode(input: {accountId: "0x1", referralCode: "C", maxRebateRate: 0.2, referrerRebateRate: 0.1, refereeRebateRate: 0.1}) { __typename ... on Error { code message } } }',
  setAffiliateRebateRate:
    'mutation { setAffiliateRebateRate(input: {rebateRate: 0.1, accountIds: ["0x1"]}) { __typename ... on Error { code message } } }',
};
const TRADER_MUTATIONS = {
  placeOrders:
    'mutation { placeOrders(inputs: [{symbol: "PERP_BTC_USDC", orderType: MARKET, side: BUY, orderQuantity: 0.001}]) { __typename } }',
  cancelOrder:
    'mutation { cancelOrder(input: {symbol: "PERP_BTC_USDC", orderId: 1}) { __typename } }',
  cancelOrders: 'mutation { cancelOrders(input: {orderIds: [1, 2]}) { __typename } }',
  cancelAllOrders: 'mutation { cancelAllOrders { __typename } }',
  editOrder:
    'mutation { editOrder(input: {orderId: 1, symbol: "PERP_BTC_USDC", side: BUY, orderType: LIMIT, orderPrice: 1, orderQuantity: 1}) { __typename } }',
  placeOrder:
    'mutation { placeOrder(input: {symbol: "PERP_BTC_USDC", orderType: MARKET, side: BUY, orderQuantity: 0.001}) { __typename } }',
  setDefaultMarginMode:
    'mutation { setDefaultMarginMode(input: {symbol: "PERP_BTC_USDC", defaultMarginMode: CROSS}) { __typename } }',
  requestInternalTransfer:
    'mutation { requestInternalTransfer(input: {signature: "s", userAddress: "u", verifyingContract: "v", message: {receiver: "r", token: "USDC", amount: 1, transferNonce: "1", chainId: "1", chainType: "EVM"}}) { __typename } }',
};

describe('anonymous', () => {
  it('may read strategyVaultNonce, and still gets it next to a refused field', async () => {
    const r = await h.exec('anonymous', '{ strategyVaultNonce account { id } }');
    expect(r.data).toEqual({ strategyVaultNonce: expect.any(Number), account: null });
    expect(errorCodes(r)).toEqual(['UNAUTHENTICATED']);
    expect(r.errors?.[0]?.path).toEqual(['account']);
    expect(h.upstreamCalls()).toBe(1);
    expect(h.upstreamCalls({ path: '/v1/public/sv_nonce' })).toBe(1);
  });

  it.each(Object.entries(QUERIES))('query %s → UNAUTHENTICATED', async (name, query) => {
    const r = await h.exec('anonymous', query);
    expect(errorCodes(r)).toEqual(['UNAUTHENTICATED']);
    expect(r.data?.[name]).toBeNull();
    expect(h.upstreamCalls()).toBe(0);
  });

  it.each(Object.entries({ ...TRADER_MUTATIONS, ...BROKER_MUTATIONS }))(
    'mutation %s → UNAUTHENTICATED (not a union member)',
    async (name, query) => {
      const r = await h.exec('anonymous', query);
      expect(errorCodes(r)).toEqual(['UNAUTHENTICATED']);
      expect(r.data?.[name]).toBeNull();
      expect(h.upstreamCalls()).toBe(0);
    },
  );

  it('is refused before validation: bad input still answers UNAUTHENTICATED', async () => {
    const r = await h.exec('anonymous', '{ order(clientOrderId: "-bad") { status } }');
    expect(errorCodes(r)).toEqual(['UNAUTHENTICATED']);
  });
});

describe('trader', () => {
  it('referralAdminInfo → FORBIDDEN, no upstream call', async () => {
    const r = await h.exec('trader', QUERIES.referralAdminInfo);
    expect(errorCodes(r)).toEqual(['FORBIDDEN']);
    expect(r.data?.referralAdminInfo).toBeNull();
    expect(h.upstreamCalls()).toBe(0);
  });

  it.each(Object.entries(BROKER_MUTATIONS))(
    '%s → ForbiddenError member, no upstream call',
    async (name, query) => {
      const r = await h.exec('trader', query);
      expect(r.errors).toBeUndefined();
      expect(r.data?.[name]).toEqual({
        __typename: 'ForbiddenError',
        code: 'FORBIDDEN',
        message: `Mutation.${name} requires the broker_admin role`,
      });
      expect(h.upstreamCalls()).toBe(0);
    },
  );

  it('a FORBIDDEN field does not hide the fields the trader may read', async () => {
    const r = await h.exec('trader', '{ account { id } referralAdminInfo { meta { total } } }');
    expect(r.data?.account).toEqual({ id: h.principals.trader.credentials.accountId });
    expect(errorCodes(r)).toEqual(['FORBIDDEN']);
  });
});

describe('broker admin', () => {
  it('may read referralAdminInfo', async () => {
    const r = await h.exec('admin', QUERIES.referralAdminInfo);
    expect(r.errors).toBeUndefined();
    expect(r.data?.referralAdminInfo).toEqual({ meta: { total: expect.any(Number) } });
    expect(h.upstreamCalls({ path: '/v1/referral/admin_info' })).toBe(1);
  });

  it('may run a broker mutation', async () => {
    const r = await h.exec('admin', BROKER_MUTATIONS.updateOrderTagFeeConfig);
    expect(r.data?.updateOrderTagFeeConfig).toEqual({
      __typename: 'UpdateOrderTagFeeConfigSuccess',
    });
  });
});
