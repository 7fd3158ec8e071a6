/**
 * Every validation rule answers BAD_USER_INPUT with the field path and the rule, and no
 * request reaches the upstream (the sandbox's request log stays empty): a mutation as the
 * InputError member of its result, a query as a GraphQL error. Variables graphql-js cannot
 * coerce (a scalar's or an enum's refusal) are request errors, mutation or not.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type Caller,
  type GraphQLResult,
  type Harness,
  INPUT_ERROR,
  inputError,
  startHarness,
} from '../../helpers/graphql-harness.ts';
import { fencedBlocks, readDoc } from '../../unit/docs/markdown.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.sandbox.resetRequestLog());

const order = {
  symbol: 'PERP_BTC_USDC',
  orderType: 'LIMIT',
  side: 'BUY',
  orderPrice: 60000,
  orderQuantity: 0.01,
};
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ${INPUT_ERROR} } }`;
const FEES = `mutation($input: SetDefaultFeeRatesInput!) { setDefaultFeeRates(input: $input) { ${INPUT_ERROR} } }`;
const TAG = `mutation($id: String!, $input: OrderTagFeeConfigInput!) { updateOrderTagFeeConfig(enumId: $id, input: $input) { ${INPUT_ERROR} } }`;
const STAGE = `mutation($input: UpsertPointsStageInput!) { upsertPointsStage(input: $input) { ${INPUT_ERROR} } }`;
const REFERRAL = `mutation($input: CreateReferralCodeInput!) { createReferralCode(input: $input) { ${INPUT_ERROR} } }`;
const AFFILIATE = `mutation($input: SetAffiliateRebateRateInput!) { setAffiliateRebateRate(input: $input) { ${INPUT_ERROR} } }`;
const ADMIN_INFO =
  'query($page: Int, $size: Int, $u: String, $a: String) { referralAdminInfo(page: $page, size: $size, userAddress: $u, accountId: $a) { meta { total } } }';
const REBATES =
  'query($s: Date, $e: Date) { refereeRebateSummary(startDate: $s, endDate: $e) { totalRefereeRebate } }';
const TRANSFER = `mutation($input: RequestInternalTransferInput!) { requestInternalTransfer(input: $input) { ${INPUT_ERROR} } }`;
const referral = {
  accountId: '0xabc',
  referralCode: 'CODE',
  maxRebateRate: 0.3,
  referrerRebateRate: 0.1,
  refereeRebateRate: 0.1,
};
const transfer = {
  signature: '0xsig',
  userAddress: '0x1',
  verifyingContract: '0x2',
  message: {
    receiver: '0x3',
    token: 'USDC',
    amount: 1,
    transferNonce: '1',
    chainId: '1',
    chainType: 'EVM',
  },
};

type Case = [
  name: string,
  caller: Caller,
  query: string,
  variables: Record<string, unknown>,
  field: string,
  rule: string,
];

const cases: Case[] = [
  [
    'symbol form',
    'trader',
    PLACE,
    { input: { ...order, symbol: 'BTC-USDC' } },
    'input.symbol',
    'symbol',
  ],
  [
    'clientOrderId length',
    'trader',
    PLACE,
    { input: { ...order, clientOrderId: 'x'.repeat(37) } },
    'input.clientOrderId',
    'maxLength',
  ],
  [
    'clientOrderId leading hyphen',
    'trader',
    PLACE,
    { input: { ...order, clientOrderId: '-abc' } },
    'input.clientOrderId',
    'noLeadingHyphen',
  ],
  [
    'clientOrderId charset',
    'trader',
    PLACE,
    { input: { ...order, clientOrderId: 'a b' } },
    'input.clientOrderId',
    'charset',
  ],
  [
    'price required for LIMIT',
    'trader',
    PLACE,
    { input: { ...order, orderPrice: null } },
    'input.orderPrice',
    'requiredForType',
  ],
  [
    'price positive',
    'trader',
    PLACE,
    { input: { ...order, orderPrice: 0 } },
    'input.orderPrice',
    'positive',
  ],
  [
    'quantity positive',
    'trader',
    PLACE,
    { input: { ...order, orderQuantity: -1 } },
    'input.orderQuantity',
    'positive',
  ],
  [
    'quantity required',
    'trader',
    PLACE,
    { input: { ...order, orderQuantity: null } },
    'input.orderQuantity',
    'requiredForType',
  ],
  [
    'amount only for MARKET/BID/ASK',
    'trader',
    PLACE,
    { input: { ...order, orderQuantity: null, orderAmount: 5 } },
    'input.orderAmount',
    'onlyForMarketBidAsk',
  ],
  [
    'orderTag length',
    'trader',
    PLACE,
    { input: { ...order, orderTag: 'T'.repeat(37) } },
    'input.orderTag',
    'maxLength',
  ],
  [
    'level range',
    'trader',
    PLACE,
    { input: { ...order, orderType: 'BID', orderPrice: null, level: 5 } },
    'input.level',
    'range',
  ],
  [
    'level only BID/ASK',
    'trader',
    PLACE,
    { input: { ...order, level: 1 } },
    'input.level',
    'onlyForBidAsk',
  ],
  [
    'visibleQuantity not POST_ONLY',
    'trader',
    PLACE,
    { input: { ...order, orderType: 'POST_ONLY', visibleQuantity: 0 } },
    'input.visibleQuantity',
    'notForPostOnly',
  ],
  [
    'postOnlyAdjust only POST_ONLY',
    'trader',
    PLACE,
    { input: { ...order, postOnlyAdjust: true } },
    'input.postOnlyAdjust',
    'onlyForPostOnly',
  ],
  [
    'margin mode symbol',
    'trader',
    `mutation { setDefaultMarginMode(input: {symbol: "PERP_btc_usdc", defaultMarginMode: CROSS}) { ${INPUT_ERROR} } }`,
    {},
    'input.symbol',
    'symbol',
  ],
  [
    'transfer amount positive',
    'trader',
    TRANSFER,
    { input: { ...transfer, message: { ...transfer.message, amount: 0 } } },
    'input.message.amount',
    'positive',
  ],
  [
    'fee rate step',
    'admin',
    FEES,
    { input: { makerFeeRate: 0.000015, takerFeeRate: 0.0003 } },
    'input.makerFeeRate',
    'feeRateStep',
  ],
  [
    'fee rate not negative',
    'admin',
    FEES,
    { input: { makerFeeRate: 0.0001, takerFeeRate: -0.0001 } },
    'input.takerFeeRate',
    'rateRange',
  ],
  ['enum id form', 'admin', TAG, { id: 'grid', input: { name: 'x' } }, 'enumId', 'enumId'],
  [
    'pair override fee step',
    'admin',
    TAG,
    { id: 'GRID', input: { pairOverrides: [{ symbol: 'PERP_BTC_USDC', feeRate: 0.0000001 }] } },
    'input.pairOverrides.0.feeRate',
    'feeRateStep',
  ],
  [
    'stage end before start',
    'admin',
    STAGE,
    { input: { stageName: 'S', startDate: '2024-02-01', endDate: '2024-01-01' } },
    'input.endDate',
    'dateOrder',
  ],
  [
    'stage name required on create',
    'admin',
    STAGE,
    { input: { startDate: '2024-02-01' } },
    'input.stageName',
    'requiredOnCreate',
  ],
  [
    'max rebate rate ≤ 1',
    'admin',
    REFERRAL,
    { input: { ...referral, maxRebateRate: 1.5 } },
    'input.maxRebateRate',
    'rateRange',
  ],
  [
    'shares within max',
    'admin',
    REFERRAL,
    { input: { ...referral, refereeRebateRate: 0.25 } },
    'input.referrerRebateRate',
    'sharesWithinMax',
  ],
  [
    'affiliate list bound',
    'admin',
    AFFILIATE,
    { input: { rebateRate: 0.1, accountIds: Array(101).fill('0x1') } },
    'input.accountIds',
    'maxItems',
  ],
  [
    'affiliate rate ≤ 1',
    'admin',
    AFFILIATE,
    { input: { rebateRate: 2, accountIds: ['0x1'] } },
    'input.rebateRate',
    'rateRange',
  ],
  [
    'only one of userAddress/accountId',
    'admin',
    ADMIN_INFO,
    { u: '0x1', a: '0x2' },
    'accountId',
    'oneOf',
  ],
  ['page ≥ 1', 'admin', ADMIN_INFO, { page: 0 }, 'page', 'range'],
  ['size ≤ 100', 'admin', ADMIN_INFO, { size: 101 }, 'size', 'range'],
  [
    'startDate ≤ endDate',
    'trader',
    REBATES,
    { s: '2024-03-02', e: '2024-03-01' },
    'endDate',
    'dateOrder',
  ],
  [
    'orders list bound',
    'trader',
    'query($ids: [String!]!) { orders(clientOrderIds: $ids) { status } }',
    { ids: Array.from({ length: 51 }, (_, i) => `id${i}`) },
    'clientOrderIds',
    'maxItems',
  ],
  [
    'order id form',
    'trader',
    '{ order(clientOrderId: "-x") { status } }',
    {},
    'clientOrderId',
    'noLeadingHyphen',
  ],
];

interface Issue {
  field: string;
  rule: string;
}

/** A mutation's InputError member, or a query's BAD_USER_INPUT error, as one shape. */
function failureOf(query: string, result: GraphQLResult<unknown>): Record<string, unknown> {
  if (!query.startsWith('mutation')) {
    const error = result.errors?.[0];
    return { ...error?.extensions, message: error?.message };
  }
  expect(result.errors).toBeUndefined();
  return { ...inputError(result) };
}

describe('zod rules → BAD_USER_INPUT {field, rule, issues}, no upstream call', () => {
  it.each(cases)('%s', async (_name, caller, query, variables, field, rule) => {
    const result = await h.exec(caller, query, variables);
    const failure = failureOf(query, result);
    expect(failure?.code).toBe('BAD_USER_INPUT');
    const issues = failure?.issues as Issue[];
    expect(issues).toContainEqual(expect.objectContaining({ field, rule }));
    expect(String(failure.message)).toContain(field);
    expect(h.upstreamCalls()).toBe(0);
  });
});

describe('per-field rules of an input object (RequestInternalTransferInput)', () => {
  it('reports every broken field rule, nested ones too, in field order', async () => {
    const input = {
      ...transfer,
      signature: '',
      message: { ...transfer.message, amount: 0, transferNonce: 'x' },
    };
    const member = inputError(await h.exec('trader', TRANSFER, { input }));
    expect(member).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.signature' });
    const issues = member?.issues ?? [];
    expect(issues.map(({ field, rule }) => ({ field, rule }))).toEqual([
      { field: 'input.signature', rule: 'nonEmpty' },
      { field: 'input.message.amount', rule: 'positive' },
      { field: 'input.message.transferNonce', rule: 'digits' },
    ]);
    expect(h.upstreamCalls()).toBe(0);
  });
});

describe('scalar and enum rules → a request error BAD_USER_INPUT {rule}, no upstream call', () => {
  const coded = (result: GraphQLResult<unknown>) => result.errors?.[0]?.extensions;

  it('a date that is not a calendar date (variable and literal)', async () => {
    const viaVariable = await h.exec('trader', REBATES, { s: '2023-02-29' });
    expect(coded(viaVariable)).toEqual({ code: 'BAD_USER_INPUT', rule: 'calendarDate' });
    const nested = await h.exec('admin', STAGE, {
      input: { stageName: 'S', startDate: '2024-13-01' },
    });
    expect(coded(nested)).toMatchObject({ code: 'BAD_USER_INPUT', rule: 'calendarDate' });
    expect(nested.errors?.[0]?.message).toContain('input.startDate');
    const literal = await h.exec(
      'trader',
      '{ refereeRebateSummary(startDate: "2024-1-1") { totalRefereeRebate } }',
    );
    expect(coded(literal)).toMatchObject({ code: 'BAD_USER_INPUT', rule: 'calendarDate' });
    expect(h.upstreamCalls()).toBe(0);
  });

  it('an unknown enum value (order type, side, margin mode, sort)', async () => {
    const bad = await h.exec('trader', PLACE, { input: { ...order, orderType: 'STOP' } });
    expect(coded(bad)).toMatchObject({ code: 'BAD_USER_INPUT', rule: 'enum' });
    expect(bad.errors?.[0]?.message).toContain('input.orderType');
    const literal = await h.exec(
      'admin',
      '{ referralAdminInfo(sortBy: VOLUME) { meta { total } } }',
    );
    expect(coded(literal)).toMatchObject({ code: 'BAD_USER_INPUT', rule: 'enum' });
    expect(h.upstreamCalls()).toBe(0);
  });

  it('a BigInt stage id beyond 2^53', async () => {
    const r = await h.exec('admin', STAGE, { input: { stageId: '9007199254740993' } });
    expect(coded(r)).toMatchObject({ code: 'BAD_USER_INPUT', rule: 'safeInteger' });
    expect(h.upstreamCalls()).toBe(0);
  });
});

describe('valid input passes validation', () => {
  it('the same order with its mistakes fixed reaches the upstream', async () => {
    const r = await h.exec('trader', PLACE, { input: { ...order, orderPrice: 60000.1 } });
    expect(r.errors).toBeUndefined();
    expect(h.upstreamCalls({ method: 'POST', path: '/v1/order' })).toBe(1);
  });
});

describe('docs/api.md, Input failures', () => {
  it('the example answers the InputError the page prints, word for word, sending nothing', async () => {
    const section = readDoc('docs/api.md').split('### Input failures')[1]!.split('\n### ')[0]!;
    const [block] = fencedBlocks(section, 'graphql');
    const printed = block!
      .split('\n')
      .filter((line) => line.startsWith('# '))
      .map((line) => line.slice(2))
      .join('');
    const result = await h.exec('trader', block!);
    expect(result).toEqual(JSON.parse(printed));
    expect(h.upstreamCalls()).toBe(0);
  });
});
