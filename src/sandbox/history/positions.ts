/**
 * Position history: a position is tracked from the fill that opens it to the fill (or the
 * liquidation) that closes it, then kept as a GET /v1/position_history row. A fill that flips
 * the side closes the position and opens another with the rest. Fees of every fill and the
 * funding of every period while open are summed on it.
 */
import type { MarginMode } from '../../contract/wire-orders.ts';
import { round } from '../decimal.ts';
import { type AccountHistory, keep, type OpenPosition } from './book.ts';

/** A position before or after a fill: signed quantity and average open price. */
export interface Held {
  quantity: number;
  averageOpenPrice: number;
}

export interface PositionFill {
  key: string;
  symbol: string;
  marginMode: MarginMode;
  before: Held;
  after: Held;
  price: number;
  quantity: number;
  fee: number;
  realized: number;
  leverage: number;
  now: number;
}

/** How a position ended: by fills (`normal`) or by the liquidator. */
export interface Closing {
  type: 'normal' | 'liquidated';
  leverage: number;
  now: number;
  liquidationId?: number;
  liquidatorFee?: number;
}

function opened(id: number, fill: PositionFill, held: Held): OpenPosition {
  return {
    positionId: id,
    symbol: fill.symbol,
    marginMode: fill.marginMode,
    side: held.quantity > 0 ? 'LONG' : 'SHORT',
    averageOpenPrice: held.averageOpenPrice,
    maxQuantity: Math.abs(held.quantity),
    closedQuantity: 0,
    closedNotional: 0,
    tradingFee: 0,
    fundingFee: 0,
    realizedPnl: 0,
    openTime: fill.now,
    updatedTime: fill.now,
  };
}

/** Moves the tracked position by one fill, closing it (and opening the flipped rest) as it goes. */
export function positionFilled(
  history: AccountHistory,
  nextId: () => number,
  fill: PositionFill,
): void {
  const { before, after } = fill;
  let open = history.open.get(fill.key);
  if (!open && before.quantity === 0) {
    if (after.quantity === 0) return;
    open = opened(nextId(), fill, after);
    history.open.set(fill.key, open);
  }
  // A position the book never saw open (before history was kept): tracked from now.
  open ??= opened(nextId(), fill, before);
  open.tradingFee += fill.fee;
  open.updatedTime = fill.now;
  const growing = before.quantity === 0 || Math.sign(after.quantity) === Math.sign(before.quantity);
  if (growing && Math.abs(after.quantity) >= Math.abs(before.quantity)) {
    open.averageOpenPrice = after.averageOpenPrice;
    open.maxQuantity = Math.max(open.maxQuantity, Math.abs(after.quantity));
    history.open.set(fill.key, open);
    return;
  }
  const closing = Math.min(fill.quantity, Math.abs(before.quantity));
  open.closedQuantity += closing;
  open.closedNotional += closing * fill.price;
  open.realizedPnl += fill.realized;
  history.open.set(fill.key, open);
  if (after.quantity !== 0 && Math.sign(after.quantity) === Math.sign(before.quantity)) return;
  positionClosed(history, fill.key, { type: 'normal', leverage: fill.leverage, now: fill.now });
  if (after.quantity !== 0) history.open.set(fill.key, opened(nextId(), fill, after));
}

/** Ends the tracked position of `key` as a history row. */
export function positionClosed(history: AccountHistory, key: string, how: Closing): void {
  const open = history.open.get(key);
  if (!open) return;
  history.open.delete(key);
  const closed = open.closedQuantity;
  keep(history.closed, {
    position_id: open.positionId,
    status: 'closed',
    type: how.type,
    symbol: open.symbol,
    avg_open_price: round(open.averageOpenPrice),
    avg_close_price: closed > 0 ? round(open.closedNotional / closed) : 0,
    max_position_qty: round(open.maxQuantity, 10),
    closed_position_qty: round(closed, 10),
    side: open.side,
    trading_fee: round(open.tradingFee),
    accumulated_funding_fee: round(open.fundingFee),
    insurance_fund_fee: 0,
    liquidator_fee: round(how.liquidatorFee ?? 0),
    liquidation_id: how.liquidationId ?? null,
    realized_pnl: round(open.realizedPnl),
    open_timestamp: open.openTime,
    close_timestamp: how.now,
    last_update_timestamp: how.now,
    leverage: how.leverage,
    margin_mode: open.marginMode,
  });
}

/** A liquidation closes the whole position at `price`: the rest is closed and realized there. */
export function positionLiquidated(
  history: AccountHistory,
  key: string,
  held: Held,
  price: number,
  how: Closing,
): void {
  const open = history.open.get(key);
  if (!open) return;
  const quantity = Math.abs(held.quantity);
  open.closedQuantity += quantity;
  open.closedNotional += quantity * price;
  open.realizedPnl += held.quantity * (price - held.averageOpenPrice);
  positionClosed(history, key, how);
}
