// @module-tag redis
/**
 * closePosition through a real gateway (HTTP, real Redis) in front of the sandbox over HTTP
 * and WebSocket: the position's TP/SLs are cancelled, one reduce-only MARKET order per margin
 * mode closes it, and the answer (once the private stream shows it flat) carries the fills; a
 * repeat under the same Idempotency-Key answers the same and sends nothing; no position is
 * refused with nothing sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestCaller } from '../server/harness.ts';
import { type AlgoHarness, ETH, startAlgo } from './algo-harness.ts';

let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo(4);
  await h.moveMid(3000);
});
afterAll(() => h.close());

const CLOSE = `mutation($symbol: String!) {
  closePosition(input: { symbol: $symbol }) {
    __typename
    ... on ClosePositionSuccess {
      symbol flat timedOut cancelledAlgoOrderIds
      orders { clientOrderId side status marginMode reduceOnly executedQuantity }
      fills { quantity price }
    }
    ... on InputError { field rule }
    ... on Error { code message }
  }
}`;

const SET_TPSL = `mutation($input: SetPositionTpSlInput!) {
  setPositionTpSl(input: $input) { __typename ... on Error { code message } }
}`;

const STATE = `{ account {
  positions { rows { symbol marginMode quantity } }
  algoOrders(filter: { symbol: "PERP_ETH_USDC", status: INCOMPLETE }) { totalCount }
} }`;

const PLACE = `mutation($input: PlaceOrderInput!) {
  placeOrder(input: $input) { __typename ... on Error { code message } }
}`;

const sum = (fills: { quantity: number }[]) =>
  Math.round(fills.reduce((total, f) => total + f.quantity, 0) * 1e8) / 1e8;

async function state(trader: TestCaller) {
  const r = await h.gql(trader, STATE);
  const rows = r.data.account.positions.rows.filter((p: { symbol: string }) => p.symbol === ETH);
  return { rows, algo: r.data.account.algoOrders.totalCount };
}

describe('closePosition', () => {
  it('cancels the TP/SLs, closes with reduce-only MARKET orders, answers flat with the fills; a repeat sends nothing', async () => {
    const trader = h.trader();
    await h.open(trader, 0.3);
    const tpsl = (input: Record<string, unknown>) =>
      h.gql(trader, SET_TPSL, { input: { symbol: ETH, ...input } });
    expect(
      (await tpsl({ takeProfit: { triggerPrice: 3300 } })).data.setPositionTpSl.__typename,
    ).toBe('SetPositionTpSlSuccess');
    await tpsl({ quantity: 0.1, stopLoss: { triggerPrice: 2700 } });
    expect((await state(trader)).algo).toBe(2);

    const headers = { 'idempotency-key': 'close-eth-1' };
    const r = await h.gql(trader, CLOSE, { symbol: ETH }, headers);
    expect(r.errors).toBeUndefined();
    const closed = r.data.closePosition;
    expect(closed).toMatchObject({
      __typename: 'ClosePositionSuccess',
      flat: true,
      timedOut: false,
    });
    expect(closed.cancelledAlgoOrderIds).toHaveLength(2);
    expect(closed.orders).toEqual([
      expect.objectContaining({
        side: 'SELL',
        status: 'FILLED',
        reduceOnly: true,
        executedQuantity: 0.3,
      }),
    ]);
    expect(closed.orders[0].clientOrderId).toMatch(/^close-/);
    expect(sum(closed.fills)).toBe(0.3);
    const after = await state(trader);
    expect(after.rows.every((p: { quantity: number }) => p.quantity === 0)).toBe(true);
    expect(after.algo).toBe(0);

    const sent = () => ({
      orders: h.upstream(trader, 'POST', '/v1/order'),
      cancels: h.upstream(trader, 'DELETE', '/v1/algo/orders'),
      positions: h.upstream(trader, 'GET', '/v1/positions'),
    });
    const before = sent();
    const again = await h.gql(trader, CLOSE, { symbol: ETH }, headers);
    expect(again.data).toEqual(r.data);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(sent()).toEqual(before);
  });

  it('closes the position of each margin mode', async () => {
    const trader = h.trader();
    await h.open(trader, 0.2);
    const isolated = {
      symbol: ETH,
      orderType: 'MARKET',
      side: 'SELL',
      orderQuantity: 0.1,
      marginMode: 'ISOLATED',
    };
    expect((await h.gql(trader, PLACE, { input: isolated })).data.placeOrder.__typename).toBe(
      'PlaceOrderSuccess',
    );
    expect((await state(trader)).rows).toHaveLength(2);
    const r = await h.gql(trader, CLOSE, { symbol: ETH });
    const closed = r.data.closePosition;
    expect(closed).toMatchObject({ flat: true, timedOut: false, cancelledAlgoOrderIds: [] });
    const byMode = Object.fromEntries(
      closed.orders.map((o: { marginMode: string; side: string }) => [o.marginMode, o.side]),
    );
    expect(byMode).toEqual({ CROSS: 'SELL', ISOLATED: 'BUY' });
    expect(sum(closed.fills)).toBe(0.3);
    expect((await state(trader)).rows.every((p: { quantity: number }) => p.quantity === 0)).toBe(
      true,
    );
  });

  it('without a position: InputError noPosition, nothing sent', async () => {
    const trader = h.trader();
    const r = await h.gql(trader, CLOSE, { symbol: ETH });
    expect(r.data.closePosition).toMatchObject({
      __typename: 'InputError',
      field: 'input.symbol',
      rule: 'noPosition',
    });
    expect(h.upstream(trader, 'POST', '/v1/order')).toBe(0);
    expect(h.upstream(trader, 'DELETE', '/v1/algo/orders')).toBe(0);
  });
});
