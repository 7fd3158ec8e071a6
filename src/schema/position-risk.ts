/**
 * The risk figures of Position and Positions (docs/risk.md): computed by the gateway at the
 * mark now from the rows, the symbols' rules, the account's imr factors and its USDC — not the
 * upstream's — and recomputed in positionUpdates whenever a held symbol's mark moves.
 */
import type { PortfolioRisk, PositionRisk } from '../models/position-risk.ts';
import { portfolioFigure, positionFigure } from '../resolvers/position-risk.ts';
import { builder } from './builder.ts';
import { PositionRef, PositionsRef } from './portfolio.ts';

type RowFigure = Exclude<keyof PositionRisk, 'markPrice' | 'unsettledPnl' | 'estLiquidationPrice'>;

const ROW: Record<RowFigure, string> = {
  notional: '|quantity × mark|',
  unrealizedPnl: 'quantity × (mark − averageOpenPrice)',
  unrealizedRoi:
    'unrealizedPnl / (|quantity| × averageOpenPrice × IMR), IMR at the position leverage; 0 when any is 0',
  initialMargin: 'notional × IMR, IMR = max(1/leverage, base_imr, imr_factor × notional^0.8)',
  maintenanceMargin:
    'notional × MMR, MMR = max(base_mmr, base_mmr/base_imr × imr_factor × notional^0.8)',
};

builder.objectFields(PositionRef, (t) => ({
  ...(Object.fromEntries(
    (Object.keys(ROW) as RowFigure[]).map((key) => [
      key,
      t.float({ description: ROW[key], resolve: (p, _args, ctx) => positionFigure(ctx, p, key) }),
    ]),
  ) as Record<RowFigure, ReturnType<typeof t.float>>),
  estLiquidationPrice: t.float({
    nullable: true,
    description:
      'The mark at which the account (cross margin) would be liquidated, computed by the gateway; null when flat, without collateral, or ISOLATED',
    resolve: (p, _args, ctx) => positionFigure(ctx, p, 'estLiquidationPrice'),
  }),
}));

type AccountFigure = Exclude<keyof PortfolioRisk, 'positions'>;

const ACCOUNT: Record<AccountFigure, string> = {
  totalUnrealizedPnl: 'Σ unrealizedPnl',
  totalCollateral:
    'USDC holding + pending short + Σ unsettled PnL of the CROSS rows, at the marks now',
  freeCollateral: 'max(0, totalCollateral − cross initial margin with the open orders)',
  marginRatio: 'totalCollateral / Σ notional; 0 without positions',
  currentLeverage: '1 / marginRatio; 0 without positions',
};

builder.objectFields(
  PositionsRef,
  (t) =>
    Object.fromEntries(
      (Object.keys(ACCOUNT) as AccountFigure[]).map((key) => [
        key,
        t.float({
          description: ACCOUNT[key],
          resolve: (m, _args, ctx) => portfolioFigure(ctx, m, key),
        }),
      ]),
    ) as Record<AccountFigure, ReturnType<typeof t.float>>,
);
