/** The GraphQL documents the benchmark sends, and the order it places. */

/** The `account` selection shared by the gateway scenarios 3 and 4 and every peer. */
export const ACCOUNT_QUERY = /* GraphQL */ `query Account {
  account {
    id
    email
    accountMode
    maxLeverage
    maintenanceCancelOrders
    feeRates { kind makerFeeRate takerFeeRate }
  }
}`;

/** A trading dashboard: the account with its fee rates, and five orders. */
export const DASHBOARD_QUERY = /* GraphQL */ `query Dashboard($ids: [String!]!) {
  account {
    id
    maxLeverage
    feeRates { kind makerFeeRate takerFeeRate }
  }
  orders(clientOrderIds: $ids) {
    orderId
    clientOrderId
    symbol
    side
    type
    status
    price
    quantity
    executedQuantity
    remainingQuantity
    createdTime
  }
}`;

/** One POST /v1/order: request signature (ed25519) and order signature (secp256k1). */
export const PLACE_ORDER_MUTATION = /* GraphQL */ `mutation PlaceOrder($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on PlaceOrderSuccess { receipt { orderId clientOrderId } }
    ... on Error { code message }
  }
}`;

export const DASHBOARD_IDS = [1, 2, 3, 4, 5].map((i) => `bench-dash-${i}`);

/**
 * A resting limit order far below the market (mid 3000) yet within its price scope (≥ 1800):
 * it stays open and never fills.
 */
export function orderInput(clientOrderId: string): Record<string, unknown> {
  return {
    symbol: 'PERP_ETH_USDC',
    orderType: 'LIMIT',
    side: 'BUY',
    orderPrice: 2000,
    orderQuantity: 0.02,
    clientOrderId,
  };
}
