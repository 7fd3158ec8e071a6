/** A fill of the account's trade list (`account.trades`) as GET /v1/trades answers it. */
import type { TradeRow } from '../../contract/wire-history.ts';
import { quoteOf } from '../records.ts';
import type { Trade } from '../types.ts';

export function tradeRow(trade: Trade): TradeRow {
  const quote = quoteOf(trade.symbol);
  return {
    id: trade.tradeId,
    symbol: trade.symbol,
    fee: trade.fee,
    fee_asset: quote,
    side: trade.side,
    order_id: trade.orderId,
    executed_price: trade.price,
    executed_quantity: trade.quantity,
    executed_timestamp: trade.time,
    is_maker: trade.maker ? 1 : 0,
    realized_pnl: trade.realizedPnl,
    match_id: trade.matchId,
    margin_token: quote,
    margin_change_qty: 0,
    margin_mode: trade.marginMode,
    order_enum_fee: trade.enumFee,
    order_enum_fee_rate: trade.enumFeeRate,
  };
}
