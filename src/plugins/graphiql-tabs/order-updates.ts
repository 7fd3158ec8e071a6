/** GraphiQL's "OrderUpdates" tab: the demo trader's order changes, live over SSE. */
import type { ExampleTab } from './tab.ts';

export const ORDER_UPDATES_TAB: ExampleTab = {
  query: `# Live, as the demo trader (over SSE): press ▶,
# then place an order in another tab; each change
# of your orders arrives here. ■ stops.
subscription OrderUpdates($symbol: String) {
  orderUpdates(symbol: $symbol) {
    clientOrderId
    orderId
    symbol
    side
    status
    price
    quantity
    executedQuantity
    fill { price quantity fee }
    timestamp
  }
}
`,
  variables: { symbol: 'PERP_BTC_USDC' },
  as: 'trader',
};
