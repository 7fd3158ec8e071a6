/**
 * From a TP/SL trigger price back to the PnL, offset and offset percentage it means, as the
 * SDK's TP/SL helpers do (market-algo-risk-facts.md §3 "TP/SL price maths in the SDK":
 * `priceToPnl`, `priceToOffset`, `priceToOffsetPercentage`, `getTPSLDirection`, `tpslROI`).
 * The base is the entry rounded up to the quote decimals (tpsl-price.ts `tpslBase`); all
 * arithmetic is exact decimal (exact.ts) so the roundings land where the SDK's do.
 */

import { compareDecimals } from '../contract/decimal.ts';
import {
  abs,
  type Decimal,
  div,
  exact,
  isZero,
  mul,
  negate,
  roundToPlaces,
  sub,
  toNumber,
} from './exact.ts';
import { type EntrySide, tpslBase } from './tpsl-price.ts';

interface FromPriceInput {
  entryPrice: number;
  price: number;
  /** null: the symbol is unknown — base rounded to 2 decimals, results not rounded. */
  quoteDp: number | null;
}

/** `qty × (price − base)`, rounded away from zero to 2 decimals when the symbol is known. */
export function priceToPnl(input: FromPriceInput & { quantity: number }): {
  basePrice: number;
  pnl: number;
} {
  const base = tpslBase(input.entryPrice, input.quoteDp);
  const pnl = mul(exact(input.quantity), sub(exact(input.price), base));
  const shown = input.quoteDp === null ? pnl : roundToPlaces(pnl, 2, 'up');
  return { basePrice: toNumber(base), pnl: toNumber(shown) };
}

/** `|price − base|`, rounded up to the quote decimals when the symbol is known. */
export function priceToOffset(input: FromPriceInput): { basePrice: number; offset: number } {
  const base = tpslBase(input.entryPrice, input.quoteDp);
  const offset = abs(sub(exact(input.price), base));
  const shown = input.quoteDp === null ? offset : roundToPlaces(offset, input.quoteDp, 'up');
  return { basePrice: toNumber(base), offset: toNumber(shown) };
}

/**
 * `getTPSLDirection`: +1 when closing the position at `price` gains or breaks even against
 * `base`, −1 when it loses. The SDK spells it per kind (BUY tp `close >= order ? 1 : −1`, BUY sl
 * `close < order ? −1 : 1`, SELL tp `close <= order ? 1 : −1`, SELL sl `close > order ? −1 : 1`);
 * both kinds reduce to this one rule, so a stop-loss on the right side reads negative.
 */
export function tpslDirection(side: EntrySide, price: Decimal, base: Decimal): 1 | -1 {
  const c = compareDecimals(price, base);
  return (side === 'BUY' ? c >= 0 : c <= 0) ? 1 : -1;
}

/** `|price / base − 1| × direction`, cut toward zero to 4 decimals; 0 when the base is 0. */
export function priceToOffsetPercentage(input: FromPriceInput & { side: EntrySide }): {
  basePrice: number;
  offsetPercentage: number;
} {
  const base = tpslBase(input.entryPrice, input.quoteDp);
  if (isZero(base)) return { basePrice: 0, offsetPercentage: 0 };
  const price = exact(input.price);
  const size = abs(sub(div(price, base), exact(1)));
  const signed = tpslDirection(input.side, price, base) === 1 ? size : negate(size);
  return {
    basePrice: toNumber(base),
    offsetPercentage: toNumber(roundToPlaces(signed, 4, 'down')),
  };
}

/**
 * The return on margin a trigger means: `|(close − orderPrice) / orderPrice × leverage| ×
 * direction` (`tpslROI`; direction against the order price, not the rounded entry).
 */
export function tpslRoi(input: {
  side: EntrySide;
  closePrice: number;
  orderPrice: number;
  leverage: number;
}): number {
  const close = exact(input.closePrice);
  const order = exact(input.orderPrice);
  if (isZero(order)) return 0;
  const size = abs(mul(div(sub(close, order), order), exact(input.leverage)));
  const direction = tpslDirection(input.side, close, order);
  return toNumber(direction === 1 ? size : negate(size));
}
