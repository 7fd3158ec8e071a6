// @module-tag redis
/**
 * Subscription.algoOrderUpdates end to end: gateway (graphql-ws and SSE on /graphql) → stream
 * hub → the sandbox's `algoexecutionreport`, on real Redis. A STOP placed through the gateway
 * fires when the mid (and the mark) crosses its trigger (POST /sandbox/markets/{symbol}/mid):
 * each transport delivers its trigger once, with the order it placed filled, and moving the
 * mark across the trigger again fires nothing more. A TP/SL set by setPositionTpSl fires the
 * same way: one closing order, its realized PnL on the order and on the leg. A full-position
 * TP/SL follows its position (Position.tpsl and the updates) and ends with it. An algo order
 * cancelled at the upstream behind the gateway's back is known from the stream alone, which
 * drops the cached list.
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
  h = await startAlgo(6);
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

const SET_TPSL = `mutation($input: SetPositionTpSlInput!) {
  setPositionTpSl(input: $input) {
    ... on SetPositionTpSlSuccess { algoOrderId takeProfitTriggerPrice }
    ... on Error { code message }
  }
}`;

const TREES = `subscription($symbol: String) {
  algoOrderUpdates(symbol: $symbol) {
    algoOrderId quantity status isTriggered
    childOrders { algoType quantity status isTriggered executedQuantity realizedPnl }
  }
}`;

/** A fresh trader with a long of `quantity` ETH and a graphql-ws subscription to its trees. */
async function longWithUpdates(quantity: number) {
  const caller = h.trader();
  await h.moveMid(3000);
  await h.open(caller, quantity);
  const client = wsClient(h.live.replicas[0]!, caller.token);
  const ws = wsSubscribe(client, TREES, { symbol: ETH });
  await privateReady(caller);
  const tree = (id: unknown, match: (u: Update & Record<string, unknown>) => boolean) =>
    ws.next((r) => r.data?.algoOrderUpdates?.algoOrderId === id && match(r.data.algoOrderUpdates));
  const close = async () => {
    ws.stop();
    await client.dispose();
  };
  return { caller, ws, tree, close };
}

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

  it('a TP/SL fires once on the mark: one closing order, its realized PnL, the update', async () => {
    const { caller, ws, tree, close } = await longWithUpdates(1);
    const set = await h.gql(caller, SET_TPSL, {
      input: { symbol: ETH, quantity: 0.4, takeProfit: { offset: 100 }, stopLoss: { offset: 100 } },
    });
    const { algoOrderId: id, takeProfitTriggerPrice: tp } = set.data.setPositionTpSl;
    await tree(id, (u) => u.status === 'NEW');
    await h.moveMid(tp + 5);
    const done = await tree(id, (u) => u.status === 'FILLED');
    const [takeProfit, stopLoss] = done.data.algoOrderUpdates.childOrders;
    expect(takeProfit).toMatchObject({
      algoType: 'TAKE_PROFIT',
      status: 'FILLED',
      isTriggered: true,
      executedQuantity: 0.4,
    });
    expect(takeProfit.realizedPnl).toBeGreaterThan(0);
    expect(stopLoss).toMatchObject({
      algoType: 'STOP_LOSS',
      status: 'CANCELLED',
      isTriggered: false,
    });
    // Across the trigger again: nothing more fires (a later STOP's update marks the end).
    await h.moveMid(3000);
    await h.moveMid(tp + 10);
    const marker = await h.gql(caller, PLACE, {
      input: {
        symbol: ETH,
        algoType: 'STOP',
        side: 'SELL',
        type: 'MARKET',
        quantity: 0.1,
        triggerPrice: 2000,
      },
    });
    await ws.next(
      (r) => r.data?.algoOrderUpdates?.algoOrderId === marker.data.placeAlgoOrder.algoOrderId,
    );
    const legs = updatesOf(ws, id).map((u) => (u.childOrders as { isTriggered: boolean }[])[0]);
    expect(legs.filter((leg, i) => leg?.isTriggered && !legs[i - 1]?.isTriggered)).toHaveLength(1);
    // One closing order, its realized PnL the leg's; the position is what remains.
    const ORDERS = `{ account {
      orders(first: 10) { edges { node { side executedQuantity realizedPnl } } }
      positions { rows { symbol quantity } }
    } }`;
    const { account } = (await h.gql(caller, ORDERS)).data;
    const sells = account.orders.edges
      .map((e: { node: Record<string, unknown> }) => e.node)
      .filter((o: { side: string }) => o.side === 'SELL');
    expect(sells).toEqual([
      { side: 'SELL', executedQuantity: 0.4, realizedPnl: takeProfit.realizedPnl },
    ]);
    expect(account.positions.rows).toEqual([{ symbol: ETH, quantity: 0.6 }]);
    await close();
  });

  it('a full-position TP/SL follows its position and ends with it', async () => {
    const { caller, tree, close } = await longWithUpdates(1);
    const set = await h.gql(caller, SET_TPSL, {
      input: { symbol: ETH, takeProfit: { offset: 300 }, stopLoss: { offset: 300 } },
    });
    const id = set.data.setPositionTpSl.algoOrderId;
    await tree(id, (u) => u.status === 'NEW');
    const FULL = '{ account { positions { rows { tpsl { full { algoOrderId quantity } } } } } }';
    const full = async () => (await h.gql(caller, FULL)).data.account.positions.rows[0]?.tpsl.full;
    expect(await full()).toEqual({ algoOrderId: id, quantity: 1 });
    await h.open(caller, 0.5);
    const grown = await tree(id, (u) => u.quantity === 1.5);
    const quantities = (u: Record<string, unknown>) =>
      (u.childOrders as { quantity: number }[]).map((leg) => leg.quantity);
    expect(quantities(grown.data.algoOrderUpdates)).toEqual([1.5, 1.5]);
    expect(await full()).toEqual({ algoOrderId: id, quantity: 1.5 });
    await h.open(caller, -1.5);
    const ended = await tree(id, (u) => u.status === 'CANCELLED');
    expect(
      ended.data.algoOrderUpdates.childOrders.map((l: { status: string }) => l.status),
    ).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await full()).toBeNull();
    await close();
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
