/**
 * GraphiQL's example tabs (graphiql.ts): account, trading, portfolio, TP/SL, live updates,
 * live market and admin, each run as the demo principal it names.
 */
import { TPSL_TAB } from './graphiql-tpsl-tab.ts';

export const DEFAULT_QUERY = `# Press ▶ to run. The token is under Headers.
query Account {
  account {
    id
    email
    accountMode
    maxLeverage
    feeRates {
      kind
      makerFeeRate
      takerFeeRate
    }
  }
}
`;

export interface ExampleTab {
  query: string;
  variables?: Record<string, unknown>;
  /** Whose demo token the tab's headers carry. */
  as: 'trader' | 'brokerAdmin';
}

/** The workspace's tabs, in order; GraphiQL names each after its operation. */
export const EXAMPLE_TABS: readonly ExampleTab[] = [
  { query: DEFAULT_QUERY, as: 'trader' },
  {
    query: `# Trading, as the demo trader: a limit order.
# Edit the variables and press ▶ again; a
# clientOrderId is generated when omitted.
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
  },
  {
    query: `# Trading, as the demo trader: the open-orders
# list and what its buttons do. Pick an operation
# from ▶'s menu. PlaceOrders places a ladder (its
# fixed clientOrderIds replay on a re-run); copy an
# orderId from OpenOrders into the edit variables.
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
  },
  {
    query: `# Portfolio, as the demo trader: margin
# settings per symbol and referee rebates.
query Portfolio($from: Date, $to: Date) {
  account {
    maxLeverage
    feeRates { kind makerFeeRate takerFeeRate }
    imrFactors { symbol value }
    maxNotionals { symbol value }
  }
  refereeRebateSummary(startDate: $from, endDate: $to) {
    totalRefereeRebate
    days { date refereeRebate }
  }
}
`,
    variables: { from: '2024-01-01', to: '2024-12-31' },
    as: 'trader',
  },
  TPSL_TAB,
  {
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
  },
  {
    query: `# Live and public: one symbol's 24-hour ticker,
# about every second.
subscription Ticker($symbol: String!) {
  ticker(symbol: $symbol) { symbol open close high low volume count }
}
`,
    variables: { symbol: 'PERP_BTC_USDC' },
    as: 'trader',
  },
  {
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
  },
  {
    query: `# Broker admin: this tab's headers hold the
# demo broker admin's token (a trader gets
# FORBIDDEN here).
query ReferralAdmin {
  referralAdminInfo(page: 1, size: 10, sortBy: TOTAL_INVITES) {
    rows {
      accountId
      totalInvites
      referralCodes { code referrerRebateRate }
    }
    meta { currentPage total totalPages hasNextPage }
  }
}
`,
    as: 'brokerAdmin',
  },
];
