/**
 * A take-profit / stop-loss trigger price from a PnL, an offset or an offset percentage, as the
 * SDK's TP/SL helpers compute it (market-algo-risk-facts.md §3 "TP/SL price maths in the SDK":
 * `pnlToPrice`, `offsetToPrice`, `offsetPercentageToPrice`, `tpslCalculateHelper`'s rounding).
 *
 * - The base is the entry price (a position's `average_open_price`) rounded UP (away from zero)
 *   to the symbol's quote decimals, 2 when the symbol is unknown (`quote_dp ?? 2`); the
 *   `fromMark` variants take the mark price as it is.
 * - `price` is exact (decimal arithmetic, exact.ts); `priceDisplay` is it cut toward zero to the
 *   same decimals — what is shown and sent as `trigger_price`.
 * - `null` where the SDK answers undefined: a zero pnl, offset or percentage, or a zero qty.
 */
import {
  add,
  type Decimal,
  div,
  exact,
  isZero,
  mul,
  negate,
  roundToPlaces,
  toNumber,
} from './exact.ts';

/** The side of the position (or entry order) the TP/SL closes: BUY is long. */
export type EntrySide = 'BUY' | 'SELL';
export type TpSlKind = 'TP' | 'SL';

/** Decimals when the symbol's quote decimals are unknown (the SDK's `quote_dp ?? 2`). */
export const DEFAULT_QUOTE_DP = 2;

export interface TpSlPrice {
  /** Entry rounded up to the quote decimals, or the mark price for `fromMark`. */
  basePrice: number;
  price: number | null;
  /** `price` cut toward zero to the quote decimals. */
  priceDisplay: number | null;
}

/** The entry price rounded up (away from zero) to `quoteDp ?? 2` decimals. */
export function tpslBase(entryPrice: number, quoteDp: number | null): Decimal {
  return roundToPlaces(exact(entryPrice), quoteDp ?? DEFAULT_QUOTE_DP, 'up');
}

/** +1 where the trigger lies above the base (long TP, short SL), −1 below. */
export function triggerSign(side: EntrySide, kind: TpSlKind): 1 | -1 {
  return (side === 'BUY') === (kind === 'TP') ? 1 : -1;
}

function priced(base: Decimal, price: Decimal | null, quoteDp: number | null): TpSlPrice {
  const places = quoteDp ?? DEFAULT_QUOTE_DP;
  return {
    basePrice: toNumber(base),
    price: price === null ? null : toNumber(price),
    priceDisplay: price === null ? null : toNumber(roundToPlaces(price, places, 'down')),
  };
}

export interface PnlToPriceInput {
  /** Signed: + long, − short. */
  quantity: number;
  entryPrice: number;
  pnl: number;
  quoteDp: number | null;
}

/** `base + pnl / qty` (the same for every side and kind). */
export function pnlToPrice(input: PnlToPriceInput): TpSlPrice {
  const base = tpslBase(input.entryPrice, input.quoteDp);
  const pnl = exact(input.pnl);
  const qty = exact(input.quantity);
  const price = isZero(pnl) || isZero(qty) ? null : add(base, div(pnl, qty));
  return priced(base, price, input.quoteDp);
}

export interface OffsetInput {
  side: EntrySide;
  kind: TpSlKind;
  entryPrice: number;
  quoteDp: number | null;
  /** Measure from the mark price (`*_offset_from_mark`) instead of the entry. */
  fromMark?: boolean;
  markPrice?: number;
}

function baseOf(input: OffsetInput): Decimal {
  if (!input.fromMark) return tpslBase(input.entryPrice, input.quoteDp);
  if (input.markPrice === undefined) throw new RangeError('fromMark needs markPrice');
  return exact(input.markPrice);
}

/** Long TP / short SL: `base + offset`; long SL / short TP: `base − offset`. */
export function offsetToPrice(input: OffsetInput & { offset: number }): TpSlPrice {
  const base = baseOf(input);
  const offset = exact(input.offset);
  const signed = triggerSign(input.side, input.kind) === 1 ? offset : negate(offset);
  return priced(base, isZero(offset) ? null : add(base, signed), input.quoteDp);
}

/** Long TP / short SL: `(1 + p) × base`; long SL / short TP: `(1 − p) × base`; p a fraction. */
export function offsetPercentageToPrice(
  input: OffsetInput & { offsetPercentage: number },
): TpSlPrice {
  const base = baseOf(input);
  const p = exact(input.offsetPercentage);
  const signed = triggerSign(input.side, input.kind) === 1 ? p : negate(p);
  const factor = add(exact(1), signed);
  return priced(base, isZero(p) ? null : mul(factor, base), input.quoteDp);
}
