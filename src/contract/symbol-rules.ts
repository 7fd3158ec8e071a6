/**
 * The order rules of a symbol (reference/market-algo-risk-facts.md §1, `/v1/public/info`):
 * price and quantity bounds and ticks, the minimum notional, and the price range and scope
 * around the mark price. Exact decimals (decimal.ts): no check goes through binary floating
 * point, so `0.3` is on a `0.1` tick and `60000.05` is not.
 *
 * Pure and dependency-free: the gateway checks an order with it before any upstream call,
 * and the sandbox can admit with the same verdicts.
 */
import {
  addDecimals,
  compareDecimals,
  type Decimal,
  decimalOf,
  isMultipleOfStep,
} from './decimal.ts';
import type { SymbolInfo } from './wire-market.ts';
import type { Side } from './wire-orders.ts';

export type SymbolRules = Pick<
  SymbolInfo,
  | 'quote_min'
  | 'quote_max'
  | 'quote_tick'
  | 'base_min'
  | 'base_max'
  | 'base_tick'
  | 'min_notional'
  | 'price_range'
  | 'price_scope'
>;

/** What of an order the rules read. */
export interface OrderTerms {
  side: Side;
  /** The limit price; absent for orders priced by the book (MARKET, BID, ASK). */
  price?: number;
  /** Size in base currency. */
  quantity?: number;
  /** Size in quote currency (MARKET, BID, ASK): the notional itself. */
  amount?: number;
}

export type SymbolRuleName = 'tick' | 'min' | 'max' | 'minNotional' | 'priceRange' | 'priceScope';

export interface SymbolRuleBreak {
  field: 'price' | 'quantity' | 'amount';
  rule: SymbolRuleName;
  message: string;
}

const ONE = decimalOf(1);
const times = (a: Decimal, b: Decimal): Decimal => ({
  coefficient: a.coefficient * b.coefficient,
  exponent: a.exponent + b.exponent,
});
const negated = (a: Decimal): Decimal => ({ coefficient: -a.coefficient, exponent: a.exponent });
const below = (a: Decimal, b: Decimal) => compareDecimals(a, b) < 0;
const above = (a: Decimal, b: Decimal) => compareDecimals(a, b) > 0;

/** An exact decimal as plain text (`mark × (1 + range)` in a message, never rounded). */
export function decimalText(d: Decimal): string {
  const magnitude = (d.coefficient < 0n ? -d.coefficient : d.coefficient).toString();
  const sign = d.coefficient < 0n ? '-' : '';
  if (d.exponent >= 0) return `${sign}${magnitude}${'0'.repeat(d.exponent)}`;
  const places = -d.exponent;
  const digits = magnitude.padStart(places + 1, '0');
  const fraction = `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return sign + fraction.replace(/\.?0+$/, '');
}
const text = decimalText;
const percent = (f: number) => text(times(decimalOf(f), decimalOf(100)));

type Breaks = SymbolRuleBreak[];

/** min, max and tick of one value: `min ≤ v ≤ max`, `(v − min) % tick == 0`. */
function bounded(
  out: Breaks,
  field: SymbolRuleBreak['field'],
  value: number,
  [min, max, tick]: [number, number, number],
): void {
  const v = decimalOf(value);
  const low = decimalOf(min);
  if (below(v, low)) out.push({ field, rule: 'min', message: `must be at least ${min}` });
  if (above(v, decimalOf(max))) out.push({ field, rule: 'max', message: `must be at most ${max}` });
  if (!isMultipleOfStep(addDecimals(v, negated(low)), decimalOf(tick))) {
    const from = min === 0 ? '' : ` from ${min}`;
    out.push({ field, rule: 'tick', message: `must be on the tick ${tick}${from}` });
  }
}

/**
 * Price range (a BUY at most `mark × (1 + price_range)`, a SELL at least `mark × (1 −
 * price_range)`) and price scope (a BUY at least `mark × (1 − price_scope)`, a SELL at most
 * `mark × (1 + price_scope)`).
 */
function aroundMark(out: Breaks, side: Side, price: number, rules: SymbolRules, mark: number) {
  const p = decimalOf(price);
  const m = decimalOf(mark);
  const up = (f: number) => times(m, addDecimals(ONE, decimalOf(f)));
  const down = (f: number) => times(m, addDecimals(ONE, negated(decimalOf(f))));
  const [range, scope] = [rules.price_range, rules.price_scope];
  if (side === 'BUY' && above(p, up(range))) {
    const message = `a BUY must be at most ${text(up(range))} (mark ${mark} + ${percent(range)}%)`;
    out.push({ field: 'price', rule: 'priceRange', message });
  }
  if (side === 'SELL' && below(p, down(range))) {
    const message = `a SELL must be at least ${text(down(range))} (mark ${mark} − ${percent(range)}%)`;
    out.push({ field: 'price', rule: 'priceRange', message });
  }
  if (side === 'BUY' && below(p, down(scope))) {
    const message = `a BUY must be at least ${text(down(scope))} (mark ${mark} − ${percent(scope)}%)`;
    out.push({ field: 'price', rule: 'priceScope', message });
  }
  if (side === 'SELL' && above(p, up(scope))) {
    const message = `a SELL must be at most ${text(up(scope))} (mark ${mark} + ${percent(scope)}%)`;
    out.push({ field: 'price', rule: 'priceScope', message });
  }
}

/** `price × quantity` (the mark for orders without a price), or the amount, ≥ min_notional. */
function notional(out: Breaks, terms: OrderTerms, rules: SymbolRules, mark: number | undefined) {
  const min = decimalOf(rules.min_notional);
  const message = `the order's value must be at least ${rules.min_notional}`;
  if (terms.quantity !== undefined) {
    const price = terms.price ?? mark;
    if (price === undefined) return;
    const value = times(decimalOf(price), decimalOf(terms.quantity));
    const priced = terms.price === undefined ? ` at the mark ${mark}` : '';
    if (below(value, min)) {
      out.push({ field: 'quantity', rule: 'minNotional', message: `${message}${priced}` });
    }
  } else if (terms.amount !== undefined && below(decimalOf(terms.amount), min)) {
    out.push({ field: 'amount', rule: 'minNotional', message });
  }
}

/**
 * Every rule of `rules` the order breaks, price first; empty when it passes. `mark`
 * undefined: the range, scope and a priceless order's notional are left to the upstream.
 * Values must be finite (the input rules refuse others first).
 */
export function orderRuleBreaks(
  terms: OrderTerms,
  rules: SymbolRules,
  mark: number | undefined,
): SymbolRuleBreak[] {
  const out: Breaks = [];
  if (terms.price !== undefined) {
    bounded(out, 'price', terms.price, [rules.quote_min, rules.quote_max, rules.quote_tick]);
    if (mark !== undefined) aroundMark(out, terms.side, terms.price, rules, mark);
  }
  if (terms.quantity !== undefined) {
    bounded(out, 'quantity', terms.quantity, [rules.base_min, rules.base_max, rules.base_tick]);
  }
  notional(out, terms, rules, mark);
  return out;
}
