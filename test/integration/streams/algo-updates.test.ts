// @module-tag redis
/**
 * Subscription.algoOrderUpdates end to end: gateway (graphql-ws and SSE on /graphql) → stream
 * hub → the sandbox's `algoexecutionreport`, on real Redis. A STOP placed through the gateway
 * fires when the mid (and the mark) crosses its trigger (POST /sandbox/markets/{symbol}/mid):
 * each transport delivers its trigger once, with the order it placed filled, and moving the
 * mark across the trigger again fires nothing more. An algo order cancelled at the upstream
 * behind the gateway's back is known from the stream alone, which drops the cached list.
 * Position.tpsl is for queries: a subscription selecting it gets an error naming the rule.
 */
import { print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlgoOrderUpdatesDocument } from '../../../operations/generated/graphql.ts';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { type AlgoHarness, ETH, startAlgo } from '../graphql/algo-harness.ts';
import type { TestCaller } from '../server/harness.ts';
import { type Result, type Sub, sseSubscribe, wsClient, wsSubscribe } from './gateway-harness.ts';

let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo(4);
});
afterAll(() => h.close());

const UPDATES = `subscription($symbol: String) {
  algoOrderUpdates(symbol: $symbol) {
    algoOrderId algoType side quantity triggerPrice status isTriggered executedQuantity
    averageExecutedPrice triggerTime
    childOrders { algoOrderId }
  }
}`;

const PLACE = `mutation($input: PlaceAlgoOrderInput!) {
  placeAlgoOrder(input: $input) { ... on PlaceAlgoOrderSuccess { algoOrderId } ... on Error { message } }
}`;

type Update = Record<string, unknown> & { algoOrderId: string | number; isTriggered: boolean };

const updatesOf = (sub: Sub, id: unknown): Update[] =>
  sub.results
    .map((r: Result) => r.data?.algoOrderUpdates as Update | undefined)
    .filter((u): u is Update => u?.algoOrderId === id);

const privateReady = (caller: TestCaller) =>
  expect
    .poll(() => h.live.replicas[0]!.gateway.live.hub.accountReady(caller.entry.accountId), {
      interval: 10,
    })
    .toBe(true);

describe('algoOrderUpdates', () => {
  it('delivers a STOP placed, then its trigger once, on graphql-ws and SSE', async () => {
    const alice = h.trader();
    await h.moveMid(3000);
    const client = wsClient(h.live.replicas[0]!, alice.token);
    const ws = wsSubscribe(client, UPDATES, { symbol: ETH });
    const sse = sseSubscribe(h.live.replicas[0]!, UPDATES, {
      token: alice.token,
      variables: { symbol: ETH },
    });
    expect(await sse.status).toBe(200);
    await privateReady(alice);
    const input = {
      symbol: ETH,
      algoType: 'STOP',
      side: 'SELL',
      type: 'MARKET',
      quantity: 0.5,
      triggerPrice: 2900,
    };
    const placed = await h.gql(alice, PLACE, { input });
    const id = placed.data.placeAlgoOrder.algoOrderId;
    for (const sub of [ws, sse]) {
      const first = await sub.next((r) => r.data?.algoOrderUpdates?.algoOrderId === id);
      expect(first.data.algoOrderUpdates).toMatchObject({
        algoType: 'STOP',
        side: 'SELL',
        quantity: 0.5,
        triggerPrice: 2900,
        status: 'NEW',
        isTriggered: false,
        triggerTime: null,
        childOrders: [],
      });
    }
    const LIST =
      '{ account { algoOrders(filter: { algoType: STOP }) { edges { node { status } } } } }';
    const listed = async () => (await h.gql(alice, LIST)).data.account.algoOrders.edges[0].node;
    expect(await listed()).toEqual({ status: 'NEW' }); // now cached for the open-order TTL
    await h.moveMid(2850);
    const filled = (r: Result) =>
      r.data?.algoOrderUpdates?.algoOrderId === id && r.data.algoOrderUpdates.status === 'FILLED';
    for (const sub of [ws, sse]) {
      const done = await sub.next(filled);
      expect(done.data.algoOrderUpdates).toMatchObject({
        isTriggered: true,
        executedQuantity: 0.5,
      });
      expect(done.data.algoOrderUpdates.triggerTime).toEqual(expect.any(Number));
    }
    expect(await listed()).toEqual({ status: 'FILLED' });
    // Across the trigger again: nothing fires twice.
    await h.moveMid(3000);
    await h.moveMid(2800);
    const marker = await h.gql(alice, PLACE, { input: { ...input, triggerPrice: 2500 } });
    const markerId = marker.data.placeAlgoOrder.algoOrderId;
    for (const sub of [ws, sse]) {
      await sub.next((r) => r.data?.algoOrderUpdates?.algoOrderId === markerId);
      const mine = updatesOf(sub, id);
      // Placed, triggered (once), then its order's fill and end: FILLED from there on.
      const triggers = mine.filter((u, i) => u.isTriggered && !mine[i - 1]?.isTriggered);
      expect(triggers).toHaveLength(1);
      expect(mine[0]).toMatchObject({ status: 'NEW', isTriggered: false });
      expect(mine.at(-1)).toMatchObject({ status: 'FILLED', isTriggered: true });
    }
    // The trigger placed one order.
    const orders = await h.gql(alice, '{ account { orders { totalCount } } }');
    expect(orders.data.account.orders.totalCount).toBe(1);
    ws.stop();
    sse.stop();
    await client.dispose();
  });

  it("drops the cached algo-order list on the stream's event", async () => {
    const bob = h.trader();
    const client = wsClient(h.live.replicas[0]!, bob.token);
    // The persisted operation a client sends (operations/live/algo-order-updates.graphql).
    const ws = wsSubscribe(client, print(AlgoOrderUpdatesDocument));
    await privateReady(bob);
    const input = { symbol: ETH, algoType: 'STOP', side: 'SELL', type: 'MARKET', quantity: 0.5 };
    const placed = await h.gql(bob, PLACE, { input: { ...input, triggerPrice: 2400 } });
    const id = placed.data.placeAlgoOrder.algoOrderId;
    const LIST = '{ account { algoOrders { edges { node { algoOrderId status } } } } }';
    const listed = async () => (await h.gql(bob, LIST)).data.account.algoOrders.edges[0].node;
    // Cached now for the open-order TTL (1 s).
    expect(await listed()).toEqual({ algoOrderId: id, status: 'NEW' });
    const upstream = new SandboxClient(h.live.sandbox.url, {
      accountId: bob.entry.accountId,
      secret: bob.entry.secret as string,
      tradingSecret: bob.entry.tradingSecret as string,
    });
    const cancel = await upstream.cancel('/v1/algo/order', { order_id: String(id), symbol: ETH });
    expect(cancel.status, cancel.text).toBe(200);
    await ws.next(
      (r) =>
        r.data?.algoOrderUpdates?.algoOrderId === id &&
        r.data.algoOrderUpdates.status === 'CANCELLED',
    );
    expect(await listed()).toEqual({ algoOrderId: id, status: 'CANCELLED' });
    ws.stop();
    await client.dispose();
  });

  it('answers Position.tpsl in a subscription with an error naming the rule', async () => {
    const carol = h.trader();
    const sub = sseSubscribe(
      h.live.replicas[0]!,
      'subscription { positionUpdates { symbol quantity tpsl { full { algoOrderId } } } }',
      { token: carol.token },
    );
    expect(await sub.status).toBe(200);
    await privateReady(carol);
    await h.moveMid(3000);
    await h.open(carol, 1);
    const update = await sub.next((r) => r.errors !== undefined || r.data !== undefined);
    expect(update.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      rule: 'queryOnly',
    });
    expect(update.data?.positionUpdates?.[0]).toMatchObject({
      symbol: ETH,
      quantity: 1,
      tpsl: null,
    });
    sub.stop();
  });
});
