/**
 * Leverage (src/risk/leverage.ts): the notional and leverage caps are each other's inverse
 * (fast-check), and the fallbacks and estimates by hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  effectiveLeverage,
  estLeverageAfterOrder,
  maxPositionLeverage,
  maxPositionNotional,
  maxSymbolLeverage,
} from '../../../src/risk/leverage.ts';

describe('leverage caps', () => {
  it('the largest notional a leverage allows allows that leverage, and a hair more does not', () => {
    const factor = fc.constantFrom(0.0000018, 0.000025, 0.0000277, 0.0000373);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), factor, (leverage, imrFactor) => {
        const cap = maxPositionNotional(leverage, imrFactor);
        expect(maxPositionLeverage(cap * (1 - 1e-6), imrFactor, 0.001)).toBe(leverage);
        expect(maxPositionLeverage(cap * (1 + 1e-6), imrFactor, 0.001)).toBe(leverage - 1);
      }),
    );
  });

  it('is bounded by 1/base_imr and the account maximum', () => {
    expect(maxPositionLeverage(1, 0.000025, 0.1)).toBe(10);
    expect(maxPositionNotional(10, 0)).toBe(Number.POSITIVE_INFINITY);
    expect(maxSymbolLeverage(0.1)).toBe(10);
    expect(maxSymbolLeverage(0.03)).toBe(33);
    expect(maxSymbolLeverage(0.02, 20)).toBe(20);
  });

  it("a position's own leverage, else the symbol setting, else 1", () => {
    expect(effectiveLeverage(12, 5)).toBe(12);
    expect(effectiveLeverage(0, 5)).toBe(5);
    expect(effectiveLeverage(null, undefined)).toBe(1);
  });
});

describe('estLeverageAfterOrder', () => {
  const positions = [{ symbol: 'PERP_BTC_USDC', quantity: 0.1, markPrice: 20_000 }];

  it('sums every notional with the order added to its symbol, 2 decimals', () => {
    const eth = { symbol: 'PERP_ETH_USDC', quantity: 1, price: 1000 };
    expect(estLeverageAfterOrder({ totalCollateral: 1000, positions, order: eth })).toBe(3);
    const sell = { symbol: 'PERP_BTC_USDC', quantity: -0.05, price: 20_000 };
    expect(estLeverageAfterOrder({ totalCollateral: 1500, positions, order: sell })).toBe(0.67);
  });

  it('none without collateral or exposure', () => {
    const order = { symbol: 'PERP_BTC_USDC', quantity: -0.1, price: 20_000 };
    expect(estLeverageAfterOrder({ totalCollateral: 0, positions, order })).toBeNull();
    expect(estLeverageAfterOrder({ totalCollateral: 100, positions, order })).toBeNull();
  });
});
