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

interface ExactBounds {
  min: Decimal;
  max: Decimal;
  tick: Decimal;
}

/** A symbol's rules as exact decimals, with the factors around the mark (1 ± range, 1 ± scope). */
interface ExactRules {
  price: ExactBounds;
  quantity: ExactBounds;
  minNotional: Decimal;
  rangeUp: Decimal;
  rangeDown: Decimal;
  scopeUp: Decimal;
  scopeDown: Decimal;
}

/**
 * Parsed once per rules object, not per order: the gateway's rules come from the shared
 * cache as frozen rows, the same objects for every order until the next upstream answer.
 * Rules that are not frozen (may still change) are parsed each time.
 */
const parsed = new WeakMap<SymbolRules, ExactRules>();

function exactRules(rules: SymbolRules): ExactRules {
  const known = parsed.get(rules);
  if (known) return known;
  const bounds = (min: number, max: number, tick: number): ExactBounds => ({
    min: decimalOf(min),
    max: decimalOf(max),
    tick: decimalOf(tick),
  });
  const plus = (f: number) => addDecimals(ONE, decimalOf(f));
  const minus = (f: number) => addDecimals(ONE, negated(decimalOf(f)));
  const exact: ExactRules = {
    price: bounds(rules.quote_min, rules.quote_max, rules.quote_tick),
    quantity: bounds(rules.base_min, rules.base_max, rules.base_tick),
    minNotional: decimalOf(rules.min_notional),
    rangeUp: plus(rules.price_range),
    rangeDown: minus(rules.price_range),
    scopeUp: plus(rules.price_scope),
    scopeDown: minus(rules.price_scope),
  };
  if (Object.isFrozen(rules)) parsed.set(rules, exact);
  return exact;
}

/** The order's values and the mark as exact decimals, each parsed once per order. */
interface ExactTerms {
  price?: Decimal;
  quantity?: Decimal;
  amount?: Decimal;
  mark?: Decimal;
}

const exactOf = (n: number | undefined) => (n === undefined ? undefined : decimalOf(n));

/** min, max and tick of one value: `min ≤ v ≤ max`, `(v − min) % tick == 0`. */
function bounded(
  out: Breaks,
  field: SymbolRuleBreak['field'],
  v: Decimal,
  [min, max, tick]: [number, number, number],
  exact: ExactBounds,
): void {
  if (below(v, exact.min)) out.push({ field, rule: 'min', message: `must be at least ${min}` });
  if (above(v, exact.max)) out.push({ field, rule: 'max', message: `must be at most ${max}` });
  if (!isMultipleOfStep(addDecimals(v, negated(exact.min)), exact.tick)) {
    const from = min === 0 ? '' : ` from ${min}`;
    out.push({ field, rule: 'tick', message: `must be on the tick ${tick}${from}` });
  }
}

/**
 * Price range (a BUY at most `mark × (1 + price_range)`, a SELL at least `mark × (1 −
 * price_range)`) and price scope (a BUY at least `mark × (1 − price_scope)`, a SELL at most
 * `mark × (1 + price_scope)`).
 */
function aroundMark(
  out: Breaks,
  side: Side,
  [p, m]: [Decimal, Decimal],
  mark: number,
  rules: SymbolRules,
  exact: ExactRules,
) {
  const [range, scope] = [rules.price_range, rules.price_scope];
  if (side === 'BUY') {
    const most = times(m, exact.rangeUp);
    if (above(p, most)) {
      const message = `a BUY must be at most ${text(most)} (mark ${mark} + ${percent(range)}%)`;
      out.push({ field: 'price', rule: 'priceRange', message });
    }
    const least = times(m, exact.scopeDown);
    if (below(p, least)) {
      const message = `a BUY must be at least ${text(least)} (mark ${mark} − ${percent(scope)}%)`;
      out.push({ field: 'price', rule: 'priceScope', message });
    }
  } else if (side === 'SELL') {
    const least = times(m, exact.rangeDown);
    if (below(p, least)) {
      const message = `a SELL must be at least ${text(least)} (mark ${mark} − ${percent(range)}%)`;
      out.push({ field: 'price', rule: 'priceRange', message });
    }
    const most = times(m, exact.scopeUp);
    if (above(p, most)) {
      const message = `a SELL must be at most ${text(most)} (mark ${mark} + ${percent(scope)}%)`;
      out.push({ field: 'price', rule: 'priceScope', message });
    }
  }
}

/** `price × quantity` (the mark for orders without a price), or the amount, ≥ min_notional. */
function notional(
  out: Breaks,
  x: ExactTerms,
  rules: SymbolRules,
  mark: number | undefined,
  min: Decimal,
) {
  const message = `the order's value must be at least ${rules.min_notional}`;
  if (x.quantity !== undefined) {
    const price = x.price ?? x.mark;
    if (price === undefined) return;
    const priced = x.price === undefined ? ` at the mark ${mark}` : '';
    if (below(times(price, x.quantity), min)) {
      out.push({ field: 'quantity', rule: 'minNotional', message: `${message}${priced}` });
    }
  } else if (x.amount !== undefined && below(x.amount, min)) {
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
  const exact = exactRules(rules);
  const x: ExactTerms = {
    price: exactOf(terms.price),
    quantity: exactOf(terms.quantity),
    amount: exactOf(terms.amount),
    mark: exactOf(mark),
  };
  if (x.price !== undefined) {
    const raw: [number, number, number] = [rules.quote_min, rules.quote_max, rules.quote_tick];
    bounded(out, 'price', x.price, raw, exact.price);
    if (x.mark !== undefined && mark !== undefined) {
      aroundMark(out, terms.side, [x.price, x.mark], mark, rules, exact);
    }
  }
  if (x.quantity !== undefined) {
    const raw: [number, number, number] = [rules.base_min, rules.base_max, rules.base_tick];
    bounded(out, 'quantity', x.quantity, raw, exact.quantity);
  }
  notional(out, x, rules, mark, exact.minNotional);
  return out;
}
