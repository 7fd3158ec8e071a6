/** `/sandbox/markets/{symbol}/book-gap`: breaks the order book update chain once (resync tests). */
import type { ControlDeps, ControlRoute } from './control-types.ts';
import { checkSymbol } from './validation.ts';

export function streamRoutes({ state, stream }: ControlDeps): ControlRoute[] {
  return [
    {
      method: 'POST',
      path: '/sandbox/markets/{symbol}/book-gap',
      handle: ({ params }) => {
        const symbol = params.symbol!;
        checkSymbol('symbol', symbol, state.symbolKnown);
        return stream.breakBookChain(symbol);
      },
    },
  ];
}
