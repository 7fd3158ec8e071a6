import { describe, expect, it } from 'vitest';
import type { AccountInfo, OrderRecord } from '../../../src/contract/wire.ts';
import { feeRatesOf, toAccount } from '../../../src/resolvers/account.ts';
import {
  filledFraction,
  isFinalStatus,
  remainingQuantity,
  splitSymbol,
  toCreateOrderParams,
  toOrder,
} from '../../../src/resolvers/order.ts';
import { toRebateSummary } from '../../../src/resolvers/rebate.ts';
import { toAdminRow, toPageMeta } from '../../../src/resolvers/referral.ts';
import { symbolValues } from '../../../src/resolvers/wire.ts';

const record: OrderRecord = {
  order_id: 13,
  user_id: 7,
  price: 100.12,
  type: 'LIMIT',
  quantity: 0.9,
  amount: null,
  total_executed_quantity: 0.3,
  visible_quantity: 0.9,
  symbol: 'PERP_BTC_USDC',
  side: 'BUY',
  status: 'PARTIAL_FILLED',
  total_fee: 0.01,
  fee_asset: 'USDC',
  client_order_id: 12345,
  average_executed_price: 100.1,
  created_time: 1_700_000_000_000,
  updated_time: 1_700_000_000_500,
  realized_pnl: 0,
  executed_quantity: 0.3,
  visible: 0.9,
  executed: 0.3,
  reduce_only: null,
  order_tag: null,
  margin_mode: 'CROSS',
};

describe('order derived fields', () => {
  it('splits the symbol into base and quote', () => {
    expect(splitSymbol('PERP_BTC_USDC')).toEqual({ base: 'BTC', quote: 'USDC' });
    expect(splitSymbol('PERP_1000PEPE_USDT')).toEqual({ base: '1000PEPE', quote: 'USDT' });
    expect(splitSymbol('BTC-USDC')).toBeNull();
  });

  it('filled fraction is executed/quantity in 0..1 without float noise; null without quantity', () => {
    expect(filledFraction(0.3, 0.9)).toBe(0.3333333333);
    expect(filledFraction(0.1 + 0.2, 0.3)).toBe(1);
    expect(filledFraction(0, 2)).toBe(0);
    expect(filledFraction(1, null)).toBeNull();
    expect(filledFraction(0, 0)).toBeNull();
    expect(remainingQuantity(0.1 + 0.2, 0.9)).toBe(0.6);
    expect(remainingQuantity(1, null)).toBeNull();
  });

  it('final statuses are FILLED, CANCELLED and REJECTED', () => {
    expect(
      ['NEW', 'PARTIAL_FILLED', 'FILLED', 'CANCELLED', 'REJECTED'].map((s) =>
        isFinalStatus(s as never),
      ),
    ).toEqual([false, false, true, true, true]);
  });

  it('maps the wire record (numeric client_order_id, null reduce_only)', () => {
    const order = toOrder(record);
    expect(order).toMatchObject({
      orderId: 13,
      clientOrderId: '12345',
      base: 'BTC',
      quote: 'USDC',
      isFinal: false,
      executedQuantity: 0.3,
      remainingQuantity: 0.6,
      reduceOnly: false,
      createdTime: 1_700_000_000_000,
    });
  });

  it('order params drop what the caller left out and keep false/0', () => {
    expect(
      toCreateOrderParams({
        symbol: 'PERP_BTC_USDC',
        orderType: 'BID',
        side: 'SELL',
        clientOrderId: null,
        orderAmount: 50,
        level: 0,
        reduceOnly: false,
      }),
    ).toEqual({
      symbol: 'PERP_BTC_USDC',
      order_type: 'BID',
      side: 'SELL',
      order_amount: 50,
      level: 0,
      reduce_only: false,
    });
  });
});

describe('account, referral and rebate shapes', () => {
  const info: AccountInfo = {
    account_id: '0xabc',
    email: '',
    account_mode: 'MARGIN',
    max_leverage: 20,
    taker_fee_rate: 0.0005,
    maker_fee_rate: 0.0002,
    futures_taker_fee_rate: 0.0004,
    futures_maker_fee_rate: 0.0001,
    maintenance_cancel_orders: true,
    imr_factor: { PERP_ETH_USDC: 0.0003, PERP_BTC_USDC: 0.0002 },
  };

  it('maps become sorted symbol/value lists; RWA rates only when present', () => {
    expect(symbolValues({ B: 2, A: 1 })).toEqual([
      { symbol: 'A', value: 1 },
      { symbol: 'B', value: 2 },
    ]);
    expect(symbolValues(undefined)).toEqual([]);
    expect(feeRatesOf(info).map((r) => r.kind)).toEqual(['STANDARD', 'FUTURES']);
    expect(
      feeRatesOf({ ...info, rwa_maker_fee_rate: 0.0003, rwa_taker_fee_rate: 0.0006 }).at(-1),
    ).toEqual({ kind: 'RWA', makerFeeRate: 0.0003, takerFeeRate: 0.0006 });
    const account = toAccount(info);
    expect(account.imrFactors[0]).toEqual({ symbol: 'PERP_BTC_USDC', value: 0.0002 });
    expect(account.accountMode).toBeNull(); // unknown mode: null, not a failed query
    expect(account.email).toBeNull();
  });

  it('page meta derives totalPages and hasNextPage', () => {
    expect(toPageMeta({ records_per_page: 25, current_page: 1, total: 50 })).toEqual({
      recordsPerPage: 25,
      currentPage: 1,
      total: 50,
      totalPages: 2,
      hasNextPage: true,
    });
    expect(toPageMeta({ records_per_page: 25, current_page: 2, total: 50 }).hasNextPage).toBe(
      false,
    );
    expect(toPageMeta({ records_per_page: 0, current_page: 1, total: 0 }).totalPages).toBe(0);
  });

  it('admin rows read number_of_codes (a wire string) as an integer', () => {
    const row = {
      account_id: '0x1',
      user_address: '0xu',
      number_of_codes: '2',
      total_invites: 3,
      total_traded: 1,
      referee_volume: 10,
      referee_fee: 0.1,
      svc_fee: 0.05,
      referral_codes: [],
    };
    expect(toAdminRow(row).numberOfCodes).toBe(2);
    expect(toAdminRow({ ...row, number_of_codes: 'many' }).numberOfCodes).toBeNull();
  });

  it('rebate summary totals the days exactly', () => {
    const summary = toRebateSummary({
      rows: [
        { date: '2023-11-14', referee_rebate: 0.1 },
        { date: '2023-11-15', referee_rebate: 0.2 },
      ],
    });
    expect(summary.totalRefereeRebate).toBe(0.3);
    expect(summary.days[1]).toEqual({ date: '2023-11-15', refereeRebate: 0.2 });
  });
});
