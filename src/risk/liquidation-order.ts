/**
 * The cross liquidation price an order would leave (market-algo-risk-facts.md §5 **Est. liq.
 * price for a new order (cross)**; `JS/perp/src/order.ts estLiqPrice`), for an order preview.
 *
 * Reproduced as the SDK computes it, two quirks included so a screen shows the same figure:
 * a symbol with no position adds the order's maintenance margin SIGNED (`qty × price ×
 * base_mmr`, a sell lowers it), and the size term raises the whole product
 * `(base_mmr/base_imr) × imr_factor × |notional|` to 4/5. Plain numbers: see position.ts.
 */
import { IMR_FACTOR_POWER } from './constants.ts';
import type { MarginRule } from './margin-rates.ts';

export interface OrderLiquidationInput extends MarginRule {
  totalCollateral: number;
  /** The order symbol's mark price. */
  markPrice: number;
  /** `qty × price × futures_taker_fee_rate` (fee rate as a fraction). */
  orderFee: number;
  /** Every position the account holds, with its current MMR. */
  positions: readonly { symbol: string; quantity: number; markPrice: number; mmr: number }[];
  /** Signed quantity (+ buy, − sell) at the order's reference price. */
  order: { symbol: string; quantity: number; price: number };
}

/** The price; null when the order leaves no position (or the formula has no solution). */
export function estLiqPriceForOrder(input: OrderLiquidationInput): number | null {
  const { positions, order } = input;
  const orderNotional = order.quantity * order.price;
  const current = positions.find((p) => p.symbol === order.symbol);
  let totalMm = 0;
  for (const p of positions) {
    const added = p.symbol === order.symbol ? orderNotional : 0;
    totalMm += Math.abs(p.quantity * p.markPrice + added) * p.mmr;
  }
  if (!current) totalMm += orderNotional * input.baseMmr;
  const held = current ? current.quantity * current.markPrice : 0;
  const scaled = (input.baseMmr / input.baseImr) * input.imrFactor * Math.abs(orderNotional + held);
  const mmr = Math.max(input.baseMmr, scaled ** IMR_FACTOR_POWER);
  const after = order.quantity + (current?.quantity ?? 0);
  const denominator = Math.abs(after) * mmr - after;
  if (after === 0 || denominator === 0) return null;
  const basePrice = positions.some((p) => p.quantity > 0) ? input.markPrice : order.price;
  const free = input.totalCollateral - totalMm - input.orderFee;
  return Math.max(0, basePrice + free / denominator);
}
