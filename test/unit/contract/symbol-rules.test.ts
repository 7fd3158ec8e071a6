/**
 * The symbol rules in exact decimals: every edge value passes, one tick beyond breaks, and
 * no verdict depends on binary floating point.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../../../src/contract/decimal.ts';
import {
  decimalText,
  type OrderTerms,
  orderRuleBreaks,
  type SymbolRules,
} from '../../../src/contract/symbol-rules.ts';
import { rational } from '../../helpers/decimal-reference.ts';

const BTC: SymbolRules = {
  quote_min: 0,
  quote_max: 100_000,
  quote_tick: 0.1,
  base_min: 0.00001,
  base_max: 20,
  base_tick: 0.00001,
  min_notional: 10,
  price_range: 0.03,
  price_scope: 0.4,
};
const MARK = 60_000;

/** `mark` null: no mark known. */
const rulesOf = (terms: OrderTerms, rules = BTC, mark: number | null = MARK) =>
  orderRuleBreaks(terms, rules, mark ?? undefined).map((b) => `${b.field}:${b.rule}`);

describe('orderRuleBreaks', () => {
  it('passes an order within every rule', () => {
    expect(rulesOf({ side: 'BUY', price: 60_000, quantity: 0.01 })).toEqual([]);
    expect(rulesOf({ side: 'SELL', price: 60_000.1, quantity: 20 })).toEqual([]);
    expect(rulesOf({ side: 'BUY', quantity: 0.001 })).toEqual([]);
    expect(rulesOf({ side: 'SELL', amount: 10 })).toEqual([]);
  });

  it('checks the price tick from quote_min, exactly', () => {
    expect(rulesOf({ side: 'BUY', price: 60_000.05, quantity: 0.01 })).toEqual(['price:tick']);
    // 0.3 % 0.1 is 0.09999999999999998 in doubles; 0.3 is on the tick.
    const cheap = { ...BTC, min_notional: 0, price_range: 10, price_scope: 1 };
    expect(rulesOf({ side: 'BUY', price: 0.3, quantity: 1 }, cheap)).toEqual([]);
    // The grid starts at quote_min: from 0.05 by 0.1, 60000.05 is on it and 60000.1 is not.
    const shifted = { ...BTC, quote_min: 0.05 };
    expect(rulesOf({ side: 'BUY', price: 60_000.05, quantity: 0.01 }, shifted)).toEqual([]);
    expect(rulesOf({ side: 'BUY', price: 60_000.1, quantity: 0.01 }, shifted)).toEqual([
      'price:tick',
    ]);
  });

  it('bounds the price by quote_min and quote_max, edges included', () => {
    const wide = { ...BTC, price_range: 1, price_scope: 1, min_notional: 0, quote_min: 1 };
    expect(rulesOf({ side: 'SELL', price: 100_000, quantity: 1 }, wide, 90_000)).toEqual([]);
    expect(rulesOf({ side: 'SELL', price: 100_000.1, quantity: 1 }, wide, 90_000)).toEqual([
      'price:max',
    ]);
    expect(rulesOf({ side: 'BUY', price: 1, quantity: 1 }, wide, 1)).toEqual([]);
    expect(rulesOf({ side: 'BUY', price: 0.9, quantity: 1 }, wide, 1)).toEqual(['price:min']);
    expect(rulesOf({ side: 'BUY', price: 0.95, quantity: 1 }, wide, 1)).toEqual([
      'price:min',
      'price:tick',
    ]);
  });

  it('bounds the quantity by base_min, base_max and base_tick', () => {
    const at = (quantity: number) => rulesOf({ side: 'BUY', price: 60_000, quantity });
    expect(at(0.00001 * 1_000)).toEqual([]);
    expect(at(20)).toEqual([]);
    expect(at(20.00001)).toEqual(['quantity:max']);
    expect(at(0.010005)).toEqual(['quantity:tick']);
    expect(at(0.000005)).toEqual(['quantity:min', 'quantity:tick', 'quantity:minNotional']);
  });

  it('asks price × quantity (the mark without a price) or the amount to reach min_notional', () => {
    const flat = { ...BTC, price_range: 1, price_scope: 1 };
    // 1000 × 0.01 = 10: the minimum itself passes; 999.9 × 0.01 = 9.999 does not.
    expect(rulesOf({ side: 'BUY', price: 1_000, quantity: 0.01 }, flat)).toEqual([]);
    expect(rulesOf({ side: 'BUY', price: 999.9, quantity: 0.01 }, flat)).toEqual([
      'quantity:minNotional',
    ]);
    expect(rulesOf({ side: 'SELL', quantity: 0.0001 })).toEqual(['quantity:minNotional']);
    expect(orderRuleBreaks({ side: 'SELL', quantity: 0.0001 }, BTC, MARK)[0]?.message).toMatch(
      /at least 10 at the mark 60000/,
    );
    expect(rulesOf({ side: 'BUY', amount: 9.99 })).toEqual(['amount:minNotional']);
    // Without a mark a priceless order's notional is the upstream's to check.
    expect(rulesOf({ side: 'SELL', quantity: 0.0001 }, BTC, null)).toEqual([]);
  });

  it('keeps a BUY at most mark × (1 + price_range) and a SELL at least mark × (1 − price_range)', () => {
    const at = (side: 'BUY' | 'SELL', price: number) => rulesOf({ side, price, quantity: 0.01 });
    expect(at('BUY', 61_800)).toEqual([]);
    expect(at('BUY', 61_800.1)).toEqual(['price:priceRange']);
    expect(at('SELL', 58_200)).toEqual([]);
    expect(at('SELL', 58_199.9)).toEqual(['price:priceRange']);
    const [range] = orderRuleBreaks({ side: 'BUY', price: 61_800.1, quantity: 0.01 }, BTC, MARK);
    expect(range?.message).toBe('a BUY must be at most 61800 (mark 60000 + 3%)');
  });

  it('keeps a BUY at least mark × (1 − price_scope) and a SELL at most mark × (1 + price_scope)', () => {
    const at = (side: 'BUY' | 'SELL', price: number) => rulesOf({ side, price, quantity: 0.01 });
    expect(at('BUY', 36_000)).toEqual([]);
    expect(at('BUY', 35_999.9)).toEqual(['price:priceScope']);
    expect(at('SELL', 84_000)).toEqual([]);
    expect(at('SELL', 84_000.1)).toEqual(['price:priceScope']);
    expect(rulesOf({ side: 'BUY', price: 61_800.1, quantity: 0.01 }, BTC, null)).toEqual([]);
  });

  it('compares with the exact product: 1.9 × 1.03 is 1.957, not 1.9569999999999999', () => {
    const fine = { ...BTC, quote_tick: 0.001, min_notional: 0 };
    expect(1.9 * 1.03).toBeLessThan(1.957);
    expect(rulesOf({ side: 'BUY', price: 1.957, quantity: 1 }, fine, 1.9)).toEqual([]);
    expect(rulesOf({ side: 'BUY', price: 1.958, quantity: 1 }, fine, 1.9)).toEqual([
      'price:priceRange',
    ]);
  });

  it('agrees with a BigInt reference on ticks and the range edge for any price', () => {
    const fine = { ...BTC, quote_tick: 0.01, min_notional: 0, price_scope: 1 };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99_999 }),
        (cents, markCents) => {
          const price = Number(`${cents}e-2`) + (cents % 7 === 0 ? 0.001 : 0);
          const mark = Number(`${markCents}e-2`);
          const breaks = rulesOf({ side: 'BUY', price, quantity: 1 }, fine, mark);
          const p = rational(String(price));
          const onTick = (p.n * 100n) % p.d === 0n;
          expect(breaks.includes('price:tick')).toBe(!onTick);
          // price > mark × 1.03  ⇔  p.n × 100 × m.d > 103 × m.n × p.d
          const m = rational(String(mark));
          expect(breaks.includes('price:priceRange')).toBe(p.n * 100n * m.d > 103n * m.n * p.d);
        },
      ),
    );
  });

  it('judges frozen rules (parsed once, as the cache shares them) like fresh ones, and re-reads rules that changed', () => {
    const frozen = Object.freeze({ ...BTC });
    const orders: OrderTerms[] = [
      { side: 'BUY', price: 60_000.05, quantity: 0.01 },
      { side: 'BUY', price: 61_800.1, quantity: 20.00001 },
      { side: 'SELL', price: 35_999.9, quantity: 0.0001 },
      { side: 'SELL', amount: 9.99 },
    ];
    for (const terms of [...orders, ...orders]) {
      expect(orderRuleBreaks(terms, frozen, MARK)).toEqual(
        orderRuleBreaks(terms, { ...BTC }, MARK),
      );
    }
    const changing = { ...BTC };
    expect(rulesOf({ side: 'BUY', price: 60_000.5, quantity: 0.01 }, changing)).toEqual([]);
    changing.quote_tick = 1;
    expect(rulesOf({ side: 'BUY', price: 60_000.5, quantity: 0.01 }, changing)).toEqual([
      'price:tick',
    ]);
  });
});

describe('decimalText', () => {
  it('writes an exact decimal in plain digits', () => {
    const t = (text: string) => decimalText(parseDecimal(text)!);
    expect(t('61800')).toBe('61800');
    expect(t('1.957')).toBe('1.957');
    expect(t('-0.0005')).toBe('-0.0005');
    expect(t('1e-9')).toBe('0.000000001');
    expect(decimalText({ coefficient: 6_180_000n, exponent: -2 })).toBe('61800');
    expect(decimalText({ coefficient: 618_050n, exponent: -2 })).toBe('6180.5');
  });
});
