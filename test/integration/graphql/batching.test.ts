/**
 * Per-request batching, counted at the sandbox's request log: account info once however
 * many fields ask, one order call per distinct client_order_id, one admin-info call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../helpers/graphql-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  for (const id of ['batch-a', 'batch-b', 'batch-c']) {
    const r = await h.exec(
      'admin',
      `mutation { placeOrder(input: {symbol: "PERP_ETH_USDC", orderType: LIMIT, side: SELL, orderPrice: 3900, orderQuantity: 0.1, clientOrderId: "${id}"}) { __typename } }`,
    );
    expect(r.data?.placeOrder).toEqual({ __typename: 'PlaceOrderSuccess' });
  }
});
afterAll(() => h.close());

const DASHBOARD = `query Dashboard {
  account { id maxLeverage }
  fees: account { feeRates { kind makerFeeRate } }
  orders(clientOrderIds: ["batch-a", "batch-b", "batch-c", "batch-a", "batch-b"]) {
    clientOrderId status filledFraction
  }
  first: order(clientOrderId: "batch-a") { symbol }
  referralAdminInfo(page: 1, size: 10) { meta { total } }
  again: referralAdminInfo(size: 10, page: 1) { rows { accountId } }
}`;

describe('batching', () => {
  it('account + five orders (two repeated) + admin page = 1 + 3 + 1 upstream calls', async () => {
    h.advance(120_000); // let every cache entry of the setup expire: count real reads only
    h.sandbox.resetRequestLog();
    const r = await h.exec('admin', DASHBOARD);
    expect(r.errors).toBeUndefined();
    const orders = r.data?.orders as { clientOrderId: string }[];
    expect(orders.map((o) => o.clientOrderId)).toEqual([
      'batch-a',
      'batch-b',
      'batch-c',
      'batch-a',
      'batch-b',
    ]);
    expect(h.upstreamCalls({ path: '/v1/client/info' })).toBe(1);
    expect(h.upstreamCalls({ path: /^\/v1\/client\/order\// })).toBe(3);
    expect(h.upstreamCalls({ path: '/v1/referral/admin_info' })).toBe(1);
    expect(h.upstreamCalls()).toBe(5);
  });

  it('the loaders live for one request: the next request reads again', async () => {
    h.advance(120_000);
    h.sandbox.resetRequestLog();
    await h.exec('admin', '{ a: order(clientOrderId: "batch-c") { status } }');
    h.advance(120_000);
    await h.exec('admin', '{ b: order(clientOrderId: "batch-c") { status } }');
    expect(h.upstreamCalls({ path: '/v1/client/order/batch-c' })).toBe(2);
  });
});
