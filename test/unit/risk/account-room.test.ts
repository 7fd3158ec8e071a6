/**
 * The order-side composition of the risk formulas (account-room.ts, order-estimate.ts): the
 * account's maximum is the facts' maxQty fed as the SDK's hook feeds it (collateral, the other
 * symbols' initial margin, the symbol's cross exposure), on the quantity grid; an order's
 * figures follow the rules their doc comments give.
 */
import { describe, expect, it } from 'vitest';
import {
  type AccountRisk,
  floorToGrid,
  maxOrderQuantity,
  maxOrderQuantityRaw,
  type RiskPosition,
} from '../../../src/risk/account-room.ts';
import { maxQtyCross } from '../../../src/risk/max-qty.ts';
import { estimateOrder, restsOnBook } from '../../../src/risk/order-estimate.ts';

const ETH = 'PERP_ETH_USDC';
const BTC = 'PERP_BTC_USDC';
const ethRule = {
  baseImr: 0.05,
  baseMmr: 0.025,
  imrFactor: 3e-8,
  baseMin: 0.0001,
  baseMax: 2_000,
  baseTick: 0.0001,
};
const btcRule = {
  baseImr: 0.05,
  baseMmr: 0.025,
  imrFactor: 2e-8,
  baseMin: 0.00001,
  baseMax: 100,
  baseTick: 0.00001,
};

const row = (over: Partial<RiskPosition> & { symbol: string }): RiskPosition => ({
  marginMode: 'CROSS',
  quantity: 0,
  pendingLongQuantity: 0,
  pendingShortQuantity: 0,
  leverage: 20,
  unsettledPnl: 0,
  mmr: 0.025,
  ...over,
});

const account = (positions: RiskPosition[], over: Partial<AccountRisk> = {}): AccountRisk => ({
  usdcHolding: 10_000,
  pendingShort: -20,
  positions,
  markPrices: { [ETH]: 3_000, [BTC]: 60_000 },
  rules: { [ETH]: ethRule, [BTC]: btcRule },
  leverages: {},
  takerFeeRate: 0.0005,
  makerFeeRate: 0.0002,
  ...over,
});

describe('floorToGrid', () => {
  it('puts a value on base_min + k × base_tick, exactly, and 0 below base_min', () => {
    expect(floorToGrid(0.3, 0.1, 0.1)).toBe(0.3);
    expect(floorToGrid(0.35, 0.1, 0.1)).toBe(0.3);
    expect(floorToGrid(64.02229, 0.0001, 0.0001)).toBe(64.0222);
    expect(floorToGrid(1.27, 0.05, 0.1)).toBe(1.25);
    expect(floorToGrid(0.04, 0.05, 0.1)).toBe(0);
    expect(floorToGrid(Number.NaN, 0.1, 0.1)).toBe(0);
  });
});

describe('maxOrderQuantity', () => {
  const eth = row({ symbol: ETH, quantity: 1, pendingLongQuantity: 0.5, unsettledPnl: -3 });
  const btc = row({
    symbol: BTC,
    quantity: -0.1,
    pendingShortQuantity: 0.02,
    unsettledPnl: 7,
    leverage: 10,
  });

  it('is maxQty fed with collateral, the other symbols’ margin and this symbol’s exposure', () => {
    const a = account([eth, btc]);
    // TC = holding + pending_short + Σ cross unsettled.
    const tc = 10_000 - 20 - 3 + 7;
    // otherIMs for ETH: BTC's |mark × max(|q + buy|, |q − sell|)| × max(1/lev, base_imr, size).
    const btcQty = Math.max(Math.abs(-0.1 + 0), Math.abs(-0.1 - 0.02));
    const btcSize = 2e-8 * Math.abs(60_000 * -0.1 + 60_000 * 0.02) ** 0.8;
    const others = 60_000 * btcQty * Math.max(1 / 10, 0.05, btcSize);
    const common = {
      quantity: 1,
      pendingLongQuantity: 0.5,
      pendingShortQuantity: 0,
      otherInitialMargins: others,
      totalCollateral: tc,
      markPrice: 3_000,
      leverage: 20,
      baseImr: 0.05,
      imrFactor: 3e-8,
      baseMax: 2_000,
      takerFeeBps: 5,
    };
    for (const side of ['BUY', 'SELL'] as const) {
      const raw = maxQtyCross({ ...common, side });
      expect(maxOrderQuantityRaw(a, { symbol: ETH, side })).toBeCloseTo(raw, 9);
      expect(maxOrderQuantity(a, { symbol: ETH, side })).toBe(Math.floor(raw * 1e4) / 1e4);
    }
  });

  it('reduce-only: the position’s size on the closing side, nothing on the other', () => {
    const a = account([row({ symbol: ETH, quantity: 1.5 })]);
    expect(maxOrderQuantity(a, { symbol: ETH, side: 'SELL', reduceOnly: true })).toBe(1.5);
    expect(maxOrderQuantity(a, { symbol: ETH, side: 'BUY', reduceOnly: true })).toBe(0);
  });

  it('leaves ISOLATED rows out; a symbol without a row takes the leverage setting', () => {
    const isolated = row({ symbol: ETH, marginMode: 'ISOLATED', quantity: 5, unsettledPnl: 500 });
    const a = account([isolated], { leverages: { [ETH]: 10 } });
    const flat = account([], { leverages: { [ETH]: 10 } });
    expect(maxOrderQuantity(a, { symbol: ETH, side: 'BUY' })).toBe(
      maxOrderQuantity(flat, { symbol: ETH, side: 'BUY' }),
    );
    // (10 000 − 20) / (1/10 + 2 × 0.0005) / 3000 × 0.995: leverage 10, no size term when flat.
    expect(maxOrderQuantity(flat, { symbol: ETH, side: 'BUY' })).toBe(
      Math.floor((9_980 / 0.101 / 3_000) * 0.995 * 1e4) / 1e4,
    );
  });

  it('names a symbol it has no rules or mark for', () => {
    expect(() => maxOrderQuantity(account([]), { symbol: 'PERP_X_USDC', side: 'BUY' })).toThrow(
      /PERP_X_USDC/,
    );
  });
});

describe('estimateOrder', () => {
  const flat = account([], {
    leverages: { [ETH]: 10 },
    rules: { [ETH]: { ...ethRule, imrFactor: 0 } },
  });

  it('maker when the order rests on the book, taker when it takes', () => {
    const at = (orderType: string, side: 'BUY' | 'SELL', price: number) =>
      restsOnBook({ symbol: ETH, side, orderType }, price, 3_000);
    expect([
      at('POST_ONLY', 'BUY', 3_100),
      at('LIMIT', 'BUY', 2_999),
      at('LIMIT', 'SELL', 3_001),
    ]).toEqual([true, true, true]);
    expect([
      at('LIMIT', 'BUY', 3_000),
      at('LIMIT', 'SELL', 2_999),
      at('MARKET', 'BUY', 3_000),
    ]).toEqual([false, false, false]);
    expect([at('BID', 'BUY', 3_000), at('BID', 'SELL', 3_000)]).toEqual([true, false]);
    expect([at('ASK', 'SELL', 3_000), at('ASK', 'BUY', 3_000), at('IOC', 'BUY', 2_000)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('a resting limit: notional at its price, the maker fee, margin at the leverage', () => {
    const small = { ...flat, usdcHolding: 500 };
    const order = {
      symbol: ETH,
      side: 'BUY',
      orderType: 'LIMIT',
      price: 2_900,
      quantity: 1,
    } as const;
    const e = estimateOrder(small, order);
    expect(e).toMatchObject({ price: 2_900, quantity: 1, notional: 2_900 });
    expect(e?.estimatedFee).toBeCloseTo(2_900 * 0.0002, 12);
    // Initial margin is at the mark: |3000 × 1| × max(1/10, 0.05).
    expect(e?.initialMargin).toBeCloseTo(300, 9);
    // No position: base = the order price; MM = 2900 × base_mmr; fee at the taker rate;
    // 2900 + (480 − 72.5 − 1.45) / (1 × 0.025 − 1).
    expect(e?.estLiquidationPrice).toBeCloseTo(2_900 + (480 - 72.5 - 1.45) / (0.025 - 1), 9);
  });

  it('a market order by amount: sized and priced at the mark, the taker fee', () => {
    const e = estimateOrder(flat, {
      symbol: ETH,
      side: 'SELL',
      orderType: 'MARKET',
      amount: 1_500,
    });
    expect(e).toMatchObject({ price: 3_000, quantity: 0.5, notional: 1_500 });
    expect(e?.estimatedFee).toBeCloseTo(0.75, 12);
  });

  it('an order that only reduces adds no margin; one that closes leaves no liquidation price', () => {
    const long = account([row({ symbol: ETH, quantity: 2 })]);
    const sell = (quantity: number) =>
      estimateOrder(long, { symbol: ETH, side: 'SELL', orderType: 'MARKET', quantity });
    expect(sell(1)?.initialMargin).toBe(0);
    expect(sell(2)?.estLiquidationPrice).toBeNull();
    // Margin covers the larger side: a sell of 3 leaves a short of 1, less than the long of 2;
    // a sell of 5 a short of 3: |3000 × 3| × 1/20 − |3000 × 2| × 1/20.
    expect(sell(3)?.initialMargin).toBe(0);
    expect(sell(5)?.initialMargin).toBeCloseTo(150, 9);
  });

  it('no size, no figures', () => {
    expect(
      estimateOrder(flat, { symbol: ETH, side: 'BUY', orderType: 'LIMIT', price: 2_900 }),
    ).toBeNull();
  });
});
