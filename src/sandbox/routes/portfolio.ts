/**
 * GET /v1/positions, GET /v1/position/{symbol} and GET /v1/client/holding, computed from the
 * sandbox's fills and open orders (portfolio.ts holds the model). Private, not order-signed.
 */

import { holdingRows, positionOf, positionsOf } from '../portfolio.ts';
import type { Route } from '../router.ts';
import { checkSymbol } from '../validation.ts';

export const portfolioRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v1/positions',
    auth: 'private',
    handle: ({ state, account, now }) => positionsOf(state, account!, now),
  },
  {
    method: 'GET',
    path: '/v1/position/:symbol',
    auth: 'private',
    handle: ({ state, account, params, now }) => {
      const symbol = params.symbol!;
      checkSymbol('symbol', symbol, state.symbolKnown);
      return positionOf(state, account!, symbol, now);
    },
  },
  {
    method: 'GET',
    path: '/v1/client/holding',
    auth: 'private',
    query: ['all'],
    handle: ({ state, account, query }) => {
      const all = query.oneOf('all', ['true', 'false'] as const) === 'true';
      return { holding: holdingRows(state, account!, all) };
    },
  },
];
