/** GraphiQL's "Market" tab: the live order book and trades of a symbol, public. */
import type { ExampleTab } from './tab.ts';

export const MARKET_TAB: ExampleTab = {
  query: `# Live market, public: the order book (the
# current book at once, then each change), and
# the trades as they print (▶'s menu). Move the
# market: POST <sandbox>/sandbox/markets/
# PERP_BTC_USDC/mid {"price": 60100}.
subscription Market($symbol: String!, $depth: Int) {
  orderBook(symbol: $symbol, depth: $depth) {
    timestamp
    asks { price quantity }
    bids { price quantity }
  }
}

subscription MarketTrades($symbol: String!) {
  marketTrades(symbol: $symbol) { side price quantity timestamp }
}
`,
  variables: { symbol: 'PERP_BTC_USDC', depth: 5 },
  as: 'trader',
};
