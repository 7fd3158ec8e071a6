/**
 * `POST /sandbox/markets/{symbol}/activity {"bookUpdatesPerSecond": n, "tradesPerSecond": n}`:
 * synthetic book changes and trades for tests and benchmarks (market/activity.ts). Each rate
 * is a number from 0 to ACTIVITY_MAX_RATE, 0 when left out; both 0 stop the symbol's activity.
 */
import type { ControlDeps, ControlRoute } from './control-types.ts';
import { invalid } from './errors.ts';
import { ACTIVITY_MAX_RATE } from './market/activity.ts';
import { checkSymbol, Fields } from './validation.ts';

const RATES = ['bookUpdatesPerSecond', 'tradesPerSecond'] as const;

export function activityRoute({ state, activity, log }: ControlDeps): ControlRoute {
  return {
    method: 'POST',
    path: '/sandbox/markets/{symbol}/activity',
    body: true,
    handle: ({ params, body }) => {
      const symbol = params.symbol!;
      checkSymbol('symbol', symbol, state.symbolKnown);
      const fields = Fields.body(body, RATES);
      if (!RATES.some((name) => fields.has(name))) {
        throw invalid('body', `give bookUpdatesPerSecond or tradesPerSecond (0 stops)`);
      }
      const rate = (name: (typeof RATES)[number]) =>
        fields.number(name, { min: 0, max: ACTIVITY_MAX_RATE }) ?? 0;
      const rates = activity.set(symbol, {
        bookUpdatesPerSecond: rate('bookUpdatesPerSecond'),
        tradesPerSecond: rate('tradesPerSecond'),
      });
      log(
        `sandbox control: ${symbol} activity ${rates.bookUpdatesPerSecond} book updates/s, ${rates.tradesPerSecond} trades/s`,
      );
      return { symbol, ...rates };
    },
  };
}
