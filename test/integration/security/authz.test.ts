/**
 * Authorization matrix: every root field × anonymous, a trader, another trader and a broker
 * admin, over HTTP. Refused cells make no upstream call; allowed cells call the upstream only
 * as the caller's own account, and one trader never sees another's order.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEDGER_ADDRESSES } from '../../../src/contract/wallet.ts';
import {
  allCodes,
  CALLERS,
  type CallerName,
  type Reply,
  type SecurityStack,
  startSecurityStack,
} from './harness.ts';

let s: SecurityStack;
const ORDER_ID = 'authz-order-1';

beforeAll(async () => {
  s = await startSecurityStack('authz');
  const placed = await s.gql(
    'trader',
    `mutation { placeOrder(input: {symbol: "PERP_BTC_USDC", orderType: MARKET, side: BUY,
       orderQuantity: 0.001, clientOrderId: "${ORDER_ID}"}) { __typename } }`,
  );
  expect(placed.body?.data).toEqual({ placeOrder: { __typename: 'PlaceOrderSuccess' } });
});
afterAll(() => s?.close());
beforeEach(() => s.sandbox.resetRequestLog());

type Access = 'public' | 'caller' | 'brokerAdmin';

interface Field {
  access: Access;
  mutation?: boolean;
  query: () => string;
  /** Extra checks of an allowed cell. */
  allowed?: (caller: CallerName, reply: Reply) => void;
}

const member = '{ __typename ... on Error { code message } }';
/** `member` with an InputError's rule. */
const inputMember = '{ __typename ... on Error { code message } ... on InputError { rule } }';
const data = (reply: Reply, name: string) => reply.body?.data?.[name];

const FIELDS: Record<string, Field> = {
  strategyVaultNonce: {
    access: 'public',
    query: () => '{ strategyVaultNonce }',
    allowed: (_c, r) => expect(typeof data(r, 'strategyVaultNonce')).toMatch(/number|string/),
  },
  account: {
    access: 'caller',
    query: () => '{ account { id } }',
    allowed: (c, r) => expect(data(r, 'account')).toEqual({ id: s.accountOf(c) }),
  },
  order: {
    access: 'caller',
    query: () => `{ order(clientOrderId: "${ORDER_ID}") { clientOrderId } }`,
    allowed: (c, r) => {
      if (c === 'trader') expect(data(r, 'order')).toEqual({ clientOrderId: ORDER_ID });
      else {
        // Another account's order id: not found for anyone else, admin included.
        expect(data(r, 'order')).toBeNull();
        expect(allCodes(r.body)).toEqual(['NOT_FOUND']);
      }
    },
  },
  orders: {
    access: 'caller',
    query: () => `{ orders(clientOrderIds: ["${ORDER_ID}"]) { clientOrderId } }`,
    allowed: (c, r) => {
      if (c === 'trader') expect(data(r, 'orders')).toEqual([{ clientOrderId: ORDER_ID }]);
      else {
        expect(data(r, 'orders')).toEqual([null]);
        expect(allCodes(r.body)).toEqual(['NOT_FOUND']);
      }
    },
  },
  withdrawNonce: {
    access: 'caller',
    query: () => '{ withdrawNonce }',
    allowed: (_c, r) => expect(data(r, 'withdrawNonce')).not.toBeNull(),
  },
  refereeRebateSummary: {
    access: 'caller',
    query: () => '{ refereeRebateSummary { totalRefereeRebate } }',
    allowed: (_c, r) => expect(data(r, 'refereeRebateSummary')).not.toBeNull(),
  },
  referralAdminInfo: {
    access: 'brokerAdmin',
    query: () => '{ referralAdminInfo { meta { total } } }',
    allowed: (_c, r) => expect(data(r, 'referralAdminInfo')).not.toBeNull(),
  },
  orderPreview: {
    access: 'caller',
    // A symbol the upstream does not list: answered from the public rules alone (the account
    // reads behind the figures include a leverage read that is 1 per second per gateway).
    query: () =>
      `{ orderPreview(input: {symbol: "PERP_NOPE_USDC", orderType: MARKET, side: BUY,
         orderQuantity: 0.001}) { issues { field rule } notional } }`,
    allowed: (_c, r) =>
      expect(data(r, 'orderPreview')).toEqual({
        issues: [{ field: 'input.symbol', rule: 'unknownSymbol' }],
        notional: null,
      }),
  },
  placeOrder: {
    access: 'caller',
    mutation: true,
    // The same client_order_id for everyone: unique per account, so each places its own.
    query: () =>
      `mutation { placeOrder(input: {symbol: "PERP_BTC_USDC", orderType: MARKET, side: BUY,
         orderQuantity: 0.001, clientOrderId: "authz-matrix-1"}) ${member} }`,
    allowed: (_c, r) => expect(data(r, 'placeOrder')).toEqual({ __typename: 'PlaceOrderSuccess' }),
  },
  // Lifecycle mutations: each caller acts on its own account only (the request log check
  // below); the order of ORDER_ID belongs to the trader, and is final (a filled MARKET order).
  cancelOrder: {
    access: 'caller',
    mutation: true,
    query: () =>
      `mutation { cancelOrder(input: {symbol: "PERP_BTC_USDC", clientOrderId: "${ORDER_ID}"}) ${member} }`,
    allowed: (_c, r) =>
      expect(data(r, 'cancelOrder')).toMatchObject({
        __typename: 'UpstreamRejectedError',
        code: 'NOT_FOUND',
      }),
  },
  cancelOrders: {
    access: 'caller',
    mutation: true,
    query: () => `mutation { cancelOrders(input: {clientOrderIds: ["${ORDER_ID}"]}) ${member} }`,
    allowed: (_c, r) =>
      expect((data(r, 'cancelOrders') as { __typename: string }).__typename).toMatch(
        /^(CancelOrdersSuccess|UpstreamRejectedError)$/,
      ),
  },
  cancelAllOrders: {
    access: 'caller',
    mutation: true,
    query: () => `mutation { cancelAllOrders(symbol: "PERP_ETH_USDC") ${member} }`,
    allowed: (_c, r) =>
      expect(data(r, 'cancelAllOrders')).toEqual({ __typename: 'CancelAllOrdersSuccess' }),
  },
  editOrder: {
    access: 'caller',
    mutation: true,
    query: () =>
      `mutation { editOrder(input: {orderId: 999999999, symbol: "PERP_BTC_USDC", side: BUY,
         orderType: LIMIT, orderPrice: 50000, orderQuantity: 1}) ${member} }`,
    allowed: (_c, r) =>
      expect(data(r, 'editOrder')).toMatchObject({
        __typename: 'UpstreamRejectedError',
        code: 'NOT_FOUND',
      }),
  },
  placeOrders: {
    access: 'caller',
    mutation: true,
    query: () =>
      `mutation { placeOrders(inputs: [{symbol: "PERP_BTC_USDC", orderType: MARKET, side: BUY,
         orderQuantity: 0.001}]) ${member} }`,
    allowed: (_c, r) =>
      expect(data(r, 'placeOrders')).toEqual({ __typename: 'PlaceOrdersSuccess' }),
  },
  setDefaultMarginMode: {
    access: 'caller',
    mutation: true,
    query: () =>
      `mutation { setDefaultMarginMode(input: {symbol: "PERP_ETH_USDC", defaultMarginMode: ISOLATED}) ${member} }`,
    allowed: (_c, r) =>
      expect(data(r, 'setDefaultMarginMode')).toEqual({
        __typename: 'SetDefaultMarginModeSuccess',
      }),
  },
  requestInternalTransfer: {
    access: 'caller',
    mutation: true,
    query: () =>
      `mutation { requestInternalTransfer(input: {signature: "0x${'ab'.repeat(65)}",
         userAddress: "0x${'1'.repeat(40)}", verifyingContract: "0x${'2'.repeat(40)}",
         message: {receiver: "${s.accountOf('otherTrader')}", token: "USDC", amount: 1,
         transferNonce: "${Date.now()}", chainId: "1", chainType: "EVM"}}) ${member} }`,
    // The sandbox refuses a userAddress that is not the account's: still the caller's own call.
    allowed: (_c, r) =>
      expect((data(r, 'requestInternalTransfer') as { __typename: string }).__typename).toMatch(
        /^(RequestInternalTransferSuccess|UpstreamRejectedError|InputError)$/,
      ),
  },
  settleNonce: {
    access: 'caller',
    query: () => '{ settleNonce }',
    allowed: (_c, r) => expect(data(r, 'settleNonce')).not.toBeNull(),
  },
  // A message no wallet of the caller signed: refused by the gateway (accountWallet), no call.
  requestWithdrawal: {
    access: 'caller',
    mutation: true,
    query: () =>
      `mutation { requestWithdrawal(input: {signature: "0x${'ab'.repeat(65)}",
         userAddress: "0x${'1'.repeat(40)}", verifyingContract: "${LEDGER_ADDRESSES.testnet}",
         message: {brokerId: "demo", chainId: 421614, receiver: "0x${'1'.repeat(40)}", token: "USDC",
         amount: "1000000", withdrawNonce: 1, timestamp: 1700000000000}}) ${inputMember} }`,
    allowed: (_c, r) => {
      expect(data(r, 'requestWithdrawal')).toMatchObject({
        __typename: 'InputError',
        code: 'BAD_USER_INPUT',
        rule: 'accountWallet',
      });
      expect(s.sandbox.requestCount({ path: '/v1/withdraw_request' })).toBe(0);
    },
  },
  settlePnl: {
    access: 'caller',
    mutation: true,
    query: () =>
      `mutation { settlePnl(input: {signature: "0x${'ab'.repeat(65)}",
         userAddress: "0x${'1'.repeat(40)}", verifyingContract: "${LEDGER_ADDRESSES.testnet}",
         message: {brokerId: "demo", chainId: 421614, settleNonce: 1, timestamp: 1700000000000}}) ${inputMember} }`,
    allowed: (_c, r) => {
      expect(data(r, 'settlePnl')).toMatchObject({
        __typename: 'InputError',
        code: 'BAD_USER_INPUT',
        rule: 'accountWallet',
      });
      expect(s.sandbox.requestCount({ path: '/v1/settle_pnl' })).toBe(0);
    },
  },
  setDefaultFeeRates: {
    access: 'brokerAdmin',
    mutation: true,
    query: () =>
      `mutation { setDefaultFeeRates(input: {makerFeeRate: 0.0002, takerFeeRate: 0.0005}) ${member} }`,
    allowed: (_c, r) =>
      expect(data(r, 'setDefaultFeeRates')).toEqual({ __typename: 'SetDefaultFeeRatesSuccess' }),
  },
  updateOrderTagFeeConfig: {
    access: 'brokerAdmin',
    mutation: true,
    query: () =>
      `mutation { updateOrderTagFeeConfig(enumId: "AUTHZ", input: {name: "Authz"}) ${member} }`,
    allowed: (_c, r) =>
      expect(data(r, 'updateOrderTagFeeConfig')).toEqual({
        __typename: 'UpdateOrderTagFeeConfigSuccess',
      }),
  },
  upsertPointsStage: {
    access: 'brokerAdmin',
    mutation: true,
    query: () =>
      `mutation { upsertPointsStage(input: {stageName: "Authz", startDate: "2040-01-01", endDate: "2040-01-31"}) ${member} }`,
    allowed: (_c, r) =>
      expect(data(r, 'upsertPointsStage')).toEqual({ __typename: 'UpsertPointsStageSuccess' }),
  },
  createReferralCode: {
    access: 'brokerAdmin',
    mutation: true,
    query: () =>
      `mutation { createReferralCode(input: {accountId: "${s.accountOf('trader')}", referralCode: "AUTHZ1",
         maxRebateRate: 0.2, referrerRebateRate: 0.1, refereeRebateRate: 0.1}) ${member} }`,
    allowed: (_c, r) =>
      expect(data(r, 'createReferralCode')).toEqual({ __typename: 'CreateReferralCodeSuccess' }),
  },
  setAffiliateRebateRate: {
    access: 'brokerAdmin',
    mutation: true,
    query: () =>
      `mutation { setAffiliateRebateRate(input: {rebateRate: 0.05, accountIds: ["${s.accountOf('trader')}"]}) ${member} }`,
    allowed: (_c, r) =>
      expect(data(r, 'setAffiliateRebateRate')).toEqual({
        __typename: 'SetAffiliateRebateRateSuccess',
      }),
  },
};

function expectRefused(name: string, field: Field, caller: CallerName, reply: Reply): void {
  if (caller === 'anonymous') {
    expect(reply.body?.errors?.map((e) => e.extensions?.code)).toEqual(['UNAUTHENTICATED']);
    expect(data(reply, name)).toBeNull();
  } else if (field.mutation) {
    expect(reply.body?.errors).toBeUndefined();
    expect(data(reply, name)).toEqual({
      __typename: 'ForbiddenError',
      code: 'FORBIDDEN',
      message: `Mutation.${name} requires the broker_admin role`,
    });
  } else {
    expect(reply.body?.errors?.map((e) => e.extensions?.code)).toEqual(['FORBIDDEN']);
    expect(data(reply, name)).toBeNull();
  }
  expect(s.upstreamCalls()).toBe(0);
}

function allows(access: Access, caller: CallerName): boolean {
  if (access === 'public') return true;
  if (access === 'caller') return caller !== 'anonymous';
  return caller === 'admin';
}

describe.each(Object.entries(FIELDS))('%s', (name, field) => {
  it.each(CALLERS.map((c) => [c]))('as %s', async (caller) => {
    const reply = await s.gql(caller, field.query());
    expect(reply.status).toBe(200);
    if (!allows(field.access, caller)) {
      expectRefused(name, field, caller, reply);
      return;
    }
    const codes = allCodes(reply.body);
    expect(codes).not.toContain('UNAUTHENTICATED');
    expect(codes).not.toContain('FORBIDDEN');
    field.allowed?.(caller, reply);
    // Upstream calls (if not served from the caller's cache) only as the caller's own account,
    // and none signed for public fields; unsigned public market reads (an order's symbol rules
    // and mark: docs/market-data.md) carry no account at all.
    const own = field.access === 'public' ? undefined : s.accountOf(caller);
    const publicRead = (e: { accountId?: string; path: string }) =>
      e.accountId === undefined && e.path.startsWith('/v1/public/');
    expect(s.sandbox.requestLog.filter((e) => e.accountId !== own && !publicRead(e))).toEqual([]);
  });
});

describe('tokens', () => {
  it.each([
    ['an unknown token', { authorization: 'Bearer svcgw_not-a-known-token' }],
    ['a malformed header', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a token in another scheme', { authorization: `Token ${'x'.repeat(20)}` }],
  ])('%s → 401 UNAUTHENTICATED, no upstream call', async (_what, headers) => {
    const reply = await s.send('anonymous', { query: '{ account { id } }' }, headers);
    expect(reply.status).toBe(401);
    expect(allCodes(reply.body)).toEqual(['UNAUTHENTICATED']);
    expect(s.upstreamCalls()).toBe(0);
  });
});

it('leaks no secret, token or key in any log line, response, error or metric of this file', async () => {
  expect(await s.leaks()).toEqual([]);
});
