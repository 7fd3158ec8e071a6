/** Cross-field rules of the TP/SL inputs (their fields carry their own rules). */
import * as r from './rules.ts';

const LEG_FIELDS = ['triggerPrice', 'pnl', 'offset', 'offsetPercent'] as const;
type Leg = { [K in (typeof LEG_FIELDS)[number]]?: unknown };

/** `TpSlLegInput`: exactly one way to give the trigger; a zero PnL gives none. */
export const tpslLegRules: r.CrossRule<Leg>[] = [
  {
    path: 'triggerPrice',
    rule: 'exactlyOne',
    message: 'give exactly one of triggerPrice, pnl, offset and offsetPercent',
    broken: (leg) => LEG_FIELDS.filter((f) => r.given(leg[f])).length !== 1,
  },
  {
    path: 'pnl',
    rule: 'nonZero',
    message: 'must not be 0 (the trigger would be the entry price)',
    broken: (leg) => leg.pnl === 0,
  },
];

/** `SetPositionTpSlInput`: at least one leg. */
export const tpslRules: r.CrossRule<{ takeProfit?: unknown; stopLoss?: unknown }>[] = [
  {
    path: 'takeProfit',
    rule: 'oneLeg',
    message: 'give takeProfit, stopLoss or both',
    broken: (i) => !r.given(i.takeProfit) && !r.given(i.stopLoss),
  },
];
