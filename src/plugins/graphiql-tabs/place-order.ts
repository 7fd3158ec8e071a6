/** GraphiQL's "PlaceOrder" tab: a limit order as the demo trader, its input in the variables. */
import type { ExampleTab } from './tab.ts';

export const PLACE_ORDER_TAB: ExampleTab = {
  query: `# Trading, as the demo trader: a limit order.
# Open Variables (below, next to Headers), edit
# the input and press ▶ again; a clientOrderId
# is generated when omitted.
mutation PlaceOrder($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on PlaceOrderSuccess {
      receipt { orderId clientOrderId }
      order { clientOrderId status filledFraction }
    }
    ... on InputError { field rule }
    ... on Error { code message }
  }
}
`,
  variables: {
    input: {
      symbol: 'PERP_BTC_USDC',
      orderType: 'LIMIT',
      side: 'BUY',
      orderPrice: 55000,
      orderQuantity: 0.01,
    },
  },
  as: 'trader',
};
