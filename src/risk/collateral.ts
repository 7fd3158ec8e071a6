/**
 * What the account can put up (market-algo-risk-facts.md §5 **Total collateral** with its
 * collateral ratio, **Free collateral** and its USDC-only variant, **Total value**;
 * `JS/perp/src/account/totalCollateral.ts`, `collateral.ts`, `freeCollateral.ts`,
 * `freeCollateralUSDCOnly.ts`, `totalValue.ts`). Plain numbers: see position.ts.
 */
import { IMR_FACTOR_POWER } from './constants.ts';

/** A non-USDC token held as collateral. */
export interface CollateralToken {
  holding: number;
  indexPrice: number;
  /** The most of it that counts; −1 = unlimited. */
  cap: number;
  baseWeight: number;
  discountFactor: number;
}

const capped = (t: CollateralToken) => (t.cap === -1 ? t.holding : Math.min(t.holding, t.cap));

/** `min(base_weight, 1.2 / (1 + discount_factor × |min(qty, cap) × index|^(4/5)))`. */
export function collateralRatio(token: CollateralToken): number {
  const size = Math.abs(capped(token) * token.indexPrice) ** IMR_FACTOR_POWER;
  return Math.min(token.baseWeight, 1.2 / (1 + token.discountFactor * size));
}

/** `Σ min(holding, cap) × collateral ratio × index price`: the tokens' collateral value. */
export function tokensCollateral(tokens: readonly CollateralToken[]): number {
  return tokens.reduce((sum, t) => sum + capped(t) * collateralRatio(t) * t.indexPrice, 0);
}

export interface TotalCollateralInput {
  /** USDC `holding` (GET /v1/client/holding). */
  usdcHolding: number;
  /** USDC `pending_short` (≤ 0: withdrawals and fees on their way out). */
  pendingShort: number;
  /** USDC frozen for open isolated orders; its magnitude counts. */
  isolatedOrderFrozen: number;
  /** Position rows: only CROSS rows' `unsettled_pnl` counts. */
  positions: readonly { marginMode?: string; unsettledPnl: number }[];
  tokens?: readonly CollateralToken[];
}

/**
 * `usdc_holding + pending_short − |isolated_order_frozen| + Σ tokens + total_unsettled_cross_pnl`,
 * the last being Σ `unsettled_pnl` of the CROSS rows.
 */
export function totalCollateral(input: TotalCollateralInput): {
  totalUnsettledCrossPnl: number;
  totalCollateral: number;
} {
  const cross = input.positions.filter((p) => p.marginMode === 'CROSS');
  const pnl = cross.reduce((sum, p) => sum + p.unsettledPnl, 0);
  const usdc = input.usdcHolding + input.pendingShort - Math.abs(input.isolatedOrderFrozen);
  const total = usdc + tokensCollateral(input.tokens ?? []) + pnl;
  return { totalUnsettledCrossPnl: pnl, totalCollateral: total };
}

/** `max(0, total_collateral − total_initial_margin_with_orders)`. */
export function freeCollateral(totalCollateralValue: number, totalInitialMargin: number): number {
  return Math.max(0, totalCollateralValue - totalInitialMargin);
}

/** Free collateral in USDC alone: `max(0, free − Σ tokens)` (isolated margin draws on it). */
export function freeCollateralUsdcOnly(free: number, tokens: readonly CollateralToken[]): number {
  return Math.max(0, free - tokensCollateral(tokens));
}

export interface TotalValueInput {
  usdcHolding: number;
  /** Every non-USDC token at its index price, collateral or not. */
  tokens?: readonly { holding: number; indexPrice: number }[];
  /** Σ margin of isolated positions. */
  isolatedMargin: number;
  /** Σ `unsettled_pnl` of every position (cross and isolated). */
  totalUnsettledPnl: number;
}

/** `Σ holding × index + usdc_holding + Σ isolated margin + total unsettled PnL`. */
export function totalValue(input: TotalValueInput): number {
  const tokens = (input.tokens ?? []).reduce((sum, t) => sum + t.holding * t.indexPrice, 0);
  return tokens + input.usdcHolding + input.isolatedMargin + input.totalUnsettledPnl;
}
