/**
 * GET /v1/public/market_trades (public; newest first) and GET /v1/orderbook/{symbol} (signed;
 * asks ascending and bids descending, best first: the order of the stream's books, chosen
 * where the REST doc's "descending" is UNVERIFIED).
 */
import { MARKET_TRADES_QUERY, ORDER_BOOK_QUERY } from '../../contract/fields-market.ts';
import { MARKET_TRADES_LIMIT, ORDERBOOK_MAX_LEVEL } from '../../contract/wire-market.ts';
import type { Route } from '../router.ts';
import { checkSymbol } from '../validation.ts';
import { tradeRow } from './market-rows.ts';

const level = ([price, quantity]: [number, number]) => ({ price, quantity });

export const marketBookRoutes: Route[] = [
  {
    endpoint: 'GET /v1/public/market_trades',
    handle: ({ state, query }) => {
      const fields = query.of(MARKET_TRADES_QUERY);
      const symbol = fields.read('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      const limit = fields.read('limit') ?? MARKET_TRADES_LIMIT.default;
      return { rows: state.feed.recentTrades(symbol, limit).map(tradeRow) };
    },
  },
  {
    endpoint: 'GET /v1/orderbook/{symbol}',
    handle: ({ state, params, query }) => {
      const symbol = params.symbol!;
      checkSymbol('symbol', symbol, state.symbolKnown);
      const depth = query.of(ORDER_BOOK_QUERY).read('max_level') ?? ORDERBOOK_MAX_LEVEL.default;
      const book = state.feed.book(symbol, depth);
      return { asks: book.asks.map(level), bids: book.bids.map(level), timestamp: book.timestamp };
    },
  },
];
