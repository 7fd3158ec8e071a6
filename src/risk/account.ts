/**
 * Account-wide risk from its positions (market-algo-risk-facts.md §5: `totalNotional`,
 * `totalUnrealizedPnL`, **Total ROI**, **Margin ratio**, account **MMR**;
 * `JS/perp/src/positions/notional.ts`, `unrealizedPnL.ts`, `account/unrealizedROI.ts`,
 * `account/marginRatio.ts`, `account/mmr.ts`). Plain numbers: see position.ts.
 */
import { maintenanceMargin } from './margin-rates.ts';
import { notional, unrealizedPnl } from './position.ts';

interface Held {
  quantity: number;
  markPrice: number;
}

/** `Σ |qty × mark|`. */
export function totalNotional(positions: readonly Held[]): number {
  return positions.reduce((sum, p) => sum + notional(p.quantity, p.markPrice), 0);
}

/** `Σ qty × (mark − average_open_price)`. */
export function totalUnrealizedPnl(
  positions: readonly (Held & { averageOpenPrice: number })[],
): number {
  return positions.reduce(
    (sum, p) => sum + unrealizedPnl(p.quantity, p.markPrice, p.averageOpenPrice),
    0,
  );
}

/** `total_unrealized_pnl / (total_value − total_unrealized_pnl)`; 0 when that base is 0. */
export function totalUnrealizedRoi(totalUpnl: number, totalValueOfAccount: number): number {
  const base = totalValueOfAccount - totalUpnl;
  return base === 0 ? 0 : totalUpnl / base;
}

/** `total_collateral / Σ|qty × mark|`; 0 when either is 0 (a screen shows no positions as 1000%). */
export function marginRatio(totalCollateralValue: number, positions: readonly Held[]): number {
  if (totalCollateralValue === 0) return 0;
  const sum = totalNotional(positions);
  return sum === 0 ? 0 : totalCollateralValue / sum;
}

/** `Σ |qty × mark × mmr| / Σ |qty × mark|`; null when either sum is 0. */
export function accountMmr(positions: readonly (Held & { mmr: number })[]): number | null {
  const mm = positions.reduce(
    (sum, p) => sum + maintenanceMargin(p.quantity, p.markPrice, p.mmr),
    0,
  );
  const sum = totalNotional(positions);
  return mm === 0 || sum === 0 ? null : mm / sum;
}
