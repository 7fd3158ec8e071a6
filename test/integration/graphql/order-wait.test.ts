// @module-tag redis
/**
 * Outcomes instead of acknowledgements, through a real gateway (HTTP, real Redis) in front of
 * the sandbox over HTTP and WebSocket (it fills marketable orders at once): `waitFor` answers
 * the order's state from the private stream, with one upstream request and no read of the
 * order; a resting order's wait times out with its state NEW; cancels and edits answer
 * CANCELLED and REPLACED; values a mutation does not take are refused before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlgoHarness, ETH, startAlgo } from './algo-harness.ts';

let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo(8);
  await h.moveMid(3000);
});
afterAll(() => h.close());

const PLACE = `mutation($input: PlaceOrderInput!, $waitFor: OrderWait, $waitTimeoutMs: Int) {
  placeOrder(input: $input, waitFor: $waitFor, waitTimeoutMs: $waitTimeoutMs) {
    __typename
    ... on PlaceOrderSuccess {
      receipt { orderId clientOrderId }
      timedOut
      outcome { orderId status executedQuantity avgPrice source }
    }
    ... on Error { code message }
  }
}`;

describe('placeOrder waitFor', () => {
  it('FINAL on a marketable order answers FILLED with one request and no read of the order', async () => {
    const trader = h.trader();
    const input = { symbol: ETH, orderType: 'MARKET', side: 'BUY', orderQuantity: 0.1 };
    const r = await h.gql(trader, PLACE, { input, waitFor: 'FINAL' });
    expect(r.errors).toBeUndefined();
    const placed = r.data.placeOrder;
    expect(placed).toMatchObject({
      __typename: 'PlaceOrderSuccess',
      timedOut: false,
      outcome: { status: 'FILLED', executedQuantity: 0.1, source: 'STREAM' },
    });
    expect(placed.outcome.orderId).toBe(placed.receipt.orderId);
    expect(h.upstream(trader, 'POST', '/v1/order')).toBe(1);
    expect(h.upstream(trader, 'GET', /^\/v1\/(client\/)?order/)).toBe(0);
  });
});
