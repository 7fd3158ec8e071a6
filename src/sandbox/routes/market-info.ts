/**
 * GET /v1/public/info[/{symbol}] (order rules) and GET /v1/public/futures[/{symbol}] (mark,
 * index, funding, open interest, 24 h figures): public; the one-symbol forms answer one object.
 */
import type { Route } from '../router.ts';
import { checkSymbol } from '../validation.ts';
import { futuresRow, symbolInfoRow } from './market-rows.ts';

export const marketInfoRoutes: Route[] = [
  {
    endpoint: 'GET /v1/public/info',
    handle: ({ state }) => ({
      rows: state.feed.symbols().map((s) => symbolInfoRow(state.feed, s)),
    }),
  },
  {
    endpoint: 'GET /v1/public/info/{symbol}',
    handle: ({ state, params }) => {
      checkSymbol('symbol', params.symbol!, state.symbolKnown);
      return symbolInfoRow(state.feed, params.symbol!);
    },
  },
  {
    endpoint: 'GET /v1/public/futures',
    handle: ({ state }) => ({ rows: state.feed.symbols().map((s) => futuresRow(state.feed, s)) }),
  },
  {
    endpoint: 'GET /v1/public/futures/{symbol}',
    handle: ({ state, params }) => {
      checkSymbol('symbol', params.symbol!, state.symbolKnown);
      return futuresRow(state.feed, params.symbol!);
    },
  },
];
