/**
 * Account and position figures the vectors leave out (src/risk/position.ts, collateral.ts,
 * account.ts, initial-margin.ts, margin-rates.ts, max-qty.ts): by hand, and as properties
 * where one figure must agree with another.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountMmr, totalUnrealizedPnl, totalUnrealizedRoi } from '../../../src/risk/account.ts';
import {
  collateralRatio,
  freeCollateralUsdcOnly,
  totalCollateral,
  totalValue,
} from '../../../src/risk/collateral.ts';
import {
  otherInitialMargins,
  totalInitialMarginWithQty,
} from '../../../src/risk/initial-margin.ts';
import { imrFactorFor, positionImr } from '../../../src/risk/margin-rates.ts';
import { maxQtyCross } from '../../../src/risk/max-qty.ts';
import { unsettledPnl, unsettledPnlAtMark } from '../../../src/risk/position.ts';

describe('unsettled PnL', () => {
  it('moves with the mark by qty × Δmark, as the full formula does', () => {
    const price = fc.double({ min: 0.01, max: 100_000, noNaN: true });
    const qty = fc.double({ min: -1000, max: 1000, noNaN: true });
    fc.assert(
      fc.property(qty, price, price, price, (quantity, open, from, to) => {
        const row = {
          quantity,
          costPosition: quantity * open,
          sumUnitaryFunding: 0.3,
          lastSumUnitaryFunding: 0.1,
        };
        const moved = unsettledPnlAtMark(
          unsettledPnl({ ...row, markPrice: from }),
          quantity,
          from,
          to,
        );
        const direct = unsettledPnl({ ...row, markPrice: to });
        expect(Math.abs(moved - direct)).toBeLessThanOrEqual(
          Math.abs(quantity) * 300_000 * 2 ** -50 + 1e-12,
        );
      }),
    );
  });
});

describe('collateral', () => {
  const token = { holding: 10, indexPrice: 100, cap: -1, baseWeight: 0.9, discountFactor: 0.001 };

  it('a token counts at min(base weight, 1.2 / (1 + discount × |capped notional|^0.8))', () => {
    expect(collateralRatio(token)).toBe(0.9);
    const big = { ...token, holding: 1000 }; // 100000^0.8 = 10000 → 1.2 / 11
    expect(collateralRatio(big)).toBeCloseTo(1.2 / 11, 12);
    expect(collateralRatio({ ...big, cap: 10 })).toBe(0.9);
  });

  it('total collateral adds the tokens; the USDC-only free collateral takes them out again', () => {
    const positions = [
      { marginMode: 'CROSS', unsettledPnl: 7 },
      { marginMode: 'ISOLATED', unsettledPnl: 100 },
    ];
    const input = {
      usdcHolding: 1000,
      pendingShort: -50,
      isolatedOrderFrozen: -20,
      positions,
      tokens: [token],
    };
    expect(totalCollateral(input)).toEqual({ totalUnsettledCrossPnl: 7, totalCollateral: 1837 });
    expect(freeCollateralUsdcOnly(1000, [token])).toBe(100);
    expect(freeCollateralUsdcOnly(800, [token])).toBe(0);
  });

  it('total value counts every token, isolated margin and all unsettled PnL; ROI on it', () => {
    const value = totalValue({
      usdcHolding: 500,
      tokens: [token],
      isolatedMargin: 50,
      totalUnsettledPnl: 150,
    });
    expect(value).toBe(1700);
    expect(totalUnrealizedRoi(200, 1700)).toBeCloseTo(200 / 1500, 15);
    expect(totalUnrealizedRoi(200, 200)).toBe(0);
  });
});

describe('account totals', () => {
  const btc = {
    symbol: 'PERP_BTC_USDC',
    quantity: 0.2,
    markPrice: 25_986.2,
    averageOpenPrice: 25_000,
    mmr: 0.05,
  };
  const eth = {
    symbol: 'PERP_ETH_USDC',
    quantity: -3,
    markPrice: 1638.41,
    averageOpenPrice: 1700,
    mmr: 0.05,
  };

  it('unrealized PnL and MMR over every position; no MMR without positions', () => {
    expect(totalUnrealizedPnl([btc, eth])).toBeCloseTo(0.2 * 986.2 + 3 * 61.59, 9);
    expect(accountMmr([btc, eth])).toBeCloseTo(0.05, 12);
    expect(accountMmr([])).toBeNull();
    expect(accountMmr([{ ...btc, quantity: 0 }])).toBeNull();
  });
});

describe('initial margin', () => {
  const rules = { A: { baseImr: 0.1, imrFactor: 0 }, B: { baseImr: 0.05, imrFactor: 0 } };
  const markPrices = { A: 100, B: 1000 };
  const row = (symbol: string, quantity: number, buy = 0, sell = 0, marginMode = 'CROSS') => ({
    symbol,
    marginMode,
    quantity,
    pendingLongQuantity: buy,
    pendingShortQuantity: sell,
    leverage: 5,
  });

  it('other symbols: cross only, without the asked one', () => {
    const positions = [row('A', 2, 1, 0), row('B', -1, 0, 0), row('B', 3, 0, 0, 'ISOLATED')];
    const input = { positions, markPrices, rules };
    // B alone: 1 × 1000 × max(1/5, 0.05)
    expect(otherInitialMargins(input, 'A')).toBeCloseTo(200, 9);
    // A alone: max(|2 + 1|, |2|) × 100 × 0.2
    expect(otherInitialMargins(input, 'B')).toBeCloseTo(60, 9);
    expect(totalInitialMarginWithQty(input).total).toBeCloseTo(260, 9);
  });

  it('the parts add up to the total when no orders are open', () => {
    const qty = fc.double({ min: -100, max: 100, noNaN: true });
    const factors = {
      A: { baseImr: 0.1, imrFactor: 0.000025 },
      B: { baseImr: 0.05, imrFactor: 0.0000018 },
    };
    fc.assert(
      fc.property(qty, qty, (a, b) => {
        const input = { positions: [row('A', a), row('B', b)], markPrices, rules: factors };
        const { total, bySymbol } = totalInitialMarginWithQty(input);
        expect(otherInitialMargins(input, 'A') + bySymbol.A!).toBeCloseTo(total, 6);
        expect(otherInitialMargins(input, 'B')).toBeCloseTo(bySymbol.A!, 9);
      }),
    );
  });

  it('names the symbol it has no rule for', () => {
    expect(() =>
      totalInitialMarginWithQty({ positions: [row('C', 1)], markPrices, rules }),
    ).toThrow(/for C/);
  });

  it("a position's ROI divides by its own leverage's IMR, 1× without one", () => {
    const rule = { baseImr: 0.1, imrFactor: 0 };
    expect(positionImr(rule, 3, 5000)).toBeCloseTo(1 / 3, 15);
    expect(positionImr(rule, 20, 5000)).toBe(0.1);
    expect(positionImr(rule, 0, 5000)).toBe(1);
  });

  it("takes the account's imr_factor, else the symbol's public one, else 0", () => {
    expect(imrFactorFor('A', { A: 0.00002 }, 0.00003)).toBe(0.00002);
    expect(imrFactorFor('A', {}, 0.00003)).toBe(0.00003);
    expect(imrFactorFor('A', undefined)).toBe(0);
  });
});

describe('maxQtyCross', () => {
  const base = {
    pendingLongQuantity: 0,
    pendingShortQuantity: 0,
    otherInitialMargins: 0,
    markPrice: 100,
    leverage: 10,
    baseImr: 0.1,
    imrFactor: 0.000025,
    baseMax: 1000,
    takerFeeBps: 5,
  };

  it('stays within [0, base_max]; reduce-only within the position', () => {
    const amount = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(
        fc.constantFrom('BUY' as const, 'SELL' as const),
        amount,
        amount,
        fc.boolean(),
        (side, tc, q, ro) => {
          const quantity = q / 1000;
          const max = maxQtyCross({ ...base, side, reduceOnly: ro, quantity, totalCollateral: tc });
          expect(max).toBeGreaterThanOrEqual(0);
          expect(max).toBeLessThanOrEqual(ro ? Math.abs(quantity) : base.baseMax);
        },
      ),
    );
  });

  it('a flat account: collateral over (rate + fee) per unit, 0.5% kept back', () => {
    const max = maxQtyCross({ ...base, side: 'BUY', quantity: 0, totalCollateral: 1000 });
    expect(max).toBeCloseTo((1000 / (0.1 + 0.001) / 100) * 0.995, 9);
  });
});
