/** GraphiQL's "OrderUpdates" tab: the demo trader's order changes, live over SSE. */
import type { ExampleTab } from './tab.ts';

export const ORDER_UPDATES_TAB: ExampleTab = {
  query: `# Live, as the demo trader (over SSE): press ▶,
# then place an order in another tab; each change
# of your orders, any symbol, arrives here. Set
# "symbol" in Variables (below, next to Headers)
# to follow one. ■ stops.
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
  variables: {},
  as: 'trader',
};
