/** GraphiQL's "Trading screen" tab: one tradingScreen subscription as the demo trader. */
import type { ExampleTab } from './tab.ts';

export const TRADING_SCREEN_TAB: ExampleTab = {
  query: `# One frame per tick, at most 10 a second: book,
# your open and algo orders, position at the live
# mark, balances, funding. Press ▶, then place an
# order or move the mid in another tab. ■ stops.
subscription TradingScreen($symbol: String!, $depth: Int) {
  tradingScreen(symbol: $symbol, depth: $depth) {
    sequence coherent markPrice
    book { asks { price quantity } bids { price quantity } }
    openOrders { orderId side price remainingQuantity status }
    algoOrders { algoOrderId algoType triggerPrice }
    positions { quantity unrealizedPnl estLiquidationPrice }
    balances { token holding frozen }
    funding { estFundingRate fundingInMs }
  }
}
`,
  variables: { symbol: 'PERP_ETH_USDC', depth: 5 },
  as: 'trader',
};
