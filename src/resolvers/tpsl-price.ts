/**
 * A TP/SL leg's trigger price from what the caller gave — the price itself, the PnL at the
 * trigger, an offset from the entry or an offset in percent of it — with the SDK's TP/SL maths
 * (src/risk, facts §3): the base is the position's average open price rounded up to the
 * symbol's quote decimals, the result cut to them (`priceDisplay`, what is sent).
 */
import { decimalOf } from '../contract/decimal.ts';
import {
  type EntrySide,
  offsetPercentageToPrice,
  offsetToPrice,
  pnlToPrice,
  type TpSlKind,
} from '../risk/tpsl-price.ts';

export interface TpSlLegArgs {
  triggerPrice?: number | null;
  /** The position's PnL when the trigger fires: a stop-loss's is usually negative. */
  pnl?: number | null;
  /** A price distance from the entry, toward profit (TP) or loss (SL). */
  offset?: number | null;
  /** The same in percent of the entry: 5 is 5 %. */
  offsetPercent?: number | null;
}

export interface TpSlBase {
  side: EntrySide;
  /** Signed: + long, − short (the TP/SL's quantity, or the whole position's). */
  quantity: number;
  entryPrice: number;
  /** Decimals of the symbol's quote tick. */
  quoteDp: number;
}

/** `percent / 100` without binary noise (5.5 → 0.055 exactly as written). */
export function percentToFraction(percent: number): number {
  const d = decimalOf(percent);
  return Number(`${d.coefficient}e${d.exponent - 2}`);
}

/** The trigger price a leg means; null when its PnL, offset or percent is zero. */
export function legTriggerPrice(leg: TpSlLegArgs, kind: TpSlKind, base: TpSlBase): number | null {
  if (leg.triggerPrice != null) return leg.triggerPrice;
  const { side, quantity, entryPrice, quoteDp } = base;
  if (leg.pnl != null)
    return pnlToPrice({ quantity, entryPrice, pnl: leg.pnl, quoteDp }).priceDisplay;
  const at = { side, kind, entryPrice, quoteDp };
  if (leg.offset != null) return offsetToPrice({ ...at, offset: leg.offset }).priceDisplay;
  const offsetPercentage = percentToFraction(leg.offsetPercent ?? 0);
  return offsetPercentageToPrice({ ...at, offsetPercentage }).priceDisplay;
}
