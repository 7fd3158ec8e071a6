/** Every query and mutation succeeds for the role it is meant for, against the real stack. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../helpers/graphql-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const PLACE = `mutation Place($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on PlaceOrderSuccess {
      receipt { orderId clientOrderId orderType orderPrice orderQuantity errorMessage }
      order { clientOrderId symbol base quote side status isFinal marginMode orderTag filledFraction }
    }
    ... on Error { code message }
  }
}`;

type Row = Record<string, unknown>;
const data = (r: { data?: unknown; errors?: unknown }) => {
  expect(r.errors).toBeUndefined();
  return r.data as Record<string, Row>;
};

describe('public and trader queries', () => {
  it('strategyVaultNonce: anonymous, a fresh BigInt each time', async () => {
    const a = data(await h.exec('anonymous', '{ strategyVaultNonce }')).strategyVaultNonce;
    const b = data(await h.exec('anonymous', '{ strategyVaultNonce }')).strategyVaultNonce;
    expect(typeof a).toBe('number');
    expect(b).not.toBe(a);
  });

  it('account: id, maxLeverage, fee rates per market kind and per-symbol lists', async () => {
    const { account } = data(
      await h.exec(
        'trader',
        '{ account { id email accountMode maxLeverage maintenanceCancelOrders feeRates { kind makerFeeRate takerFeeRate } futures: feeRate(kind: FUTURES) { takerFeeRate } imrFactors { symbol value } maxNotionals { symbol value } } }',
      ),
    );
    expect(account).toMatchObject({
      id: h.principals.trader.credentials.accountId,
      accountMode: 'FUTURES',
      maxLeverage: 20,
    });
    expect((account!.feeRates as Row[]).map((r) => r.kind)).toEqual(['STANDARD', 'FUTURES', 'RWA']);
    const symbols = (account!.imrFactors as Row[]).map((r) => r.symbol);
    expect(symbols).toContain('PERP_BTC_USDC');
    expect(symbols).toEqual([...symbols].sort());
  });

  it('withdrawNonce: single-use, so never cached or deduplicated', async () => {
    const r = data(await h.exec('trader', '{ a: withdrawNonce b: withdrawNonce }'));
    expect(typeof r.a).toBe('number');
    expect(r.b).not.toBe(r.a);
  });

  it('refereeRebateSummary: a date range of daily rebates', async () => {
    const r = data(
      await h.exec(
        'trader',
        '{ refereeRebateSummary(startDate: "2024-01-01", endDate: "2024-12-31") { days { date refereeRebate } totalRefereeRebate } }',
      ),
    );
    expect(r.refereeRebateSummary).toEqual({ days: [], totalRefereeRebate: 0 });
  });
});

describe('trading', () => {
  it('placeOrder → PlaceOrderSuccess; order and orders read it back with derived fields', async () => {
    const placed = data(
      await h.exec('trader', PLACE, {
        input: {
          symbol: 'PERP_ETH_USDC',
          orderType: 'LIMIT',
          side: 'BUY',
          orderPrice: 2000,
          orderQuantity: 0.5,
          clientOrderId: 'ops-limit-1',
        },
      }),
    ).placeOrder!;
    expect(placed).toMatchObject({
      __typename: 'PlaceOrderSuccess',
      receipt: { clientOrderId: 'ops-limit-1', orderType: 'LIMIT', orderPrice: 2000 },
      order: { symbol: 'PERP_ETH_USDC', base: 'ETH', quote: 'USDC', status: 'NEW', isFinal: false },
    });
    const read = data(
      await h.exec(
        'trader',
        '{ order(clientOrderId: "ops-limit-1") { orderId side status filledFraction createdTime } orders(clientOrderIds: ["ops-limit-1"]) { clientOrderId } }',
      ),
    );
    expect(read.order).toMatchObject({ side: 'BUY', status: 'NEW', filledFraction: 0 });
    expect(read.order!.orderId).toBe((placed.receipt as Row).orderId);
    expect(typeof read.order!.createdTime).toBe('number');
    expect(read.orders).toEqual([{ clientOrderId: 'ops-limit-1' }]);
  });

  it('a MARKET order without clientOrderId gets one and fills', async () => {
    const placed = data(
      await h.exec('trader', PLACE, {
        input: { symbol: 'PERP_SOL_USDC', orderType: 'MARKET', side: 'BUY', orderQuantity: 1 },
      }),
    ).placeOrder!;
    expect(placed.__typename).toBe('PlaceOrderSuccess');
    expect((placed.receipt as Row).clientOrderId).toEqual(expect.any(String));
    expect(placed.order).toMatchObject({ status: 'FILLED', isFinal: true, filledFraction: 1 });
  });

  it('setDefaultMarginMode applies to orders placed later without marginMode', async () => {
    const r = data(
      await h.exec(
        'trader',
        'mutation { setDefaultMarginMode(input: {symbol: "PERP_NEAR_USDC", defaultMarginMode: ISOLATED}) { __typename ... on SetDefaultMarginModeSuccess { symbol defaultMarginMode } } }',
      ),
    );
    expect(r.setDefaultMarginMode).toEqual({
      __typename: 'SetDefaultMarginModeSuccess',
      symbol: 'PERP_NEAR_USDC',
      defaultMarginMode: 'ISOLATED',
    });
    const placed = data(
      await h.exec('trader', PLACE, {
        input: {
          symbol: 'PERP_NEAR_USDC',
          orderType: 'LIMIT',
          side: 'BUY',
          orderPrice: 4,
          orderQuantity: 100,
        },
      }),
    ).placeOrder!;
    expect((placed.order as Row).marginMode).toBe('ISOLATED');
  });

  it('requestInternalTransfer → an internal transfer request id', async () => {
    const address = `0x${'ab'.repeat(20)}`;
    const trader = h.sandbox.demo!.trader;
    h.sandbox.registerAccount({
      accountId: trader.accountId,
      key: trader.key,
      role: 'trader',
      userAddress: address,
    });
    const r = data(
      await h.exec(
        'trader',
        `mutation Transfer($input: RequestInternalTransferInput!) {
          requestInternalTransfer(input: $input) {
            __typename
            ... on RequestInternalTransferSuccess { internalTransferRequestId }
            ... on Error { code message }
          }
        }`,
        {
          input: {
            signature: `0x${'1'.repeat(130)}`,
            userAddress: address,
            verifyingContract: `0x${'2'.repeat(40)}`,
            message: {
              receiver: h.sandbox.demo!.admin.accountId,
              token: 'USDC',
              amount: 25,
              transferNonce: '1',
              chainId: '421614',
              chainType: 'EVM',
            },
          },
        },
      ),
    );
    expect(r.requestInternalTransfer).toEqual({
      __typename: 'RequestInternalTransferSuccess',
      internalTransferRequestId: expect.any(Number),
    });
  });
});

describe('broker admin', () => {
  it('setDefaultFeeRates changes the rates accounts report', async () => {
    const r = data(
      await h.exec(
        'admin',
        'mutation { setDefaultFeeRates(input: {makerFeeRate: 0.00013, takerFeeRate: 0.00041}) { __typename ... on SetDefaultFeeRatesSuccess { makerFeeRate takerFeeRate rwaMakerFeeRate } } }',
      ),
    );
    expect(r.setDefaultFeeRates).toEqual({
      __typename: 'SetDefaultFeeRatesSuccess',
      makerFeeRate: 0.00013,
      takerFeeRate: 0.00041,
      rwaMakerFeeRate: null,
    });
    h.advance(60_000); // past the account-info cache and its 10-per-minute budget
    const { account } = data(
      await h.exec('trader', '{ account { std: feeRate(kind: STANDARD) { makerFeeRate } } }'),
    );
    expect(account!.std).toEqual({ makerFeeRate: 0.00013 });
  });

  it('updateOrderTagFeeConfig creates a tag that orders can carry', async () => {
    const r = data(
      await h.exec(
        'admin',
        'mutation { updateOrderTagFeeConfig(enumId: "GRID_PRO", input: {name: "Grid Pro", defaultFeeRate: 0.004, pairOverrides: [{symbol: "PERP_BTC_USDC", feeRate: 0.0025}]}) { __typename ... on UpdateOrderTagFeeConfigSuccess { enumId orderTag pairOverrides { symbol value } } } }',
      ),
    );
    expect(r.updateOrderTagFeeConfig).toEqual({
      __typename: 'UpdateOrderTagFeeConfigSuccess',
      enumId: 'GRID_PRO',
      orderTag: 'enum:GRID_PRO',
      pairOverrides: [{ symbol: 'PERP_BTC_USDC', value: 0.0025 }],
    });
    const placed = data(
      await h.exec('trader', PLACE, {
        input: {
          symbol: 'PERP_ETH_USDC',
          orderType: 'LIMIT',
          side: 'BUY',
          orderPrice: 2000,
          orderQuantity: 0.1,
          orderTag: 'enum:GRID_PRO',
        },
      }),
    ).placeOrder!;
    expect((placed.order as Row).orderTag).toBe('enum:GRID_PRO');
  });

  it('upsertPointsStage creates a stage', async () => {
    const r = data(
      await h.exec(
        'admin',
        'mutation { upsertPointsStage(input: {stageName: "Stage 1", startDate: "2030-01-01", endDate: "2030-03-31", volumeBoost: 1.5, isContinous: false}) { __typename ... on UpsertPointsStageSuccess { created stageId } } }',
      ),
    );
    expect(r.upsertPointsStage).toEqual({
      __typename: 'UpsertPointsStageSuccess',
      created: true,
      stageId: null,
    });
  });

  it('createReferralCode, referralAdminInfo and setAffiliateRebateRate', async () => {
    const trader = h.principals.trader.credentials.accountId;
    const created = data(
      await h.exec(
        'admin',
        `mutation { createReferralCode(input: {accountId: "${trader}", referralCode: "OPS_REF", maxRebateRate: 0.3, referrerRebateRate: 0.1, refereeRebateRate: 0.2}) { __typename ... on CreateReferralCodeSuccess { referralCode } } }`,
      ),
    );
    expect(created.createReferralCode).toEqual({
      __typename: 'CreateReferralCodeSuccess',
      referralCode: 'OPS_REF',
    });
    const page = data(
      await h.exec(
        'admin',
        `{ referralAdminInfo(accountId: "${trader}", page: 1, size: 10, sortBy: TOTAL_INVITES) { rows { accountId numberOfCodes referralCodes { code maxRebateRate referrerRebateRate refereeRebateRate } } meta { recordsPerPage currentPage total totalPages hasNextPage } } }`,
      ),
    );
    expect(page.referralAdminInfo).toEqual({
      rows: [
        {
          accountId: trader,
          numberOfCodes: 1,
          referralCodes: [
            {
              code: 'OPS_REF',
              maxRebateRate: 0.3,
              referrerRebateRate: 0.1,
              refereeRebateRate: 0.2,
            },
          ],
        },
      ],
      meta: { recordsPerPage: 10, currentPage: 1, total: 1, totalPages: 1, hasNextPage: false },
    });
    const affiliate = data(
      await h.exec(
        'admin',
        `mutation { setAffiliateRebateRate(input: {rebateRate: 0.25, accountIds: ["${trader}"]}) { __typename ... on SetAffiliateRebateRateSuccess { rebateRate accountIds } } }`,
      ),
    );
    expect(affiliate.setAffiliateRebateRate).toEqual({
      __typename: 'SetAffiliateRebateRateSuccess',
      rebateRate: 0.25,
      accountIds: [trader],
    });
  });
});
