/** Shared by the order-lifecycle tests: fresh traders and resting orders. */
import { expect } from 'vitest';
import { makeAccount, SandboxClient } from '../../helpers/sandbox-client.ts';
import { cid, type Fixture } from './fixtures.ts';

/** A trader registered at run time: no orders, no position, the default balance. */
export function fresh(f: Fixture, balance?: number): SandboxClient {
  const account = makeAccount();
  f.sandbox.registerAccount({ ...account.seed, ...(balance === undefined ? {} : { balance }) });
  return new SandboxClient(f.sandbox.url, account, () => f.clock.now);
}

/** A LIMIT BUY of ETH far enough below the mid (3000) to rest. */
export const resting = (over: Record<string, unknown> = {}) => ({
  symbol: 'PERP_ETH_USDC',
  order_type: 'LIMIT',
  side: 'BUY',
  order_price: 2900,
  order_quantity: 1,
  client_order_id: cid('lc'),
  ...over,
});

/** Places an order that must be accepted; returns its exchange id. */
export async function place(c: SandboxClient, params: Record<string, unknown>): Promise<number> {
  const r = await c.order(params);
  expect(r.status, r.text).toBe(200);
  return r.body.data.order_id as number;
}

/** GET /v1/order/{id}: the order record. */
export async function read(c: SandboxClient, orderId: number) {
  const r = await c.get(`/v1/order/${orderId}`);
  expect(r.status, r.text).toBe(200);
  return r.body.data;
}
