/**
 * A position's live risk for a trading screen frame, over the pure formulas of src/risk
 * (docs/risk.md): PnL and notional at the live mark, its ROI, margins, and the estimated
 * liquidation price. This is the one place the screen computes risk, so a shared
 * `positionRisk` (issue 26) can replace its body without touching the screen.
 *
 * - Cross: the price where the account's collateral (USDC holding + pending short + every
 *   cross row's unsettled PnL, each at its live mark) meets its maintenance margin, with the
 *   other positions held (`liqPriceCross`). Margin frozen by isolated orders is not in the
 *   rows the screen keeps and counts as 0.
 * - Isolated: the rows carry no isolated margin, and the price does not move with the mark;
 *   the upstream's own estimate (`est_liq_price` of the last row) is shown.
 */
import type { PositionModel } from '../models/portfolio.ts';
import type { ScreenPositionModel } from '../models/trading-screen.ts';
import { totalCollateral } from '../risk/collateral.ts';
import { liqPriceCross } from '../risk/liquidation-cross.ts';
import {
  type MarginRule,
  maintenanceMargin,
  positionImr,
  positionMmr,
} from '../risk/margin-rates.ts';
import { notional, unrealizedPnl, unrealizedRoi, unsettledPnlAtMark } from '../risk/position.ts';

export interface ScreenRiskInput {
  position: PositionModel;
  /** The live mark of the position's symbol. */
  mark: number;
  rule: MarginRule;
  /** The account's USDC balance. */
  usdc: { holding: number; pendingShort: number };
  /** Every position of the account (this one included). */
  positions: Iterable<PositionModel>;
  /** The live mark of a symbol, when there is one. */
  markOf(symbol: string): number | undefined;
}

const liveMark = (p: PositionModel, input: ScreenRiskInput) =>
  p.symbol === input.position.symbol ? input.mark : (input.markOf(p.symbol) ?? p.markPrice);

/** The cross collateral and the other positions' maintenance, everything at live marks. */
function crossAccount(input: ScreenRiskInput) {
  const rows: { marginMode: string; unsettledPnl: number }[] = [];
  const others: { quantity: number; markPrice: number; mmr: number }[] = [];
  for (const p of input.positions) {
    if (p.quantity === 0) continue;
    const mark = liveMark(p, input);
    rows.push({
      marginMode: p.marginMode,
      unsettledPnl: unsettledPnlAtMark(p.unsettledPnl, p.quantity, p.markPrice, mark),
    });
    const self = p.symbol === input.position.symbol && p.marginMode === input.position.marginMode;
    if (!self && p.marginMode === 'CROSS')
      others.push({ quantity: p.quantity, markPrice: mark, mmr: p.mmr });
  }
  const { holding, pendingShort } = input.usdc;
  const collateral = totalCollateral({
    usdcHolding: holding,
    pendingShort,
    isolatedOrderFrozen: 0,
    positions: rows,
  }).totalCollateral;
  return { collateral, others };
}

export function screenPositionRisk(input: ScreenRiskInput): ScreenPositionModel {
  const { position: p, mark, rule } = input;
  const q = p.quantity;
  const upnl = unrealizedPnl(q, mark, p.averageOpenPrice);
  const size = notional(q, mark);
  const imr = positionImr(rule, p.leverage, q * mark);
  const mmr = positionMmr(rule, q * mark);
  let liquidation = p.estLiquidationPrice;
  if (p.marginMode === 'CROSS') {
    const { collateral, others } = crossAccount(input);
    liquidation = liqPriceCross({
      ...rule,
      quantity: q,
      markPrice: mark,
      mmr,
      totalCollateral: collateral,
      otherPositions: others,
    });
  }
  return {
    symbol: p.symbol,
    marginMode: p.marginMode,
    side: p.side,
    quantity: q,
    averageOpenPrice: p.averageOpenPrice,
    markPrice: mark,
    notional: size,
    unrealizedPnl: upnl,
    unsettledPnl: unsettledPnlAtMark(p.unsettledPnl, q, p.markPrice, mark),
    unrealizedRoi: unrealizedRoi({
      unrealizedPnl: upnl,
      quantity: q,
      averageOpenPrice: p.averageOpenPrice,
      imr,
    }),
    initialMargin: size * imr,
    maintenanceMargin: maintenanceMargin(q, mark, mmr),
    estLiquidationPrice: liquidation,
    leverage: p.leverage,
    updatedAt: p.updatedAt,
  };
}
