/**
 * The idempotency suites' helpers: the sandbox's control endpoints over HTTP (faults, the
 * account's orders as the upstream holds them) and the GraphQL documents they send.
 */
import type { FaultConfig } from '../../../src/sandbox/index.ts';

async function control(sandboxUrl: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { success: boolean; data?: unknown };
  if (!envelope.success) throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** POST /sandbox/faults (paths as exact strings: JSON carries no RegExp). */
export const setFaults = (sandboxUrl: string, config: FaultConfig) =>
  control(sandboxUrl, 'POST', '/sandbox/faults', config);
export const clearFaults = (sandboxUrl: string) => control(sandboxUrl, 'DELETE', '/sandbox/faults');

export interface UpstreamOrder {
  order_id: number;
  client_order_id: string;
  price: number | null;
  quantity: number | null;
}

/** GET /sandbox/accounts/{id}/orders: every order the upstream holds for the account. */
export async function upstreamOrders(sandboxUrl: string, accountId: string) {
  const data = (await control(sandboxUrl, 'GET', `/sandbox/accounts/${accountId}/orders`)) as {
    rows: UpstreamOrder[];
  };
  return data.rows;
}

export const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) {
    __typename
    ... on PlaceOrderSuccess { replayed receipt { clientOrderId orderId } }
    ... on Error { code message }
  }
}`;

export const PLACE_MANY = `mutation($inputs: [PlaceOrderInput!]!) {
  placeOrders(inputs: $inputs) {
    __typename
    ... on PlaceOrdersSuccess {
      results {
        __typename
        ... on PlaceOrderSuccess { replayed receipt { clientOrderId orderId } }
        ... on Error { code message }
      }
    }
    ... on Error { code message }
  }
}`;

/**
 * A resting limit order (far below the mid of 3000, within the price scope: it never fills,
 * so it stays editable).
 */
export const restingOrder = (clientOrderId: string, price = 2_000) => ({
  symbol: 'PERP_ETH_USDC',
  orderType: 'LIMIT',
  side: 'BUY',
  orderPrice: price,
  orderQuantity: 0.1,
  clientOrderId,
});

export interface PlaceAnswer {
  __typename: string;
  replayed?: boolean;
  code?: string;
  message?: string;
  receipt?: { clientOrderId: string; orderId: number };
}
