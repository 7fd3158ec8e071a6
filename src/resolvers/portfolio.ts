/** `Account.positions` and `Account.balances`: GET /v1/positions and GET /v1/client/holding. */
import type { GatewayContext } from '../schema/context.ts';
import type { Holding, MarginMode, PositionRow, Positions } from '../upstream/types.ts';
import { requireAccount } from './context.ts';
import { orThrowCoded } from './errors.ts';

export interface PositionModel {
  symbol: string;
  marginMode: MarginMode;
  /** Signed: negative is short. */
  quantity: number;
  side: 'LONG' | 'SHORT' | 'FLAT';
  costPosition: number;
  averageOpenPrice: number;
  markPrice: number;
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

const round10 = (n: number) => Number(n.toFixed(10));

export function toPosition(row: PositionRow): PositionModel {
  const quantity = row.position_qty;
  return {
    symbol: row.symbol,
    marginMode: row.margin_mode,
    quantity,
    side: quantity > 0 ? 'LONG' : quantity < 0 ? 'SHORT' : 'FLAT',
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

export function toPositions(p: Positions): PositionsModel {
  return {
    freeCollateral: p.free_collateral,
    totalCollateralValue: p.total_collateral_value,
    marginRatio: p.margin_ratio,
    initialMarginRatio: p.initial_margin_ratio,
    maintenanceMarginRatio: p.maintenance_margin_ratio,
    openMarginRatio: p.open_margin_ratio,
    totalPnl24h: p.total_pnl_24_h,
    rows: p.rows.map(toPosition),
  };
}

export const toBalance = (h: Holding): BalanceModel => ({
  token: h.token,
  holding: h.holding,
  frozen: h.frozen,
  free: round10(h.holding - h.frozen),
  pendingShort: h.pending_short,
  updatedAt: h.updated_time,
});

export function loadPositions(ctx: GatewayContext): Promise<PositionsModel> {
  return orThrowCoded(async () => toPositions(await requireAccount(ctx).positions()));
}

export function loadBalances(ctx: GatewayContext, includeZero: boolean): Promise<BalanceModel[]> {
  return orThrowCoded(async () => {
    const { holding } = await requireAccount(ctx).holdings({ all: includeZero });
    return holding.map(toBalance);
  });
}
