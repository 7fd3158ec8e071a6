/** GraphiQL's "OpenOrders" tab: the paged open-orders list and what its buttons do (a ladder,
 * an edit, a cancel), as the demo trader. */
import type { ExampleTab } from './tab.ts';

export const OPEN_ORDERS_TAB: ExampleTab = {
  query: `# Trading, as the demo trader: the open-orders
# list and what its buttons do. Pick an operation
# from ▶'s menu. PlaceOrders places a ladder (its
# fixed clientOrderIds replay on a re-run); copy an
# orderId from OpenOrders into Variables (below,
# next to Headers) for EditOrder and CancelOrder.
query OpenOrders($first: Int, $after: String) {
  account {
    orders(filter: { status: INCOMPLETE }, first: $first, after: $after) {
      totalCount
      edges { node { orderId clientOrderId symbol side price quantity status } }
      pageInfo { hasNextPage endCursor }
    }
  }
}

mutation PlaceOrders($ladder: [PlaceOrderInput!]!) {
  placeOrders(inputs: $ladder) {
    ... on PlaceOrdersSuccess {
      results {
        __typename
        ... on PlaceOrderSuccess { replayed receipt { orderId clientOrderId } }
        ... on BatchItemError { index upstreamMessage }
      }
    }
    ... on Error { code message }
  }
}

mutation EditOrder($edit: EditOrderInput!) {
  editOrder(input: $edit) {
    __typename
    ... on EditOrderSuccess { status order { orderId price quantity status } }
    ... on InputError { field rule }
    ... on Error { code message }
  }
}

mutation CancelOrder($cancel: CancelOrderInput!) {
  cancelOrder(input: $cancel) {
    __typename
    ... on CancelOrderSuccess { status order { clientOrderId status } }
    ... on Error { code message }
  }
}
`,
  variables: {
    first: 10,
    ladder: [54_000, 53_000, 52_000].map((price, i) => ({
      symbol: 'PERP_BTC_USDC',
      orderType: 'LIMIT',
      side: 'BUY',
      orderPrice: price,
      orderQuantity: 0.01,
      clientOrderId: `btc-ladder-${i + 1}`,
    })),
    edit: {
      orderId: 'paste one from OpenOrders',
      symbol: 'PERP_BTC_USDC',
      side: 'BUY',
      orderType: 'LIMIT',
      orderPrice: 54_500,
      orderQuantity: 0.02,
    },
    cancel: { symbol: 'PERP_BTC_USDC', clientOrderId: 'btc-ladder-3' },
  },
  as: 'trader',
};
