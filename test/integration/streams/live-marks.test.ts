// @module-tag redis
/**
 * The order checks read the live mark (`markprices` on the replica's public connection) and
 * the rules the stream refreshes: once the marks flow, a mid move is honoured without any
 * REST read of prices, and a reconnection of the public stream drops the cached rules.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LiveHarness, type Result, startLive } from './gateway-harness.ts';

const SYMBOL = 'PERP_ETH_USDC';
const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { __typename ... on Error { code message } ... on InputError { rule } }
}`;

let h: LiveHarness;
beforeAll(async () => {
  h = await startLive({ sandbox: { stream: { market: { markPriceMs: 20 } } } });
});
afterAll(() => h.close());

const marks = () => h.replicas[0]!.gateway.live.hub.marks;

async function place(orderPrice: number): Promise<Result> {
  const input = {
    symbol: SYMBOL,
    orderType: 'LIMIT',
    side: 'BUY',
    orderPrice,
    orderQuantity: 0.01,
  };
  const r = await fetch(h.replicas[0]!.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${h.callers.alice.token}`,
    },
    body: JSON.stringify({ query: PLACE, variables: { input } }),
  });
  return (await r.json()) as Result;
}

const reads = (path: string) => h.sandbox.requestCount({ method: 'GET', path });

describe('order checks on live market data', () => {
  it('follow the mark the stream pushes, with no REST read of prices', async () => {
    h.sandbox.setMidPrice(SYMBOL, 3_000);
    // The first check starts following `markprices` (and reads REST this once).
    expect((await place(2_990)).data?.placeOrder.__typename).toBe('PlaceOrderSuccess');
    await vi.waitFor(() => expect(marks().mark(SYMBOL)).toBe(3_000));
    h.sandbox.resetRequestLog();
    h.sandbox.setMidPrice(SYMBOL, 3_300);
    await vi.waitFor(() => expect(marks().mark(SYMBOL)).toBe(3_300));
    // 3,350 is within 3 % of the new mark (3,399) and far outside the old one's (3,090).
    expect((await place(3_350)).data?.placeOrder.__typename).toBe('PlaceOrderSuccess');
    const refused = await place(3_400);
    expect(refused.data?.placeOrder).toMatchObject({
      __typename: 'InputError',
      rule: 'priceRange',
    });
    expect(reads('/v1/public/futures')).toBe(0);
    h.sandbox.setMidPrice(SYMBOL, 3_000);
    await vi.waitFor(() => expect(marks().mark(SYMBOL)).toBe(3_000));
  });

  it('re-read the rules after the public stream reconnects', async () => {
    expect((await place(2_995)).data?.placeOrder.__typename).toBe('PlaceOrderSuccess');
    h.sandbox.resetRequestLog();
    expect((await place(2_996)).data?.placeOrder.__typename).toBe('PlaceOrderSuccess');
    expect(reads('/v1/public/info')).toBe(0);
    const drop = await fetch(`${h.sandbox.url}/sandbox/connections/drop`, { method: 'POST' });
    expect(drop.status).toBe(200);
    // Checks go on while the stream reconnects; the first after it reads the rules afresh.
    let price = 2_900;
    await vi.waitFor(async () => {
      price += 1;
      expect((await place(price)).data?.placeOrder.__typename).toBe('PlaceOrderSuccess');
      expect(reads('/v1/public/info')).toBe(1);
    });
    // And the next ones use that read again.
    expect((await place(2_998)).data?.placeOrder.__typename).toBe('PlaceOrderSuccess');
    expect(reads('/v1/public/info')).toBe(1);
  });
});
