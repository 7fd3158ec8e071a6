/**
 * A position's live figures. The gateway pushes a position when it changes (a fill), not when
 * the mark moves, so the unrealized PnL is recomputed here from the live mark (markPrices),
 * the way the upstream computes `unsettled_pnl`. TODO(unrealizedPnl): once Position carries
 * the gateway's own live `unrealizedPnl` (and a live `estLiquidationPrice`), select them in
 * `ScreenPosition` (operations/demo/screen-account.graphql) and return them here: this is
 * the only place the panel reads them from.
 */
import type { ScreenPositionFragment } from '../../../operations/generated/graphql.ts';
import type { RowPolicy } from './live-rows.ts';

export type Position = ScreenPositionFragment;

export interface PositionFigures {
  mark: number;
  unrealizedPnl: number;
  /** null: the upstream gives none (a long no price can liquidate, say). */
  liquidationPrice: number | null;
}

export function positionFigures(position: Position, liveMark: number | undefined): PositionFigures {
  const mark = liveMark ?? position.markPrice;
  const liquidation = position.estLiquidationPrice;
  return {
    mark,
    unrealizedPnl: position.quantity * (mark - position.averageOpenPrice),
    liquidationPrice: liquidation && liquidation > 0 ? liquidation : null,
  };
}

export const positionPolicy: RowPolicy<Position> = {
  keyOf: (p) => `${p.symbol}/${p.marginMode}`,
  versionOf: (p) => p.updatedAt,
  keep: (p) => p.quantity !== 0,
};
