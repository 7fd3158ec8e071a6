/**
 * An isolated position's liquidation price, now or after an order (market-algo-risk-facts.md
 * §5 **Liquidation price, isolated**; `JS/perp/src/positions/liquidationPriceIsolated.ts`).
 *
 * `(margin' − cost' − q' × (sum_unitary_funding − last_sum_unitary_funding)) / (|q'| × MMR' − q')`
 * with `MMR' = max(base_mmr, (base_mmr/base_imr) × imr_factor × (|q'| × ref)^(4/5))`. The facts
 * give margin' per case; cost' they leave out — taken here as the SDK's: the order's signed
 * notional added (open, add, reduce), `q' × ref` on a flip. Plain numbers: see position.ts.
 */
import { ISO_TAKER_FEE_BUFFER } from './constants.ts';
import { type MarginRule, positionMmr } from './margin-rates.ts';

export interface IsolatedLiquidationInput extends MarginRule {
  /** Signed: + long, − short (0: no position yet). */
  quantity: number;
  /** The position's isolated margin. */
  margin: number;
  /** `cost_position` (signed). */
  costPosition: number;
  sumUnitaryFunding: number;
  lastSumUnitaryFunding: number;
  /** The mark price for the position alone; the order's reference price with an order. */
  referencePrice: number;
  leverage: number;
  /** A prospective order: signed quantity (+ buy, − sell); 0 or absent for the position alone. */
  orderQuantity?: number;
}

/** margin' and cost' after the order, per the facts' open/add, reduce and flip cases. */
function afterOrder(input: IsolatedLiquidationInput, after: number): [number, number] {
  const { quantity: q, margin, costPosition, referencePrice: ref } = input;
  const order = input.orderQuantity ?? 0;
  const rate = 1 / input.leverage + ISO_TAKER_FEE_BUFFER;
  if (order === 0) return [margin, costPosition];
  if (q === 0 || Math.sign(order) === Math.sign(q)) {
    return [margin + Math.abs(order) * ref * rate, costPosition + order * ref];
  }
  if (Math.sign(after) === Math.sign(q)) return [(margin * after) / q, costPosition + order * ref];
  return [Math.abs(after) * ref * rate, after * ref];
}

/** The liquidation price; null with no position afterwards or when it is not above 0. */
export function liqPriceIsolated(input: IsolatedLiquidationInput): number | null {
  const after = input.quantity + (input.orderQuantity ?? 0);
  if (after === 0) return null;
  const [margin, cost] = afterOrder(input, after);
  const funding = after * (input.sumUnitaryFunding - input.lastSumUnitaryFunding);
  const mmr = positionMmr(input, Math.abs(after) * input.referencePrice);
  const denominator = Math.abs(after) * mmr - after;
  if (denominator === 0) return null;
  const price = (margin - cost - funding) / denominator;
  return price > 0 ? price : null;
}
