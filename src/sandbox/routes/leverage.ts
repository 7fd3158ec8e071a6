/**
 * Leverage per symbol and margin mode (market-algo-risk-facts.md §4): reads, and the two
 * update paths the facts list (which one the live server serves is UNVERIFIED), served alike
 * (leverage.ts has the rules). `margin_mode` defaults to CROSS.
 */
import { MARGIN_MODES } from '../../contract/constants.ts';
import { LEVERAGE_BODY, LEVERAGE_QUERY } from '../../contract/fields-algo.ts';
import type { LeverageSetting, LeverageUpdated } from '../../contract/wire-algo.ts';
import { setLeverage } from '../leverage.ts';
import { leverageOf } from '../leverage-setting.ts';
import type { Route, RouteContext } from '../router.ts';
import { checkSymbol, Fields } from '../validation.ts';

function update({ state, account, body }: RouteContext): LeverageUpdated {
  const f = Fields.body(body, LEVERAGE_BODY);
  const symbol = f.string('symbol');
  if (symbol !== undefined) checkSymbol('symbol', symbol, state.symbolKnown);
  const leverage = f.read('leverage');
  const mode = f.read('margin_mode') ?? 'CROSS';
  setLeverage(state, account!, { symbol, leverage, mode });
  return { ...(symbol === undefined ? {} : { symbol }), margin_mode: mode, leverage };
}

export const leverageRoutes: Route[] = [
  {
    endpoint: 'GET /v1/client/leverage',
    handle: ({ state, account, query }): LeverageSetting => {
      const symbol = query.requiredString('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      const mode = query.of(LEVERAGE_QUERY).read('margin_mode') ?? 'CROSS';
      return { symbol, margin_mode: mode, leverage: leverageOf(state, account!, symbol, mode) };
    },
  },
  {
    endpoint: 'GET /v1/client/leverages',
    handle: ({ state, account }) => ({
      rows: [...state.markets.keys()].flatMap((symbol) =>
        MARGIN_MODES.map((mode) => ({
          symbol,
          margin_mode: mode,
          leverage: leverageOf(state, account!, symbol, mode),
        })),
      ),
    }),
  },
  { endpoint: 'POST /v1/client/leverages', handle: update },
  { endpoint: 'POST /v1/client/leverage', handle: update },
];
