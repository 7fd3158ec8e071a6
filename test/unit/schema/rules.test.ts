import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  affiliateRebateRateInput,
  createReferralCodeInput,
  defaultFeeRatesInput,
  orderTagFeeConfigInput,
  pointsStageInput,
  referralAdminInfoArgs,
  sumAbove,
} from '../../../src/schema/admin-input-rules.ts';
import { placeOrderInput } from '../../../src/schema/input-rules.ts';
import * as r from '../../../src/schema/rules.ts';
import { ruleOf } from '../../../src/schema/validation.ts';

/** The `{path, rule}` of every issue, or [] when the value passes. */
function issues(schema: z.ZodType, value: unknown): { path: string; rule: string }[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => ({ path: i.path.join('.'), rule: ruleOf(i) }));
}
const rules = (schema: z.ZodType, value: unknown) => issues(schema, value).map((i) => i.rule);

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

describe('placeOrderInput', () => {
  const limit = {
    symbol: 'PERP_BTC_USDC',
    orderType: 'LIMIT',
    side: 'BUY',
    orderPrice: 60000,
    orderQuantity: 0.01,
  };

  it('accepts a LIMIT order and priceless MARKET/BID/ASK orders', () => {
    expect(issues(placeOrderInput, limit)).toEqual([]);
    expect(issues(placeOrderInput, { ...limit, orderType: 'MARKET', orderPrice: null })).toEqual(
      [],
    );
    expect(
      issues(placeOrderInput, {
        ...limit,
        orderType: 'BID',
        orderPrice: undefined,
        orderQuantity: undefined,
        orderAmount: 100,
        level: 2,
      }),
    ).toEqual([]);
  });

  it('order price is required unless MARKET, ASK or BID', () => {
    for (const orderType of ['LIMIT', 'IOC', 'FOK', 'POST_ONLY']) {
      expect(issues(placeOrderInput, { ...limit, orderType, orderPrice: null })).toEqual([
        { path: 'orderPrice', rule: 'requiredForType' },
      ]);
    }
  });

  it('quantity or amount: one is required, amount only for MARKET/ASK/BID, not both', () => {
    expect(issues(placeOrderInput, { ...limit, orderQuantity: undefined })).toEqual([
      { path: 'orderQuantity', rule: 'requiredForType' },
    ]);
    expect(
      issues(placeOrderInput, { ...limit, orderQuantity: undefined, orderAmount: 10 }),
    ).toEqual([
      { path: 'orderQuantity', rule: 'requiredForType' },
      { path: 'orderAmount', rule: 'onlyForMarketBidAsk' },
    ]);
    expect(issues(placeOrderInput, { ...limit, orderType: 'MARKET', orderAmount: 10 })).toEqual([
      { path: 'orderAmount', rule: 'quantityOrAmount' },
    ]);
  });

  it('level only with BID/ASK; visibleQuantity not on POST_ONLY; postOnlyAdjust only on POST_ONLY', () => {
    expect(issues(placeOrderInput, { ...limit, level: 1 })).toEqual([
      { path: 'level', rule: 'onlyForBidAsk' },
    ]);
    expect(issues(placeOrderInput, { ...limit, orderType: 'BID', level: 7 })).toEqual([
      { path: 'level', rule: 'range' },
    ]);
    expect(
      issues(placeOrderInput, { ...limit, orderType: 'POST_ONLY', visibleQuantity: 0 }),
    ).toEqual([{ path: 'visibleQuantity', rule: 'notForPostOnly' }]);
    expect(issues(placeOrderInput, { ...limit, visibleQuantity: 1 })).toEqual([
      { path: 'visibleQuantity', rule: 'notAboveQuantity' },
    ]);
    expect(issues(placeOrderInput, { ...limit, postOnlyAdjust: true })).toEqual([
      { path: 'postOnlyAdjust', rule: 'onlyForPostOnly' },
    ]);
    expect(
      issues(placeOrderInput, { ...limit, orderType: 'POST_ONLY', postOnlyAdjust: true }),
    ).toEqual([]);
  });

  it('reports every broken field rule at once, with its path', () => {
    const bad = {
      ...limit,
      symbol: 'btc',
      clientOrderId: '-x',
      orderPrice: -1,
      orderQuantity: 0,
      orderTag: 'x'.repeat(40),
      slippage: 2,
    };
    expect(issues(placeOrderInput, bad)).toEqual([
      { path: 'symbol', rule: 'symbol' },
      { path: 'clientOrderId', rule: 'noLeadingHyphen' },
      { path: 'orderPrice', rule: 'positive' },
      { path: 'orderQuantity', rule: 'positive' },
      { path: 'slippage', rule: 'max' },
      { path: 'orderTag', rule: 'maxLength' },
    ]);
  });
});

describe('other inputs', () => {
  it('default fee rates: required maker/taker, optional RWA, each a fee rate', () => {
    expect(issues(defaultFeeRatesInput, { makerFeeRate: 0.0001, takerFeeRate: 0.00035 })).toEqual(
      [],
    );
    expect(
      issues(defaultFeeRatesInput, {
        makerFeeRate: 0.000015,
        takerFeeRate: 0.0003,
        rwaMakerFeeRate: -0.00001,
      }),
    ).toEqual([
      { path: 'makerFeeRate', rule: 'feeRateStep' },
      { path: 'rwaMakerFeeRate', rule: 'rateRange' },
    ]);
  });

  it('order tag fee config: fee rates, symbols and unique pair overrides', () => {
    expect(issues(orderTagFeeConfigInput, { pairOverrides: [] })).toEqual([]);
    expect(
      issues(orderTagFeeConfigInput, {
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
    expect(rules(orderTagFeeConfigInput, { pairOverrides: [twice, twice] })).toEqual(['unique']);
  });

  it('referral code: rates 0..1 and referrer + referee within max (decimal sum)', () => {
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
    expect(issues(createReferralCodeInput, ok)).toEqual([]);
    expect(issues(createReferralCodeInput, { ...ok, refereeRebateRate: 0.25 })).toEqual([
      { path: 'referrerRebateRate', rule: 'sharesWithinMax' },
    ]);
    expect(issues(createReferralCodeInput, { ...ok, maxRebateRate: 1.5 })).toEqual([
      { path: 'maxRebateRate', rule: 'rateRange' },
    ]);
    expect(issues(createReferralCodeInput, { ...ok, referralCode: 'a b' })).toEqual([
      { path: 'referralCode', rule: 'referralCode' },
    ]);
  });

  it('affiliate rebate rate: rate 0..1 and 1..100 account ids', () => {
    expect(issues(affiliateRebateRateInput, { rebateRate: 0.2, accountIds: ['0x1'] })).toEqual([]);
    expect(issues(affiliateRebateRateInput, { rebateRate: 2, accountIds: [] })).toEqual([
      { path: 'rebateRate', rule: 'rateRange' },
      { path: 'accountIds', rule: 'minItems' },
    ]);
  });

  it('points stage: end not before start; name and start required to create', () => {
    expect(
      issues(pointsStageInput, { stageName: 'S', startDate: '2024-01-01', endDate: '2024-01-01' }),
    ).toEqual([]);
    expect(issues(pointsStageInput, { stageId: 3, volumeBoost: 2 })).toEqual([]);
    expect(
      issues(pointsStageInput, { stageName: 'S', startDate: '2024-02-01', endDate: '2024-01-31' }),
    ).toEqual([{ path: 'endDate', rule: 'dateOrder' }]);
    expect(issues(pointsStageInput, { pnlBoost: -1 })).toEqual([
      { path: 'pnlBoost', rule: 'nonNegative' },
      { path: 'stageName', rule: 'requiredOnCreate' },
      { path: 'startDate', rule: 'requiredOnCreate' },
    ]);
  });

  it('referral admin info: page/size bounds, only one of userAddress/accountId', () => {
    expect(issues(referralAdminInfoArgs, { page: 1, size: 100 })).toEqual([]);
    expect(issues(referralAdminInfoArgs, { userAddress: '0x1', accountId: '0x2' })).toEqual([
      { path: 'accountId', rule: 'oneOf' },
    ]);
    expect(issues(referralAdminInfoArgs, { page: 0, size: 101 })).toEqual([
      { path: 'page', rule: 'range' },
      { path: 'size', rule: 'range' },
    ]);
  });
});
