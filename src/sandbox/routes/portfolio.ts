/**
 * GET /v1/positions, GET /v1/position/{symbol} and GET /v1/client/holding, computed from the
 * sandbox's fills and open orders (portfolio.ts holds the model). Private, not order-signed.
 */

import { HOLDING_QUERY } from '../../contract/fields-account.ts';
import { holdingRows, positionOf, positionsOf } from '../portfolio.ts';
import type { Route } from '../router.ts';
import { checkSymbol } from '../validation.ts';

export const portfolioRoutes: Route[] = [
  {
    endpoint: 'GET /v1/positions',
    handle: ({ state, account, now }) => positionsOf(state, account!, now),
  },
  {
    endpoint: 'GET /v1/position/{symbol}',
    handle: ({ state, account, params, now }) => {
      const symbol = params.symbol!;
      checkSymbol('symbol', symbol, state.symbolKnown);
      return positionOf(state, account!, symbol, now);
    },
  },
  {
    endpoint: 'GET /v1/client/holding',
    handle: ({ state, account, query }) => {
      const all = query.of(HOLDING_QUERY).read('all') === 'true';
      return { holding: holdingRows(state, account!, all) };
    },
  },
];
