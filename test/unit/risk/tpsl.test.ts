/**
 * TP/SL price maths (src/risk/tpsl-price.ts, tpsl-reverse.ts) beyond the vectors: each way
 * and back again (fast-check), and the decimal edges plain doubles would get wrong.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type EntrySide,
  offsetPercentageToPrice,
  offsetToPrice,
  pnlToPrice,
  type TpSlKind,
} from '../../../src/risk/tpsl-price.ts';
import {
  priceToOffset,
  priceToOffsetPercentage,
  priceToPnl,
  tpslRoi,
} from '../../../src/risk/tpsl-reverse.ts';

/** A decimal with at most `places` decimals in [min, max] (exact in a double: ≤ 15 digits). */
const fixed = (min: number, max: number, places: number) =>
  fc
    .integer({ min: Math.round(min * 10 ** places), max: Math.round(max * 10 ** places) })
    .map((n) => Number((n / 10 ** places).toFixed(places)));

const side = fc.constantFrom<EntrySide>('BUY', 'SELL');
const kind = fc.constantFrom<TpSlKind>('TP', 'SL');
const quoteDp = fc.integer({ min: 0, max: 5 });
/** An entry price as `average_open_price` arrives: more decimals than the symbol quotes. */
const entry = fixed(0.01, 100_000, 7);

describe('TP/SL price ↔ PnL', () => {
  it('a price from a pnl gives that pnl back (unknown symbol: nothing rounded)', () => {
    const qty = fixed(0.001, 1000, 3).chain((q) => fc.constantFrom(q, -q));
    fc.assert(
      fc.property(qty, entry, fixed(-10_000, 10_000, 2), (quantity, entryPrice, pnl) => {
        fc.pre(pnl !== 0);
        const { price } = pnlToPrice({ quantity, entryPrice, pnl, quoteDp: null });
        const back = priceToPnl({ quantity, entryPrice, price: price!, quoteDp: null }).pnl;
        // `price` went through a double: off by at most its last bit times the quantity
        const slack = Math.abs(quantity * price!) * 2 ** -52 + 1e-12;
        expect(Math.abs(back - pnl)).toBeLessThanOrEqual(slack);
      }),
    );
  });

  it('the displayed price gives the pnl back within one quote tick of quantity and a cent', () => {
    const qty = fixed(0.001, 1000, 3).chain((q) => fc.constantFrom(q, -q));
    fc.assert(
      fc.property(qty, entry, fixed(-10_000, 10_000, 2), quoteDp, (quantity, e, pnl, dp) => {
        fc.pre(pnl !== 0);
        const shown = pnlToPrice({ quantity, entryPrice: e, pnl, quoteDp: dp }).priceDisplay!;
        const back = priceToPnl({ quantity, entryPrice: e, price: shown, quoteDp: dp }).pnl;
        expect(Math.abs(back - pnl)).toBeLessThanOrEqual(
          Math.abs(quantity) * 10 ** -dp + 0.01 + 1e-9,
        );
      }),
    );
  });

  it('no price for a zero pnl or quantity', () => {
    const base = { entryPrice: 100, quoteDp: 2 };
    expect(pnlToPrice({ ...base, quantity: 1, pnl: 0 }).price).toBeNull();
    expect(pnlToPrice({ ...base, quantity: 0, pnl: 5 }).priceDisplay).toBeNull();
  });
});

describe('TP/SL price ↔ offset and offset percentage', () => {
  it('an offset gives back exactly that offset', () => {
    fc.assert(
      fc.property(side, kind, quoteDp, entry, fixed(0.00001, 50, 5), (s, k, dp, e, raw) => {
        const offset = Number(raw.toFixed(dp));
        fc.pre(offset > 0);
        const leg = { side: s, kind: k, entryPrice: e, quoteDp: dp };
        const { price, basePrice } = offsetToPrice({ ...leg, offset });
        expect(Math.sign(price! - basePrice)).toBe((s === 'BUY') === (k === 'TP') ? 1 : -1);
        expect(priceToOffset({ ...leg, price: price! }).offset).toBe(offset);
      }),
    );
  });

  it('a percentage gives back that percentage, + for a take-profit and − for a stop-loss', () => {
    const pct = fixed(0.0001, 0.9999, 4);
    fc.assert(
      fc.property(side, kind, quoteDp, entry, pct, (s, k, dp, e, p) => {
        const leg = { side: s, kind: k, entryPrice: e, quoteDp: dp };
        const { price } = offsetPercentageToPrice({ ...leg, offsetPercentage: p });
        const back = priceToOffsetPercentage({ ...leg, price: price! }).offsetPercentage;
        expect(back).toBe(k === 'TP' ? p : -p);
      }),
    );
  });

  it('from the mark: the mark as it is, not rounded', () => {
    const leg = { side: 'BUY' as const, kind: 'SL' as const, entryPrice: 99.991, quoteDp: 1 };
    const got = offsetToPrice({ ...leg, fromMark: true, markPrice: 101.27, offset: 1.2 });
    expect(got).toEqual({ basePrice: 101.27, price: 100.07, priceDisplay: 100 });
    expect(() => offsetToPrice({ ...leg, fromMark: true, offset: 1 })).toThrow(/markPrice/);
  });

  it('rounds at decimal edges where doubles would not (0.3 − 0.1 is 0.2, not 0.19999…)', () => {
    expect(0.3 - 0.1).toBeLessThan(0.2);
    const leg = { side: 'BUY' as const, kind: 'SL' as const, entryPrice: 0.3, quoteDp: 2 };
    expect(offsetToPrice({ ...leg, offset: 0.1 }).priceDisplay).toBe(0.2);
    // base 1.15 (already 2 dp) × (1 + 99): 114.99999999999999 as doubles, cut to 114.99
    expect(1.15 * 100).toBeLessThan(115);
    const pct = { side: 'BUY' as const, kind: 'TP' as const, entryPrice: 1.15, quoteDp: 2 };
    expect(offsetPercentageToPrice({ ...pct, offsetPercentage: 99 }).priceDisplay).toBe(115);
  });
});

describe('tpslRoi', () => {
  it('is the leveraged move, signed by gain or loss', () => {
    const long = { side: 'BUY' as const, orderPrice: 100, leverage: 10 };
    expect(tpslRoi({ ...long, closePrice: 110 })).toBe(1);
    expect(tpslRoi({ ...long, closePrice: 95 })).toBe(-0.5);
    expect(tpslRoi({ side: 'SELL', orderPrice: 100, leverage: 5, closePrice: 90 })).toBe(0.5);
    expect(tpslRoi({ ...long, orderPrice: 0, closePrice: 1 })).toBe(0);
  });
});
