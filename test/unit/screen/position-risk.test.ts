/** A screen position's figures at the live mark (src/screen/position-risk.ts over src/risk). */
import { describe, expect, it } from 'vitest';
import { screenPositionRisk } from '../../../src/screen/position-risk.ts';
import { position } from './fixtures.ts';

const RULE = { baseImr: 0.1, baseMmr: 0.05, imrFactor: 0 };
const input = (over: Partial<Parameters<typeof screenPositionRisk>[0]> = {}) => {
  const p = over.position ?? position();
  return {
    position: p,
    mark: 3_100,
    rule: RULE,
    usdc: { holding: 1_000, pendingShort: 0 },
    positions: [p],
    markOf: () => undefined,
    ...over,
  };
};

describe('screenPositionRisk', () => {
  it('computes PnL, notional, ROI and margins at the live mark', () => {
    const r = screenPositionRisk(input());
    expect(r).toMatchObject({
      markPrice: 3_100,
      notional: 6_200,
      unrealizedPnl: 200,
      unsettledPnl: 200,
    });
    // ROI over the position's own IMR: max(1/leverage, base_imr) = 0.1.
    expect(r.unrealizedRoi).toBeCloseTo(200 / (2 * 3_000 * 0.1), 12);
    expect(r.initialMargin).toBeCloseTo(620, 9);
    expect(r.maintenanceMargin).toBeCloseTo(310, 9);
  });

  it('puts a cross liquidation where the collateral meets the maintenance margin', () => {
    // holding + q × (p − open) = |q| × p × mmr  →  p = (q × open − holding) / (q − |q| × mmr)
    const expected = (2 * 3_000 - 1_000) / (2 - 2 * 0.05);
    for (const mark of [2_900, 3_000, 3_100]) {
      const price = screenPositionRisk(input({ mark })).estLiquidationPrice!;
      expect(Math.abs(price - expected) / expected).toBeLessThan(1e-3);
    }
  });

  it('counts other cross positions at their live marks', () => {
    const other = position({
      symbol: 'PERP_BTC_USDC',
      quantity: -0.1,
      averageOpenPrice: 60_000,
      markPrice: 60_000,
    });
    const self = position();
    const alone = screenPositionRisk(input()).estLiquidationPrice!;
    const losing = screenPositionRisk(
      input({
        positions: [self, other],
        markOf: (s) => (s === 'PERP_BTC_USDC' ? 62_000 : undefined),
      }),
    ).estLiquidationPrice!;
    // The short BTC lost 200 at its live mark and holds margin: ETH is liquidated sooner.
    expect(losing).toBeGreaterThan(alone);
  });

  it('passes an isolated position’s upstream estimate through (its margin is not in the rows)', () => {
    const isolated = position({ marginMode: 'ISOLATED', estLiquidationPrice: 2_750 });
    expect(screenPositionRisk(input({ position: isolated })).estLiquidationPrice).toBe(2_750);
  });
});
