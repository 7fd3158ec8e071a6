/**
 * The order form's early warnings (demo/src/lib/rules.ts): exact decimal steps, and the same
 * rule names and fields the gateway answers with (docs/market-data.md#order-rules).
 */
import { describe, expect, it } from 'vitest';
import { decimalsOf, onStep, snapDown } from '../../../demo/src/lib/decimal.ts';
import { checkOrder, type MarketRules, priceBand } from '../../../demo/src/lib/rules.ts';

const ETH = {
  symbol: 'PERP_ETH_USDC',
  quoteMin: 0,
  quoteMax: 100_000,
  quoteTick: 0.01,
  baseMin: 0.0001,
  baseMax: 2000,
  baseTick: 0.0001,
  minNotional: 10,
  priceRange: 0.03,
  priceScope: 0.4,
} as MarketRules;

const rulesOf = (issues: { field?: string | null; rule?: string | null }[]) =>
  issues.map((i) => `${i.field}:${i.rule}`);

describe('decimal steps', () => {
  it('counts decimals, exponent notation included', () => {
    expect([decimalsOf(3000), decimalsOf(0.01), decimalsOf(1e-7), decimalsOf(1.5e-3)]).toEqual([
      0, 2, 7, 4,
    ]);
  });

  it('checks steps exactly, where binary floating point would not', () => {
    expect(0.3 % 0.1).not.toBe(0);
    expect(onStep(0.3, 0, 0.1)).toBe(true);
    expect(onStep(2990.005, 0, 0.01)).toBe(false);
    expect(onStep(0.0003, 0.0001, 0.0001)).toBe(true);
    expect(snapDown(2990.019, 0, 0.01)).toBe(2990.01);
  });
});

describe('checkOrder', () => {
  it('passes an order inside every rule', () => {
    expect(checkOrder(ETH, 3000, { side: 'BUY', price: 2990, quantity: 0.5 })).toEqual([]);
  });

  it('names the rules the gateway names', () => {
    const at = (side: 'BUY' | 'SELL', price: number | undefined, quantity: number) =>
      rulesOf(checkOrder(ETH, 3000, { side, price, quantity }));
    expect(at('BUY', 2990.005, 0.5)).toEqual(['input.orderPrice:tick']);
    expect(at('BUY', 3100, 0.5)).toEqual(['input.orderPrice:priceRange']);
    expect(at('BUY', 1700, 0.5)).toEqual(['input.orderPrice:priceScope']);
    expect(at('SELL', 2900, 0.5)).toEqual(['input.orderPrice:priceRange']);
    expect(at('SELL', 4300, 0.5)).toEqual(['input.orderPrice:priceScope']);
    expect(at('BUY', 2990, 0.00015)).toEqual(['input.orderQuantity:tick']);
    expect(at('BUY', 2990, 0.003)).toEqual(['input.orderQuantity:minNotional']);
    expect(at('BUY', 2990, 2001)).toEqual(['input.orderQuantity:max']);
    // A MARKET order's notional is taken at the mark.
    expect(at('SELL', undefined, 0.003)).toEqual(['input.orderQuantity:minNotional']);
  });

  it('takes the account maximum when it is known', () => {
    const issues = checkOrder(ETH, 3000, { side: 'BUY', price: 2990, quantity: 2 }, 1.5);
    expect(rulesOf(issues)).toEqual(['input.orderQuantity:max']);
  });

  it('gives the band of each side at the mark', () => {
    expect(priceBand(ETH, 3000, 'BUY')).toEqual({ min: 1800, max: 3090 });
    expect(priceBand(ETH, 3000, 'SELL')).toEqual({ min: 2910, max: 4200 });
  });
});
