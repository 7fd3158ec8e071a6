/** `/sandbox/markets/…`: read a market's book, move its mid price (crossing resting orders). */
import type { ControlDeps, ControlRoute } from './control-types.ts';
import { orderRecord } from './records.ts';
import { checkSymbol, Fields } from './validation.ts';

export function marketRoutes({ state, engine, log }: ControlDeps): ControlRoute[] {
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
  ];
}
