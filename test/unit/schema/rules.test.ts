/**
 * The gateway's input rules: each field's zod rule as the translator builds it from its
 * contract rule (schema/field-rules.ts), and whole inputs through the real schema, where
 * Pothos checks every field and then the input type's cross-field rules.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { decimalPlaces } from '../../../src/contract/decimal.ts';
import {
  CLIENT_ORDER_ID,
  ENUM_ID,
  FEE_RATE,
  LEVEL,
  list,
  NON_NEGATIVE,
  ORDER_TAG,
  PAGE,
  POSITIVE,
  SYMBOL,
  TEXT,
} from '../../../src/contract/fields.ts';
import {
  AFFILIATE_REBATE_RATE_BODY,
  REFERRAL_ADMIN_QUERY,
} from '../../../src/contract/fields-admin.ts';
import { sumAbove } from '../../../src/schema/admin-input-rules.ts';
import { zodRule } from '../../../src/schema/field-rules.ts';
import { isoDate, MAX_CLIENT_ORDER_IDS } from '../../../src/schema/rules.ts';
import { ruleOf } from '../../../src/schema/validation.ts';
import { INPUT_ERROR, inputIssues, inputMessages } from './input-issues.ts';

/** The `{path, rule}` of every issue, or [] when the value passes. */
function issues(schema: z.ZodType, value: unknown): { path: string; rule: string }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join('.'), rule: ruleOf(i) }));
}
const rules = (schema: z.ZodType, value: unknown) => issues(schema, value).map((i) => i.rule);

const r = {
  symbol: zodRule(SYMBOL),
  clientOrderId: zodRule(CLIENT_ORDER_ID),
  orderTag: zodRule(ORDER_TAG),
  enumId: zodRule(ENUM_ID),
  positive: zodRule(POSITIVE),
  nonNegative: zodRule(NON_NEGATIVE),
  level: zodRule(LEVEL),
  feeRate: zodRule(FEE_RATE),
  isoDate,
  page: zodRule(PAGE),
  pageSize: zodRule(REFERRAL_ADMIN_QUERY.size),
  MAX_PAGE_SIZE: REFERRAL_ADMIN_QUERY.size.max,
  clientOrderIds: zodRule(
    list({ of: CLIENT_ORDER_ID, minItems: 1, maxItems: MAX_CLIENT_ORDER_IDS }),
  ),
  accountIds: zodRule(AFFILIATE_REBATE_RATE_BODY.account_ids),
  text: zodRule(TEXT),
  decimalPlaces,
};

describe('field rules', () => {
  it('symbol: PERP_<BASE>_<QUOTE> with upper-case letters and digits', () => {
    expect(rules(r.symbol, 'PERP_BTC_USDC')).toEqual([]);
    expect(rules(r.symbol, 'PERP_1000PEPE_USDC')).toEqual([]);
    for (const bad of ['perp_btc_usdc', 'PERP_BTC', 'SPOT_BTC_USDC', 'PERP_BTC_USDC_X', '']) {
      expect(rules(r.symbol, bad)).toEqual(['symbol']);
    }
  });

  it('clientOrderId: 1..36 of letters, digits, - and _, hyphen not first', () => {
    expect(rules(r.clientOrderId, 'a-b_C9')).toEqual([]);
    expect(rules(r.clientOrderId, 'x'.repeat(36))).toEqual([]);
    expect(rules(r.clientOrderId, 'x'.repeat(37))).toEqual(['maxLength']);
    expect(rules(r.clientOrderId, '-abc')).toEqual(['noLeadingHyphen']);
    expect(rules(r.clientOrderId, 'a b')).toEqual(['charset']);
    expect(rules(r.clientOrderId, 'a.b')).toEqual(['charset']);
    expect(rules(r.clientOrderId, '')).toContain('nonEmpty');
  });

  it('orderTag: at most 36; an enum tag needs a valid ENUM_ID', () => {
    expect(rules(r.orderTag, 'REFCODE')).toEqual([]);
    expect(rules(r.orderTag, 'enum:GRID_PRO')).toEqual([]);
    expect(rules(r.orderTag, 'enum:grid')).toEqual(['orderTag']);
    expect(rules(r.orderTag, 'x'.repeat(37))).toEqual(['maxLength']);
  });

  it('enumId: ^[A-Z0-9_]+$ and short enough for enum:<ENUM_ID> in 36 characters', () => {
    expect(rules(r.enumId, 'GRID_2')).toEqual([]);
    expect(rules(r.enumId, 'grid')).toEqual(['enumId']);
    expect(rules(r.enumId, 'A-B')).toEqual(['enumId']);
    expect(rules(r.enumId, 'A'.repeat(31))).toEqual([]);
    expect(rules(r.enumId, 'A'.repeat(32))).toEqual(['length']);
  });

  it('positive and nonNegative numbers', () => {
    expect(rules(r.positive, 0.0001)).toEqual([]);
    expect(rules(r.positive, 0)).toEqual(['positive']);
    expect(rules(r.positive, -1)).toEqual(['positive']);
    expect(rules(r.nonNegative, 0)).toEqual([]);
    expect(rules(r.nonNegative, -0.1)).toEqual(['nonNegative']);
  });

  it('level: integer 0..4', () => {
    expect(rules(r.level, 0)).toEqual([]);
    expect(rules(r.level, 4)).toEqual([]);
    expect(rules(r.level, 5)).toEqual(['range']);
    expect(rules(r.level, 1.5)).toEqual(['integer']);
  });

  it('decimalPlaces reads the shortest decimal text, exponent forms included', () => {
    expect(r.decimalPlaces(0.0001)).toBe(4);
    expect(r.decimalPlaces(0.00003)).toBe(5);
    expect(r.decimalPlaces(1e-7)).toBe(7);
    expect(r.decimalPlaces(1.5e-8)).toBe(9);
    expect(r.decimalPlaces(12)).toBe(0);
    expect(r.decimalPlaces(1e21)).toBe(0);
    expect(r.decimalPlaces(0.1 + 0.2)).toBe(17);
  });

  it('feeRate: 0..1 and an exact multiple of 0.00001 (no float modulo surprises)', () => {
    for (const ok of [0, 0.00001, 0.00003, 0.0001, 0.00015, 0.0025, 1]) {
      expect(rules(r.feeRate, ok), String(ok)).toEqual([]);
    }
    // 0.00003 % 0.00001 is not 0 in floating point; the decimal check accepts it above.
    expect(0.00003 % 0.00001).not.toBe(0);
    expect(rules(r.feeRate, 0.000015)).toEqual(['feeRateStep']);
    expect(rules(r.feeRate, 1e-7)).toEqual(['feeRateStep']);
    expect(rules(r.feeRate, 0.1 + 0.2)).toEqual(['feeRateStep']);
    expect(rules(r.feeRate, -0.00001)).toEqual(['rateRange']);
    expect(rules(r.feeRate, 1.00001)).toEqual(['rateRange']);
  });

  it('isoDate: YYYY-MM-DD and a real calendar date', () => {
    expect(rules(r.isoDate, '2024-02-29')).toEqual([]);
    expect(rules(r.isoDate, '2023-02-29')).toEqual(['calendarDate']);
    expect(rules(r.isoDate, '2024-13-01')).toEqual(['calendarDate']);
    expect(rules(r.isoDate, '2024-04-31')).toEqual(['calendarDate']);
    expect(rules(r.isoDate, '2024-1-01')).toEqual(['dateFormat']);
    expect(rules(r.isoDate, '20240101')).toEqual(['dateFormat']);
  });

  it('page, size and bounded lists', () => {
    expect(rules(r.page, 1)).toEqual([]);
    expect(rules(r.page, 0)).toEqual(['range']);
    expect(rules(r.pageSize, r.MAX_PAGE_SIZE)).toEqual([]);
    expect(rules(r.pageSize, r.MAX_PAGE_SIZE + 1)).toEqual(['range']);
    expect(rules(r.clientOrderIds, Array(50).fill('a'))).toEqual([]);
    expect(rules(r.clientOrderIds, Array(51).fill('a'))).toEqual(['maxItems']);
    expect(rules(r.clientOrderIds, [])).toEqual(['minItems']);
    expect(issues(r.clientOrderIds, ['ok', '-bad'])).toEqual([
      { path: '1', rule: 'noLeadingHyphen' },
    ]);
    expect(rules(r.accountIds, Array(100).fill('0x1'))).toEqual([]);
    expect(rules(r.accountIds, Array(101).fill('0x1'))).toEqual(['maxItems']);
  });
});

const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ${INPUT_ERROR} } }`;
const placeIssues = (input: Record<string, unknown>) => inputIssues(PLACE, { input }, 'input.');
describe('PlaceOrderInput', () => {
  const limit = {
    symbol: 'PERP_BTC_USDC',
    orderType: 'LIMIT',
    side: 'BUY',
    orderPrice: 60000,
    orderQuantity: 0.01,
  };

  it('accepts a LIMIT order and priceless MARKET/BID/ASK orders', async () => {
    expect(await placeIssues(limit)).toEqual([]);
    expect(await placeIssues({ ...limit, orderType: 'MARKET', orderPrice: null })).toEqual([]);
    expect(
      await placeIssues({
        ...limit,
        orderType: 'BID',
        orderPrice: undefined,
        orderQuantity: undefined,
        orderAmount: 100,
        level: 2,
      }),
    ).toEqual([]);
  });

  it('order price is required unless MARKET, ASK or BID', async () => {
    for (const orderType of ['LIMIT', 'IOC', 'FOK', 'POST_ONLY']) {
      expect(await placeIssues({ ...limit, orderType, orderPrice: null })).toEqual([
        { path: 'orderPrice', rule: 'requiredForType' },
      ]);
    }
  });

  it('quantity or amount: one is required, amount only for MARKET/ASK/BID, not both', async () => {
    expect(await placeIssues({ ...limit, orderQuantity: undefined })).toEqual([
      { path: 'orderQuantity', rule: 'requiredForType' },
    ]);
    expect(await placeIssues({ ...limit, orderQuantity: undefined, orderAmount: 10 })).toEqual([
      { path: 'orderQuantity', rule: 'requiredForType' },
      { path: 'orderAmount', rule: 'onlyForMarketBidAsk' },
    ]);
    expect(await placeIssues({ ...limit, orderType: 'MARKET', orderAmount: 10 })).toEqual([
      { path: 'orderAmount', rule: 'quantityOrAmount' },
    ]);
  });

  it('level only with BID/ASK; visibleQuantity not on POST_ONLY; postOnlyAdjust only on POST_ONLY', async () => {
    expect(await placeIssues({ ...limit, level: 1 })).toEqual([
      { path: 'level', rule: 'onlyForBidAsk' },
    ]);
    expect(await placeIssues({ ...limit, orderType: 'BID', level: 7 })).toEqual([
      { path: 'level', rule: 'range' },
    ]);
    expect(await placeIssues({ ...limit, orderType: 'POST_ONLY', visibleQuantity: 0 })).toEqual([
      { path: 'visibleQuantity', rule: 'notForPostOnly' },
    ]);
    expect(await placeIssues({ ...limit, visibleQuantity: 1 })).toEqual([
      { path: 'visibleQuantity', rule: 'notAboveQuantity' },
    ]);
    expect(await placeIssues({ ...limit, postOnlyAdjust: true })).toEqual([
      { path: 'postOnlyAdjust', rule: 'onlyForPostOnly' },
    ]);
    expect(await placeIssues({ ...limit, orderType: 'POST_ONLY', postOnlyAdjust: true })).toEqual(
      [],
    );
  });

  it('reports every broken field rule at once, with its path', async () => {
    const bad = {
      ...limit,
      symbol: 'btc',
      clientOrderId: '-x',
      orderPrice: -1,
      orderQuantity: 0,
      orderTag: 'x'.repeat(40),
      slippage: 2,
    };
    expect(await placeIssues(bad)).toEqual([
      { path: 'symbol', rule: 'symbol' },
      { path: 'clientOrderId', rule: 'noLeadingHyphen' },
      { path: 'orderPrice', rule: 'positive' },
      { path: 'orderQuantity', rule: 'positive' },
      { path: 'slippage', rule: 'max' },
      { path: 'orderTag', rule: 'maxLength' },
    ]);
  });
});

const BATCH = `mutation($inputs: [PlaceOrderInput!]!) { placeOrders(inputs: $inputs) { ${INPUT_ERROR} } }`;

describe('placeOrders(inputs:)', () => {
  const order = { symbol: 'PERP_BTC_USDC', orderType: 'LIMIT', side: 'BUY', orderQuantity: 1 };
  const batch = (inputs: Record<string, unknown>[]) => inputIssues(BATCH, { inputs }, 'inputs.');

  it('checks each item by PlaceOrderInput, then the count, then distinct clientOrderIds', async () => {
    const a = { ...order, orderPrice: 10, clientOrderId: 'a' };
    expect(await batch([a, { ...a, clientOrderId: 'b' }])).toEqual([]);
    expect(await batch([])).toEqual([{ path: 'inputs', rule: 'minItems' }]);
    expect(
      await batch(Array.from({ length: 11 }, (_, i) => ({ ...a, clientOrderId: `${i}` }))),
    ).toEqual([{ path: 'inputs', rule: 'maxItems' }]);
    expect(await batch([a, { ...a, orderPrice: 0 }, a, a])).toEqual([
      { path: '1.orderPrice', rule: 'positive' },
      { path: '1.clientOrderId', rule: 'uniqueInBatch' },
      { path: '2.clientOrderId', rule: 'uniqueInBatch' },
      { path: '3.clientOrderId', rule: 'uniqueInBatch' },
    ]);
    const messages = await inputMessages(BATCH, { inputs: [a, { ...a, clientOrderId: 'c' }, a] });
    expect(messages).toEqual(['repeats the clientOrderId of inputs.0']);
  });

  it('words each rule as before: slippage says why its bound is 1', async () => {
    const messages = await inputMessages(PLACE, {
      input: { ...order, orderType: 'MARKET', slippage: 2, orderTag: 'enum:bad' },
    });
    expect(messages).toEqual([
      'must be at most 1 (a fraction of the mid price)',
      'an enum tag must be enum:<ENUM_ID> with ENUM_ID matching ^[A-Z0-9_]+$',
    ]);
  });
});

const FEES = `mutation($input: SetDefaultFeeRatesInput!) { setDefaultFeeRates(input: $input) { ${INPUT_ERROR} } }`;
const TAG = `mutation($input: OrderTagFeeConfigInput!) { updateOrderTagFeeConfig(enumId: "GRID", input: $input) { ${INPUT_ERROR} } }`;
const REFERRAL = `mutation($input: CreateReferralCodeInput!) { createReferralCode(input: $input) { ${INPUT_ERROR} } }`;
const AFFILIATE = `mutation($input: SetAffiliateRebateRateInput!) { setAffiliateRebateRate(input: $input) { ${INPUT_ERROR} } }`;
const STAGE = `mutation($input: UpsertPointsStageInput!) { upsertPointsStage(input: $input) { ${INPUT_ERROR} } }`;
const ADMIN_INFO =
  'query($page: Int, $size: Int, $u: String, $a: String) { referralAdminInfo(page: $page, size: $size, userAddress: $u, accountId: $a) { meta { total } } }';
const input = (document: string) => (value: Record<string, unknown>) =>
  inputIssues(document, { input: value }, 'input.');

describe('other inputs', () => {
  it('default fee rates: required maker/taker, optional RWA, each a fee rate', async () => {
    const fees = input(FEES);
    expect(await fees({ makerFeeRate: 0.0001, takerFeeRate: 0.00035 })).toEqual([]);
    expect(
      await fees({ makerFeeRate: 0.000015, takerFeeRate: 0.0003, rwaMakerFeeRate: -0.00001 }),
    ).toEqual([
      { path: 'makerFeeRate', rule: 'feeRateStep' },
      { path: 'rwaMakerFeeRate', rule: 'rateRange' },
    ]);
  });

  it('order tag fee config: fee rates, symbols and unique pair overrides', async () => {
    const tag = input(TAG);
    expect(await tag({ pairOverrides: [] })).toEqual([]);
    expect(
      await tag({
        defaultFeeRate: 0.0000001,
        pairOverrides: [
          { symbol: 'PERP_BTC_USDC', feeRate: 0.0025 },
          { symbol: 'btc', feeRate: 0.0025 },
        ],
      }),
    ).toEqual([
      { path: 'defaultFeeRate', rule: 'feeRateStep' },
      { path: 'pairOverrides.1.symbol', rule: 'symbol' },
    ]);
    const twice = { symbol: 'PERP_BTC_USDC', feeRate: 0.001 };
    expect(await tag({ pairOverrides: [twice, twice] })).toEqual([
      { path: 'pairOverrides', rule: 'unique' },
    ]);
    expect(await tag({ name: 'x'.repeat(101), description: '' })).toEqual([
      { path: 'name', rule: 'maxLength' },
    ]);
  });

  it('referral code: rates 0..1 and referrer + referee within max (decimal sum)', async () => {
    const referral = input(REFERRAL);
    const ok = {
      accountId: '0xabc',
      referralCode: 'CODE_1',
      maxRebateRate: 0.3,
      referrerRebateRate: 0.1,
      refereeRebateRate: 0.2,
    };
    expect(0.1 + 0.2 > 0.3).toBe(true); // why sumAbove compares exact decimals
    expect(sumAbove(0.1, 0.2, 0.3)).toBe(false);
    // Digits past toFixed(12), which the old rounded sum dropped.
    expect(sumAbove(0.1, 0.2000000000001, 0.3)).toBe(true);
    expect(await referral(ok)).toEqual([]);
    expect(await referral({ ...ok, refereeRebateRate: 0.25 })).toEqual([
      { path: 'referrerRebateRate', rule: 'sharesWithinMax' },
    ]);
    expect(await referral({ ...ok, maxRebateRate: 1.5 })).toEqual([
      { path: 'maxRebateRate', rule: 'rateRange' },
    ]);
    expect(await referral({ ...ok, referralCode: 'a b' })).toEqual([
      { path: 'referralCode', rule: 'referralCode' },
    ]);
  });

  it('affiliate rebate rate: rate 0..1 and 1..100 account ids', async () => {
    const affiliate = input(AFFILIATE);
    expect(await affiliate({ rebateRate: 0.2, accountIds: ['0x1'] })).toEqual([]);
    expect(await affiliate({ rebateRate: 2, accountIds: [] })).toEqual([
      { path: 'rebateRate', rule: 'rateRange' },
      { path: 'accountIds', rule: 'minItems' },
    ]);
  });

  it('points stage: end not before start; name and start required to create', async () => {
    const stage = input(STAGE);
    expect(await stage({ stageName: 'S', startDate: '2024-01-01', endDate: '2024-01-01' })).toEqual(
      [],
    );
    expect(await stage({ stageId: 3, volumeBoost: 2 })).toEqual([]);
    expect(await stage({ stageName: 'S', startDate: '2024-02-01', endDate: '2024-01-31' })).toEqual(
      [{ path: 'endDate', rule: 'dateOrder' }],
    );
    expect(await stage({ pnlBoost: -1 })).toEqual([
      { path: 'pnlBoost', rule: 'nonNegative' },
      { path: 'stageName', rule: 'requiredOnCreate' },
      { path: 'startDate', rule: 'requiredOnCreate' },
    ]);
    expect(await stage({ stageId: 0, stageName: 'S', startDate: '2024-01-01' })).toEqual([
      { path: 'stageId', rule: 'range' },
    ]);
  });

  it('referral admin info: page/size bounds, only one of userAddress/accountId', async () => {
    const info = (variables: Record<string, unknown>) => inputIssues(ADMIN_INFO, variables);
    expect(await info({ page: 1, size: 100 })).toEqual([]);
    expect(await info({ u: '0x1', a: '0x2' })).toEqual([{ path: 'accountId', rule: 'oneOf' }]);
    expect(await info({ page: 0, size: 101 })).toEqual([
      { path: 'page', rule: 'range' },
      { path: 'size', rule: 'range' },
    ]);
  });
});
