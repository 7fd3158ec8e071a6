/**
 * positionRisk / portfolioRisk: the account's rows, marks, rules and USDC in, the screen's
 * figures out — equal to the risk vectors (test/fixtures/risk.json, relative 1e-9) wherever a
 * vector's inputs can be posed as an account, and to the src/risk functions otherwise.
 */
import { describe, expect, it } from 'vitest';
import {
  portfolioRisk,
  positionRisk,
  type RiskInputs,
  type RiskPosition,
} from '../../../src/models/position-risk.ts';
import { totalInitialMarginWithQty } from '../../../src/risk/initial-margin.ts';
import { liqPriceCross } from '../../../src/risk/liquidation-cross.ts';
import { type MarginRule, positionMmr } from '../../../src/risk/margin-rates.ts';
import { casesOf, expectClose, type Fields, num } from '../risk/risk-vectors.ts';

/** The symbols' rules as the vectors use them. */
const RULES = new Map<string, MarginRule>([
  ['PERP_ETH_USDC', { baseImr: 0.1, baseMmr: 0.05, imrFactor: 0.000025 }],
  ['PERP_SOL_USDC', { baseImr: 0.1, baseMmr: 0.05, imrFactor: 0.0000277 }],
  ['PERP_BTC_USDC', { baseImr: 0.05, baseMmr: 0.025, imrFactor: 0.0000018 }],
  ['PERP_DOGE_USDC', { baseImr: 0.1, baseMmr: 0.05, imrFactor: 0.00000001 }],
]);

function row(
  symbol: string,
  quantity: number,
  markPrice: number,
  extra: Partial<RiskPosition> = {},
) {
  return {
    symbol,
    marginMode: 'CROSS',
    quantity,
    averageOpenPrice: markPrice,
    markPrice,
    unsettledPnl: 0,
    pendingLongQuantity: 0,
    pendingShortQuantity: 0,
    leverage: 10,
    imr: 0.1,
    mmr: 0.05,
    ...extra,
  } satisfies RiskPosition;
}

/** The marks are the rows' own unless given; the collateral is `usdc` alone. */
const inputs = (usdc: number, marks: Record<string, number> = {}): RiskInputs => ({
  markPrices: new Map(Object.entries(marks)),
  rules: RULES,
  usdcHolding: usdc,
  pendingShort: 0,
});

const rowsOf = (i: Fields, key: string) => i[key] as Fields[];

describe('the vectors, posed as accounts', () => {
  it('notional and unrealized PnL of a row', () => {
    for (const c of casesOf('notional', 'unrealized_pnl')) {
      const i = c.input;
      const open = c.fn === 'notional' ? num(i, 'mark_price') : num(i, 'average_open_price');
      const p = row(String(i.symbol), num(i, 'position_qty'), num(i, 'mark_price'), {
        averageOpenPrice: open,
      });
      const [r] = portfolioRisk([p], inputs(1_000)).positions;
      const key = c.fn === 'notional' ? 'notional' : 'unrealizedPnl';
      expectClose(r?.[key], c.expected[c.fn] ?? null, c.name);
    }
  });

  it('maintenance margin at the symbol MMR the vector names', () => {
    for (const c of casesOf('maintenance_margin')) {
      const i = c.input;
      const p = row(String(i.symbol), num(i, 'position_qty'), num(i, 'mark_price'));
      const [r] = portfolioRisk([p], inputs(1_000)).positions;
      expectClose(r?.maintenanceMargin, c.expected.maintenance_margin ?? null, c.name);
    }
  });

  it('ROI at the IMR of the position leverage the vector implies', () => {
    const leverages: Record<string, number> = {
      'unrealized_roi/long': 3,
      'unrealized_roi/short': 20,
    };
    for (const c of casesOf('unrealized_roi')) {
      const i = c.input;
      const [q, open, upnl] = [
        num(i, 'position_qty'),
        num(i, 'average_open_price'),
        num(i, 'unrealized_pnl'),
      ];
      const p = row(String(i.symbol), q, open + upnl / q, {
        averageOpenPrice: open,
        leverage: leverages[c.name] ?? 1 / num(i, 'imr'),
      });
      const [r] = portfolioRisk([p], inputs(1_000)).positions;
      expectClose(r?.unrealizedRoi, c.expected.roi ?? null, c.name);
    }
  });

  it('margin ratio and current leverage', () => {
    const [c] = casesOf('margin_ratio').filter((v) => v.name === 'margin_ratio/multi');
    if (!c) throw new Error('margin_ratio/multi is gone from the vectors');
    const rows = rowsOf(c.input, 'positions').map((p) =>
      row(String(p.symbol), num(p, 'position_qty'), num(p, 'mark_price')),
    );
    const risk = portfolioRisk(rows, inputs(num(c.input, 'total_collateral')));
    expectClose(risk.marginRatio, c.expected.margin_ratio ?? null, c.name);
    expectClose(risk.currentLeverage, String(1 / Number(c.expected.margin_ratio)), c.name);
  });

  it('the cross liquidation price, wherever the vector MMRs are the rules’ own', () => {
    let posed = 0;
    for (const c of casesOf('liq_price_cross')) {
      const i = c.input;
      const own = row(String(i.symbol), num(i, 'position_qty'), num(i, 'mark_price'));
      const others = rowsOf(i, 'other_positions').map((o) =>
        row(String(o.symbol), num(o, 'position_qty'), num(o, 'mark_price'), { mmr: num(o, 'mmr') }),
      );
      // The vector's MMRs must be what the rules give at those notionals.
      const consistent = [own, ...others].every((p, k) => {
        const want = k === 0 ? num(i, 'mmr') : p.mmr;
        const got = positionMmr(RULES.get(p.symbol)!, Math.abs(p.quantity * p.markPrice));
        return Math.abs(got - want) <= 1e-12 * want;
      });
      if (!consistent) continue;
      posed++;
      const account = [own, ...others];
      const r = positionRisk(own, account, inputs(num(i, 'total_collateral')));
      expectClose(r.estLiquidationPrice, c.expected.liq_price ?? null, c.name);
      expect(portfolioRisk(account, inputs(num(i, 'total_collateral'))).positions[0]).toEqual(r);
    }
    expect(posed).toBeGreaterThanOrEqual(7);
  });
});

describe('the account at the marks now', () => {
  const eth = row('PERP_ETH_USDC', 2, 3_000, { averageOpenPrice: 2_900, unsettledPnl: 200 });
  const btc = row('PERP_BTC_USDC', -0.1, 60_000, { averageOpenPrice: 61_000, unsettledPnl: 100 });

  it('moves unsettled PnL, collateral and every cross liquidation price with one mark', () => {
    const before = portfolioRisk([eth, btc], inputs(5_000));
    expect(before.totalCollateral).toBeCloseTo(5_300, 9);
    const after = portfolioRisk([eth, btc], inputs(5_000, { PERP_ETH_USDC: 3_100 }));
    expect(after.totalCollateral).toBeCloseTo(5_500, 9);
    expect(after.positions[0]).toMatchObject({ markPrice: 3_100, unsettledPnl: 400 });
    expect(after.positions[0]?.unrealizedPnl).toBeCloseTo(400, 9);
    expect(after.totalUnrealizedPnl).toBeCloseTo(400 + 100, 9);
    const btcLiq = liqPriceCross({
      ...RULES.get('PERP_BTC_USDC')!,
      quantity: -0.1,
      markPrice: 60_000,
      mmr: positionMmr(RULES.get('PERP_BTC_USDC')!, 6_000),
      totalCollateral: after.totalCollateral,
      otherPositions: [
        { quantity: 2, markPrice: 3_100, mmr: positionMmr(RULES.get('PERP_ETH_USDC')!, 6_200) },
      ],
    });
    expect(after.positions[1]?.estLiquidationPrice).toBe(btcLiq);
    expect(after.positions[1]?.estLiquidationPrice).not.toBe(
      before.positions[1]?.estLiquidationPrice,
    );
  });

  it('free collateral is the collateral less the cross initial margin with the open orders', () => {
    const withOrders = { ...eth, pendingLongQuantity: 1, pendingShortQuantity: 0.5 };
    const risk = portfolioRisk([withOrders, btc], inputs(5_000));
    const margin = totalInitialMarginWithQty({
      positions: [withOrders, btc],
      markPrices: { PERP_ETH_USDC: 3_000, PERP_BTC_USDC: 60_000 },
      rules: Object.fromEntries(RULES),
    }).total;
    expect(risk.freeCollateral).toBe(Math.max(0, risk.totalCollateral - margin));
    expect(risk.positions[0]?.initialMargin).toBeCloseTo(6_000 * 0.1, 9);
  });

  it('leaves an isolated row out of the collateral and gives it no estimate', () => {
    const isolated = { ...btc, marginMode: 'ISOLATED' as const };
    const risk = portfolioRisk([eth, isolated], inputs(5_000));
    expect(risk.totalCollateral).toBeCloseTo(5_200, 9);
    expect(risk.positions[1]?.estLiquidationPrice).toBeNull();
    expect(risk.positions[0]?.estLiquidationPrice).toBeGreaterThan(0);
  });

  it('a flat account: zero ratio and leverage, no estimate; a symbol without rules keeps its row rates', () => {
    const flat = row('PERP_NEW_USDC', 0, 5, { imr: 0.2, mmr: 0.1 });
    expect(portfolioRisk([flat], inputs(1_000))).toMatchObject({
      marginRatio: 0,
      currentLeverage: 0,
      totalCollateral: 1_000,
      freeCollateral: 1_000,
      positions: [{ notional: 0, estLiquidationPrice: null }],
    });
    const held = { ...flat, quantity: 100 };
    const [r] = portfolioRisk([held], inputs(1_000)).positions;
    expect(r?.maintenanceMargin).toBeCloseTo(500 * 0.1, 9);
    expect(r?.initialMargin).toBeCloseTo(500 * 0.2, 9);
  });
});
