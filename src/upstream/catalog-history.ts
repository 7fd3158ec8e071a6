/**
 * The account history entries of the catalog (catalog.ts; contract/endpoints-history.ts):
 * the lists a portfolio page reads, each one line over the request core.
 */
import type {
  AssetHistoryQuery,
  AssetHistoryRow,
  FundingFeeRow,
  HistoryPage,
  HistoryRows,
  HistoryWindow,
  LiquidationRow,
  LiquidationsQuery,
  PnlSettlementRow,
  PositionHistoryQuery,
  PositionHistoryRow,
  SymbolHistoryQuery,
  TradeRow,
} from '../contract/wire-history.ts';
import { op, query } from './operation.ts';

export const HISTORY_OPERATIONS = {
  assetHistory: op<HistoryPage<AssetHistoryRow>>()(
    'GET /v1/asset/history',
    (q: AssetHistoryQuery) => query(q),
  ),
  trades: op<HistoryPage<TradeRow>>()('GET /v1/trades', (q: SymbolHistoryQuery) => query(q)),
  orderTrades: op<HistoryRows<TradeRow>>()('GET /v1/order/{order_id}/trades', (id: number) => ({
    params: { order_id: String(id) },
  })),
  positionHistory: op<HistoryRows<PositionHistoryRow>>()(
    'GET /v1/position_history',
    (q: PositionHistoryQuery) => query(q),
  ),
  liquidations: op<HistoryPage<LiquidationRow>>()('GET /v1/liquidations', (q: LiquidationsQuery) =>
    query(q),
  ),
  fundingFeeHistory: op<HistoryPage<FundingFeeRow>>()(
    'GET /v1/funding_fee/history',
    (q: SymbolHistoryQuery) => query(q),
  ),
  pnlSettlementHistory: op<HistoryPage<PnlSettlementRow>>()(
    'GET /v1/pnl_settlement/history',
    (q: HistoryWindow) => query(q),
  ),
} as const;
