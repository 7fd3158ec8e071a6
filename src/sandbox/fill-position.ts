/** How a fill moves a position: size, average open price and the PnL a closing fill realizes. */
import { round } from './decimal.ts';
import type { Fill } from './market/market.ts';
import type { Order, Position } from './types.ts';

/** Moves the position by the fill; returns the PnL it realized. */
export function movePosition(position: Position, order: Order, fill: Fill, now: number): number {
  const notional = fill.price * fill.quantity;
  const signed = order.side === 'BUY' ? fill.quantity : -fill.quantity;
  let realized = 0;
  if (position.quantity === 0 || Math.sign(position.quantity) === Math.sign(signed)) {
    const size = Math.abs(position.quantity);
    position.averageOpenPrice =
      (size * position.averageOpenPrice + notional) / (size + fill.quantity);
  } else {
    const closing = Math.min(fill.quantity, Math.abs(position.quantity));
    realized = closing * (fill.price - position.averageOpenPrice) * Math.sign(position.quantity);
    if (fill.quantity > Math.abs(position.quantity)) position.averageOpenPrice = fill.price;
  }
  position.quantity = round(position.quantity + signed, 10);
  if (position.quantity === 0) position.averageOpenPrice = 0;
  position.updatedTime = now;
  return realized;
}
