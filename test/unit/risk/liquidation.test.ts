/**
 * Liquidation prices beyond the vectors. Cross (src/risk/liquidation-cross.ts), as a property
 * checked with the account-level functions: with this symbol's mark moved to the returned
 * price the account's margin ratio still meets its MMR, and just past it (beyond the
 * bisection's 1e-4 tolerance) it no longer does. Isolated and order estimates by hand.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountMmr, marginRatio } from '../../../src/risk/account.ts';
import { liqPriceCross } from '../../../src/risk/liquidation-cross.ts';
import { liqPriceIsolated } from '../../../src/risk/liquidation-isolated.ts';
import { estLiqPriceForOrder } from '../../../src/risk/liquidation-order.ts';
import { type MarginRule, maintenanceMargin, positionMmr } from '../../../src/risk/margin-rates.ts';

/** Symbol rules as the sandbox and the vectors use them, and one without a size term. */
const rules: MarginRule[] = [
  { baseImr: 0.05, baseMmr: 0.025, imrFactor: 0.0000018 },
  { baseImr: 0.1, baseMmr: 0.05, imrFactor: 0.000025 },
  { baseImr: 0.1, baseMmr: 0.05, imrFactor: 0.0000277 },
  { baseImr: 0.1, baseMmr: 0.05, imrFactor: 0 },
];
const rule = fc.constantFrom(...rules);
const mark = fc.double({ min: 0.01, max: 100_000, noNaN: true });
/** Notionals up to 200k keep every MMR below 0.5, where collateral − margin is monotone. */
const exposure = fc.record({
  rule,
  mark,
  notional: fc.double({ min: 10, max: 200_000, noNaN: true }),
  long: fc.boolean(),
});

const account = fc.record({
  position: exposure,
  others: fc.array(exposure, { maxLength: 2 }),
  cushion: fc.double({ min: 0.01, max: 5, noNaN: true }),
});

type Exposure = { rule: MarginRule; mark: number; notional: number; long: boolean };
const qtyOf = (e: Exposure) => ((e.long ? 1 : -1) * e.notional) / e.mark;
const held = (e: Exposure) => {
  const quantity = qtyOf(e);
  return { quantity, markPrice: e.mark, mmr: positionMmr(e.rule, quantity * e.mark) };
};

describe('liqPriceCross', () => {
  it('puts the margin ratio on the MMR: met at the price, missed just past it', () => {
    fc.assert(
      fc.property(account, ({ position, others, cushion }) => {
        const me = held(position);
        const rest = others.map(held);
        const mmAtMark = [me, ...rest].reduce(
          (sum, p) => sum + maintenanceMargin(p.quantity, p.markPrice, p.mmr),
          0,
        );
        const totalCollateral = mmAtMark * (1 + cushion);
        const liq = liqPriceCross({
          ...position.rule,
          ...me,
          totalCollateral,
          otherPositions: rest,
        });
        // The account with this symbol's mark at p: collateral moves by q × Δp, so do MMR terms.
        const at = (p: number) => {
          const moved = {
            quantity: me.quantity,
            markPrice: p,
            mmr: positionMmr(position.rule, me.quantity * p),
          };
          const positions = [moved, ...rest];
          const collateral = totalCollateral + me.quantity * (p - me.markPrice);
          return { ratio: marginRatio(collateral, positions), mmr: accountMmr(positions) ?? 0 };
        };
        expect(liq).not.toBeNull();
        const p = liq!;
        const there = at(p);
        expect(there.ratio).toBeGreaterThanOrEqual(there.mmr * (1 - 1e-9));
        if (position.long && p < me.markPrice * 1e-6) return; // no price above 0 liquidates it
        const past = at(position.long ? p * (1 - 2e-4) : p * (1 + 2e-4));
        expect(past.ratio).toBeLessThan(past.mmr);
        expect(position.long ? p < me.markPrice : p > me.markPrice).toBe(true);
      }),
    );
  });

  it('lands exactly on the MMR for a long whose rate does not grow with size', () => {
    const flat = rules[3]!;
    fc.assert(
      fc.property(mark, fc.double({ min: 10, max: 1e6, noNaN: true }), (m, notional) => {
        const quantity = notional / m;
        const totalCollateral = notional * 0.2;
        const p = liqPriceCross({
          ...flat,
          quantity,
          markPrice: m,
          mmr: 0.05,
          totalCollateral,
          otherPositions: [],
        })!;
        const collateral = totalCollateral + quantity * (p - m);
        expect(collateral / (quantity * p)).toBeCloseTo(0.05, 12);
      }),
    );
  });
});

describe('liqPriceIsolated', () => {
  const symbol = { baseImr: 0.1, baseMmr: 0.05, imrFactor: 0 };
  const flat = {
    ...symbol,
    quantity: 0,
    margin: 0,
    costPosition: 0,
    sumUnitaryFunding: 0,
    lastSumUnitaryFunding: 0,
    referencePrice: 100,
    leverage: 10,
  };

  it('a position alone: (margin − cost − funding) / (|q| × MMR − q)', () => {
    // 2 long, cost 100000, margin 2000, funding 0.0002 a unit: (2000 − 100000 − 0.0004) / (0.05 − 2)
    const price = liqPriceIsolated({
      baseImr: 0.04,
      baseMmr: 0.025,
      imrFactor: 0.0000001,
      quantity: 2,
      margin: 2000,
      costPosition: 100_000,
      sumUnitaryFunding: 0.001,
      lastSumUnitaryFunding: 0.0008,
      referencePrice: 50_000,
      leverage: 10,
    });
    expect(price).toBeCloseTo(98_000.0004 / 1.95, 6);
  });

  it('after an order: open, reduce and flip take their margin and cost', () => {
    // open 1 @ 100, 10×: margin 100 × (0.1 + 0.0006), cost 100
    expect(liqPriceIsolated({ ...flat, orderQuantity: 1 })).toBeCloseTo((100 - 10.06) / 0.95, 9);
    // reduce 2 → 1: margin halves to 10, cost 200 − 100
    const two = { ...flat, quantity: 2, margin: 20, costPosition: 200 };
    expect(liqPriceIsolated({ ...two, orderQuantity: -1 })).toBeCloseTo((100 - 10) / 0.95, 9);
    // flip 1 → −2: margin 2 × 100 × 0.1006, cost −200
    const one = { ...flat, quantity: 1, margin: 10, costPosition: 100 };
    expect(liqPriceIsolated({ ...one, orderQuantity: -3 })).toBeCloseTo((20.12 + 200) / 2.1, 9);
    expect(liqPriceIsolated({ ...one, orderQuantity: -1 })).toBeNull();
  });
});

describe('estLiqPriceForOrder', () => {
  const symbol = {
    baseImr: 0.1,
    baseMmr: 0.05,
    imrFactor: 0,
    totalCollateral: 20,
    markPrice: 100,
    orderFee: 0.05,
  };

  it('a first buy: its margin at base MMR, based on the order price', () => {
    const order = { symbol: 'PERP_X_USDC', quantity: 1, price: 100 };
    const price = estLiqPriceForOrder({ ...symbol, positions: [], order });
    expect(price).toBeCloseTo(100 + (20 - 5 - 0.05) / (0.05 - 1), 9);
  });

  it("a first sell keeps the SDK's signed margin (−5, not 5)", () => {
    const order = { symbol: 'PERP_X_USDC', quantity: -1, price: 100 };
    const price = estLiqPriceForOrder({ ...symbol, positions: [], order });
    expect(price).toBeCloseTo(100 + (20 + 5 - 0.05) / (0.05 + 1), 9);
  });

  it('adds to a held long at the mark; nothing when the order closes it', () => {
    const positions = [{ symbol: 'PERP_X_USDC', quantity: 1, markPrice: 100, mmr: 0.05 }];
    const add = { symbol: 'PERP_X_USDC', quantity: 1, price: 100 };
    const price = estLiqPriceForOrder({ ...symbol, positions, order: add });
    expect(price).toBeCloseTo(100 + (20 - 10 - 0.05) / (2 * 0.05 - 2), 9);
    const close = { ...add, quantity: -1 };
    expect(estLiqPriceForOrder({ ...symbol, positions, order: close })).toBeNull();
  });
});
