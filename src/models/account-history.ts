/**
 * The account history rows (GET /v1/asset/history, /v1/position_history, /v1/liquidations,
 * /v1/funding_fee/history, /v1/pnl_settlement/history) in the gateway's (GraphQL) shapes.
 * Trades: trade.ts.
 */
import type { WalletSide, WalletStatus } from '../contract/constants.ts';
import type {
  AssetHistoryRow,
  FundingFeeRow,
  LiquidationRow,
  PnlSettlementRow,
  PositionHistoryRow,
} from '../contract/wire-history.ts';
import type { MarginMode } from '../contract/wire-orders.ts';

export interface AssetTransactionModel {
  id: string;
  txId: string | null;
  side: WalletSide;
  token: string;
  amount: number;
  fee: number;
  status: WalletStatus;
  createdTime: number;
  updatedTime: number;
  chainId: string | null;
}

export const assetFromRest = (r: AssetHistoryRow): AssetTransactionModel => ({
  id: String(r.id),
  txId: r.tx_id || null,
  side: r.side,
  token: r.token,
  amount: r.amount,
  fee: r.fee,
  status: r.trans_status,
  createdTime: r.created_time,
  updatedTime: r.updated_time,
  chainId: r.chain_id ? String(r.chain_id) : null,
});

export interface ClosedPositionModel {
  positionId: string;
  status: string;
  closeType: string;
  symbol: string;
  side: 'LONG' | 'SHORT';
  averageOpenPrice: number;
  averageClosePrice: number;
  maxQuantity: number;
  closedQuantity: number;
  tradingFee: number;
  fundingFee: number;
  insuranceFundFee: number;
  liquidatorFee: number;
  liquidationId: string | null;
  realizedPnl: number;
  openedAt: number;
  closedAt: number;
  updatedAt: number;
  leverage: number;
  marginMode: MarginMode | null;
}

export const closedPositionFromRest = (r: PositionHistoryRow): ClosedPositionModel => ({
  positionId: String(r.position_id),
  status: r.status,
  closeType: r.type,
  symbol: r.symbol,
  side: r.side,
  averageOpenPrice: r.avg_open_price,
  averageClosePrice: r.avg_close_price,
  maxQuantity: r.max_position_qty,
  closedQuantity: r.closed_position_qty,
  tradingFee: r.trading_fee,
  fundingFee: r.accumulated_funding_fee,
  insuranceFundFee: r.insurance_fund_fee,
  liquidatorFee: r.liquidator_fee,
  liquidationId:
    r.liquidation_id === null || r.liquidation_id === undefined ? null : String(r.liquidation_id),
  realizedPnl: r.realized_pnl,
  openedAt: r.open_timestamp,
  closedAt: r.close_timestamp,
  updatedAt: r.last_update_timestamp,
  leverage: r.leverage,
  marginMode: r.margin_mode ?? null,
});

export interface LiquidatedPerpModel {
  symbol: string;
  positionQty: number;
  markPrice: number;
  transferPrice: number;
  costPositionTransfer: number;
  liquidatorFee: number;
  insuranceFundFee: number;
}

export interface LiquidationModel {
  liquidationId: string;
  timestamp: number;
  transferAmountToInsuranceFund: number;
  marginRatio: number;
  accountMmr: number;
  positionNotional: number;
  collateralValue: number;
  positions: LiquidatedPerpModel[];
}

export const liquidationFromRest = (r: LiquidationRow): LiquidationModel => ({
  liquidationId: String(r.liquidation_id),
  timestamp: r.timestamp,
  transferAmountToInsuranceFund: r.transfer_amount_to_insurance_fund,
  marginRatio: r.margin_ratio,
  accountMmr: r.account_mmr,
  positionNotional: r.position_notional,
  collateralValue: r.collateral_value,
  positions: (r.positions_by_perp ?? []).map((p) => ({
    symbol: p.symbol,
    positionQty: p.position_qty,
    markPrice: p.mark_price,
    transferPrice: p.transfer_price,
    costPositionTransfer: p.cost_position_transfer,
    liquidatorFee: p.liquidator_fee,
    insuranceFundFee: p.insurance_fund_fee,
  })),
});

export interface FundingFeeModel {
  symbol: string;
  fundingRate: number;
  markPrice: number;
  fundingFee: number;
  paymentType: 'RECEIVE' | 'PAY';
  status: 'ACCRUED' | 'SETTLED' | null;
  createdTime: number;
  updatedTime: number;
  marginMode: MarginMode | null;
}

export const fundingFeeFromRest = (r: FundingFeeRow): FundingFeeModel => ({
  symbol: r.symbol,
  fundingRate: r.funding_rate,
  markPrice: r.mark_price,
  fundingFee: r.funding_fee,
  paymentType: String(r.payment_type).toUpperCase() === 'PAY' ? 'PAY' : 'RECEIVE',
  status:
    String(r.status).toUpperCase() === 'SETTLED'
      ? 'SETTLED'
      : String(r.status).toUpperCase() === 'ACCRUED'
        ? 'ACCRUED'
        : null,
  createdTime: r.created_time,
  updatedTime: r.updated_time,
  marginMode: r.margin_mode ?? null,
});

export interface PnlSettlementModel {
  id: string;
  oldBalance: number;
  newBalance: number;
  settledAmount: number;
  status: string;
  requestedTime: number;
  settledTime: number;
  symbols: { symbol: string; settledAmount: number }[];
}

export const settlementFromRest = (r: PnlSettlementRow): PnlSettlementModel => ({
  id: String(r.id),
  oldBalance: r.old_balance,
  newBalance: r.new_balance,
  settledAmount: r.settled_amount,
  status: r.status,
  requestedTime: r.requested_time,
  settledTime: r.settled_time,
  symbols: (r.symbols ?? []).map((s) => ({ symbol: s.symbol, settledAmount: s.settled_amount })),
});
