/**
 * How much of a token the account may withdraw now (market-algo-risk-facts.md §5 **Max
 * withdrawable**; `JS/perp/src/account/maxWithdrawal.ts`, `JS/hooks/src/svc/useMaxWithdrawal.ts`):
 * unsettled profit must be settled before it can leave, so it is taken off free collateral.
 * Account-wide free collateral comes from collateral.ts and initial-margin.ts, fed with the
 * rows account-room.ts holds. Plain numbers (see position.ts); the answer is floored to the
 * token's decimals with exact decimals, so it is an amount the upstream takes.
 */
import type { AccountRisk } from './account-room.ts';
import { freeCollateral, totalCollateral } from './collateral.ts';
import { exact, roundToPlaces, toNumber } from './exact.ts';
import { totalInitialMarginWithQty } from './initial-margin.ts';

/** `value` down to `decimals` places, never below 0. */
const floorTo = (value: number, decimals: number) =>
  value > 0 ? toNumber(roundToPlaces(exact(value), decimals, 'down')) : 0;

export interface UsdcWithdrawalInput {
  /** USDC `holding` (GET /v1/client/holding). */
  usdcHolding: number;
  freeCollateral: number;
  /** Σ `unsettled_pnl` of every position at the current marks. */
  unsettledPnl: number;
}

/** USDC: `max(0, min(usdc_holding, free_collateral − max(unsettled_pnl, 0)))`. */
export function maxWithdrawableUsdc(input: UsdcWithdrawalInput, decimals = 6): number {
  const room = input.freeCollateral - Math.max(input.unsettledPnl, 0);
  return floorTo(Math.min(input.usdcHolding, room), decimals);
}

export interface TokenWithdrawalInput {
  /** The token's holding. */
  holding: number;
  freeCollateral: number;
  indexPrice: number;
  /** Its collateral ratio (collateral.ts `collateralRatio`). */
  weight: number;
  /** A negative USDC holding makes the token's collateral 0.2% dearer to take out. */
  usdcHolding: number;
}

/** Other tokens: `min(holding, free_collateral / (index × weight × (usdc < 0 ? 1.002 : 1)))`. */
export function maxWithdrawableToken(input: TokenWithdrawalInput, decimals: number): number {
  const price = input.indexPrice * input.weight * (input.usdcHolding < 0 ? 1.002 : 1);
  const byCollateral = price > 0 ? input.freeCollateral / price : 0;
  return floorTo(Math.min(input.holding, byCollateral), decimals);
}

/**
 * The account's free collateral, `max(0, total_collateral − total_initial_margin_with_orders)`
 * over its cross rows, and the unsettled PnL of every row.
 */
export function accountFreeCollateral(account: AccountRisk): {
  freeCollateral: number;
  unsettledPnl: number;
} {
  const { usdcHolding, pendingShort, positions } = account;
  const collateral = totalCollateral({
    usdcHolding,
    pendingShort,
    isolatedOrderFrozen: 0,
    positions,
  });
  const margin = totalInitialMarginWithQty({
    positions,
    markPrices: account.markPrices,
    leverages: account.leverages,
    rules: account.rules,
  });
  return {
    freeCollateral: freeCollateral(collateral.totalCollateral, margin.total),
    unsettledPnl: positions.reduce((sum, p) => sum + p.unsettledPnl, 0),
  };
}
