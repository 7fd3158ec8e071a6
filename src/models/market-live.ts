/**
 * Market data only the live subscriptions deliver, in the gateway's (GraphQL) shapes; the
 * book, trades and candles are shared with the queries (market.ts).
 */

export interface BboModel {
  symbol: string;
  bidPrice: number;
  bidQuantity: number;
  askPrice: number;
  askQuantity: number;
  timestamp: number;
}

export interface MarkPriceModel {
  symbol: string;
  price: number;
}
