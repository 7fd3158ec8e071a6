/**
 * `/sandbox/markets/…`: read a market's book (resting orders included), move its mid price
 * (crossing resting orders), set its synthetic activity.
 */
import { activityRoute } from './control-activity.ts';
import type { ControlDeps, ControlRoute } from './control-types.ts';
import { orderRecord } from './records.ts';
import { checkSymbol, Fields } from './validation.ts';

export function marketRoutes(deps: ControlDeps): ControlRoute[] {
  const { state, engine, log } = deps;
  return [
    {
      method: 'GET',
      path: '/sandbox/markets/{symbol}',
      handle: ({ params }) => {
        const symbol = params.symbol!;
        checkSymbol('symbol', symbol, state.symbolKnown);
        return { symbol, ...state.market(symbol).book() };
      },
    },
    {
      method: 'POST',
      path: '/sandbox/markets/{symbol}/mid',
      body: true,
      handle: ({ params, body }) => {
        const symbol = params.symbol!;
        checkSymbol('symbol', symbol, state.symbolKnown);
        const price = Fields.body(body, ['price']).requiredNumber('price', { positive: true });
        const crossed = engine.setMid(symbol, price);
        log(
          `sandbox control: ${symbol} mid ${state.market(symbol).mid}, ${crossed.length} orders crossed`,
        );
        return { symbol, mid: state.market(symbol).mid, crossed: crossed.map(orderRecord) };
      },
    },
    activityRoute(deps),
  ];
}
