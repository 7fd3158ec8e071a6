/**
 * Positions and balances in the gateway's (GraphQL) shapes, and their mapping from the REST
 * rows (GET /v1/positions, GET /v1/client/holding). One piece for the reads
 * (`Account.positions`, `Account.balances`) and the live stream's resync, so a subscriber
 * cannot tell a pushed row from one read by REST.
 */
import type { Holding, MarginMode, PositionRow, Positions } from '../contract/wire.ts';
import type { PortfolioRisk, PositionRisk } from './position-risk.ts';

/**
 * Risk figures (position-risk.ts) as a model carries them: computed already (a live event),
 * or computed when a field first asks (a query: the reads they need are made only then).
 */
export type RiskOf<T> = T | (() => Promise<T>);

export interface PositionModel {
  symbol: string;
  marginMode: MarginMode;
  /** Signed: negative is short. */
  quantity: number;
  side: 'LONG' | 'SHORT' | 'FLAT';
  costPosition: number;
  averageOpenPrice: number;
  markPrice: number;
  /** The upstream's own estimate (`est_liq_price`); the schema's `estLiquidationPrice` is `risk`'s. */
  estLiquidationPrice: number | null;
  unsettledPnl: number;
  pnl24h: number;
  fee24h: number;
  pendingLongQuantity: number;
  pendingShortQuantity: number;
  leverage: number;
  imr: number;
  mmr: number;
  updatedAt: number;
  /** Absent: the schema computes them over the account's rows read by REST. */
  risk?: RiskOf<PositionRisk>;
}

export interface PositionsModel {
  freeCollateral: number;
  totalCollateralValue: number;
  marginRatio: number;
  initialMarginRatio: number;
  maintenanceMarginRatio: number;
  openMarginRatio: number;
  totalPnl24h: number;
  rows: PositionModel[];
  /** Absent: the schema computes them over `rows`. */
  risk?: RiskOf<PortfolioRisk>;
}

export interface BalanceModel {
  token: string;
  holding: number;
  frozen: number;
  /** holding − frozen, rounded to 10 places (binary fractions). */
  free: number;
  pendingShort: number;
  updatedAt: number;
}

export const positionSide = (quantity: number): PositionModel['side'] =>
  quantity > 0 ? 'LONG' : quantity < 0 ? 'SHORT' : 'FLAT';

/** holding − frozen without binary noise. */
export const freeBalance = (holding: number, frozen: number): number =>
  Number((holding - frozen).toFixed(10));

/** A row of GET /v1/positions (snake_case). */
export function positionFromRest(row: PositionRow): PositionModel {
  return {
    symbol: row.symbol,
    marginMode: row.margin_mode,
    quantity: row.position_qty,
    side: positionSide(row.position_qty),
    costPosition: row.cost_position,
    averageOpenPrice: row.average_open_price,
    markPrice: row.mark_price,
    estLiquidationPrice: row.est_liq_price ?? null,
    unsettledPnl: row.unsettled_pnl,
    pnl24h: row.pnl_24_h,
    fee24h: row.fee_24_h,
    pendingLongQuantity: row.pending_long_qty,
    pendingShortQuantity: row.pending_short_qty,
    leverage: row.leverage,
    imr: row.imr,
    mmr: row.mmr,
    updatedAt: row.timestamp,
  };
}

/** The whole GET /v1/positions answer. */
export function positionsFromRest(p: Positions): PositionsModel {
  return {
    freeCollateral: p.free_collateral,
    totalCollateralValue: p.total_collateral_value,
    marginRatio: p.margin_ratio,
    initialMarginRatio: p.initial_margin_ratio,
    maintenanceMarginRatio: p.maintenance_margin_ratio,
    openMarginRatio: p.open_margin_ratio,
    totalPnl24h: p.total_pnl_24_h,
    rows: p.rows.map(positionFromRest),
  };
}

/** An entry of GET /v1/client/holding (snake_case). */
export function balanceFromRest(row: Holding): BalanceModel {
  return {
    token: row.token,
    holding: row.holding,
    frozen: row.frozen,
    free: freeBalance(row.holding, row.frozen),
    pendingShort: row.pending_short,
    updatedAt: row.updated_time,
  };
}
