/** GET /v1/public/funding_rate/{symbol} and GET /v1/public/funding_rates: public. */
import type { Route } from '../router.ts';
import { checkSymbol } from '../validation.ts';
import { fundingRow } from './market-rows.ts';

export const fundingRoutes: Route[] = [
  {
    endpoint: 'GET /v1/public/funding_rate/{symbol}',
    handle: ({ state, params }) => {
      checkSymbol('symbol', params.symbol!, state.symbolKnown);
      return fundingRow(state.feed, params.symbol!);
    },
  },
  {
    endpoint: 'GET /v1/public/funding_rates',
    handle: ({ state }) => ({ rows: state.feed.symbols().map((s) => fundingRow(state.feed, s)) }),
  },
];
