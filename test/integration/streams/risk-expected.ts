/**
 * The risk figures an account should show, computed here with the src/risk functions from
 * the sandbox's own state read over its REST API (positions, USDC holding, the symbols' base
 * rates, the account's imr factors), independently of the gateway's glue (position-risk.ts).
 */
import { expect } from 'vitest';
import { marginRatio } from '../../../src/risk/account.ts';
import { freeCollateral, totalCollateral } from '../../../src/risk/collateral.ts';
import { totalInitialMarginWithQty } from '../../../src/risk/initial-margin.ts';
import { currentLeverage } from '../../../src/risk/leverage.ts';
import { liqPriceCross } from '../../../src/risk/liquidation-cross.ts';
import { maintenanceMargin, positionImr, positionMmr } from '../../../src/risk/margin-rates.ts';
import { notional, unrealizedPnl, unrealizedRoi } from '../../../src/risk/position.ts';
import type { SandboxClient } from '../../helpers/sandbox-client.ts';

interface Row {
  symbol: string;
  margin_mode: string;
  position_qty: number;
  average_open_price: number;
  mark_price: number;
  unsettled_pnl: number;
  pending_long_qty: number;
  pending_short_qty: number;
  leverage: number;
}

type Rule = { baseImr: number; baseMmr: number; imrFactor: number };

/** Reads the sandbox's state for `trader` and computes every figure from it. */
export async function expectedRisk(sandboxUrl: string, trader: SandboxClient) {
  const [positions, holding, info, account] = await Promise.all([
    trader.get('/v1/positions'),
    trader.get('/v1/client/holding'),
    fetch(`${sandboxUrl}/v1/public/info`).then((r) => r.json()),
    trader.get('/v1/client/info'),
  ]);
  const rows = positions.body.data.rows as Row[];
  const usdc = holding.body.data.holding.find((h: { token: string }) => h.token === 'USDC');
  const factors = account.body.data.imr_factor as Record<string, number>;
  const rules = new Map<string, Rule>(
    info.data.rows.map((s: { symbol: string; base_imr: number; base_mmr: number }) => [
      s.symbol,
      { baseImr: s.base_imr, baseMmr: s.base_mmr, imrFactor: factors[s.symbol] ?? 0 },
    ]),
  );
  const rule = (r: Row) => rules.get(r.symbol) as Rule;
  const mmrOf = (r: Row) => positionMmr(rule(r), notional(r.position_qty, r.mark_price));
  const tc = totalCollateral({
    usdcHolding: usdc.holding,
    pendingShort: usdc.pending_short,
    isolatedOrderFrozen: 0,
    positions: rows.map((r) => ({ marginMode: r.margin_mode, unsettledPnl: r.unsettled_pnl })),
  }).totalCollateral;
  const byRow = rows.map((r) => {
    const q = r.position_qty;
    const upnl = unrealizedPnl(q, r.mark_price, r.average_open_price);
    const imr = positionImr(rule(r), r.leverage, q * r.mark_price);
    const others = rows.filter((o) => o !== r && o.position_qty !== 0);
    return {
      symbol: r.symbol,
      markPrice: r.mark_price,
      notional: notional(q, r.mark_price),
      unrealizedPnl: upnl,
      unrealizedRoi: unrealizedRoi({
        unrealizedPnl: upnl,
        quantity: q,
        averageOpenPrice: r.average_open_price,
        imr,
      }),
      initialMargin: notional(q, r.mark_price) * imr,
      maintenanceMargin: maintenanceMargin(q, r.mark_price, mmrOf(r)),
      estLiquidationPrice: liqPriceCross({
        ...rule(r),
        quantity: q,
        markPrice: r.mark_price,
        mmr: mmrOf(r),
        totalCollateral: tc,
        otherPositions: others.map((o) => ({
          quantity: o.position_qty,
          markPrice: o.mark_price,
          mmr: mmrOf(o),
        })),
      }),
    };
  });
  const held = rows.map((r) => ({ quantity: r.position_qty, markPrice: r.mark_price }));
  const margin = totalInitialMarginWithQty({
    positions: rows.map((r) => ({
      symbol: r.symbol,
      marginMode: r.margin_mode,
      quantity: r.position_qty,
      pendingLongQuantity: r.pending_long_qty,
      pendingShortQuantity: r.pending_short_qty,
      leverage: r.leverage,
    })),
    markPrices: Object.fromEntries(rows.map((r) => [r.symbol, r.mark_price])),
    rules: Object.fromEntries(rules),
  }).total;
  const ratio = marginRatio(tc, held);
  return {
    rows: byRow,
    totals: {
      totalUnrealizedPnl: byRow.reduce((sum, r) => sum + r.unrealizedPnl, 0),
      totalCollateral: tc,
      freeCollateral: freeCollateral(tc, margin),
      marginRatio: ratio,
      currentLeverage: currentLeverage(ratio),
    },
  };
}

/** Every number of `expected` in `actual`, to a relative 1e-9 (null as null). */
export function expectFigures(actual: Record<string, unknown>, expected: Record<string, unknown>) {
  for (const [key, want] of Object.entries(expected)) {
    const got = actual[key];
    if (typeof want !== 'number') {
      expect(got, key).toEqual(want);
      continue;
    }
    expect(typeof got, key).toBe('number');
    const scale = Math.max(Math.abs(want), 1e-9);
    expect(
      Math.abs((got as number) - want) / scale,
      `${key}: ${got} vs ${want}`,
    ).toBeLessThanOrEqual(1e-9);
  }
}
