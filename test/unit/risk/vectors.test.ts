/**
 * Every case of the risk known answers (test/fixtures/risk.json, vendored from
 * shared/vectors/risk.json) through src/risk, within the tolerance the vectors state.
 */
import { describe, expect, it } from 'vitest';
import { runners } from './risk-runners.ts';
import { casesOf, expectCase, vectors } from './risk-vectors.ts';

describe('risk.json', () => {
  it('is the public set of 60 cases, each with a runner, one per formula', () => {
    expect(vectors.cases).toHaveLength(60);
    expect(new Set(vectors.cases.map((c) => c.fn))).toEqual(new Set(Object.keys(runners)));
    expect(new Set(Object.keys(vectors.formulas))).toEqual(new Set(Object.keys(runners)));
  });
});

const groups: Record<string, string[]> = {
  position: [
    'notional',
    'unrealized_pnl',
    'position_mmr',
    'maintenance_margin',
    'imr',
    'unrealized_roi',
  ],
  account: [
    'total_collateral',
    'free_collateral',
    'total_initial_margin_with_qty',
    'margin_ratio',
    'current_leverage',
  ],
  'liquidation price': ['liq_price_cross'],
  'max order quantity': ['max_qty_cross'],
  'TP/SL': [
    'pnl_to_price',
    'offset_to_price',
    'offset_percentage_to_price',
    'price_to_pnl',
    'price_to_offset',
    'price_to_offset_percentage',
  ],
};

for (const [group, fns] of Object.entries(groups)) {
  describe(`risk.json: ${group}`, () => {
    it.each(casesOf(...fns).map((c) => [c.name, c] as const))('%s', (_name, c) => {
      expectCase(c, runners[c.fn]!(c.input));
    });
  });
}

describe('risk.json groups', () => {
  it('cover every case once', () => {
    const grouped = Object.values(groups).flat();
    expect(grouped.sort()).toEqual(Object.keys(runners).sort());
  });
});
