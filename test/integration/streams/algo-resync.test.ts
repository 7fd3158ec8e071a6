// @module-tag redis
/**
 * algoOrderUpdates across an upstream private-stream gap, end to end over graphql-ws, on real
 * Redis, with the sandbox's connection control (POST /sandbox/connections/drop, /accept): a
 * STOP open before the subscription is cancelled in the gap, another is triggered by moving
 * the mark in the gap (its order fills), a third is placed in the gap. After the reconnect each
 * arrives once with source RESYNC, before any later push; a STOP that did not move in the gap
 * is not delivered again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import { type AlgoHarness, ETH, startAlgo } from '../graphql/algo-harness.ts';
import type { TestCaller } from '../server/harness.ts';
import { type Result, type Sub, wsClient, wsSubscribe } from './gateway-harness.ts';

let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo(1);
});
afterAll(() => h.close());

const UPDATES = `subscription {
  algoOrderUpdates { algoOrderId status isTriggered executedQuantity source }
}`;
const PLACE = `mutation($input: PlaceAlgoOrderInput!) {
  placeAlgoOrder(input: $input) { ... on PlaceAlgoOrderSuccess { algoOrderId } ... on Error { message } }
}`;

const control = async (path: string, body?: unknown) => {
  const r = await fetch(`${h.live.sandbox.url}/sandbox${path}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(r.status).toBe(200);
};

const hub = () => h.live.replicas[0]!.gateway.live.hub;
const ready = (caller: TestCaller, up: boolean) =>
  expect.poll(() => hub().accountReady(caller.entry.accountId), { interval: 10 }).toBe(up);

/** A SELL STOP of 0.5 through the gateway; answers its id. */
async function stop(caller: TestCaller, triggerPrice: number): Promise<unknown> {
  const input = { symbol: ETH, algoType: 'STOP', side: 'SELL', type: 'MARKET', quantity: 0.5 };
  const r = await h.gql(caller, PLACE, { input: { ...input, triggerPrice } });
  expect(r.data?.placeAlgoOrder?.algoOrderId, JSON.stringify(r)).toBeDefined();
  return r.data.placeAlgoOrder.algoOrderId;
}

const updatesOf = (sub: Sub, id: unknown, from = 0) =>
  sub.results.slice(from).flatMap((r: Result) => {
    const u = r.data?.algoOrderUpdates;
    return u?.algoOrderId === id ? [u] : [];
  });

describe('algoOrderUpdates after a stream gap', () => {
  it('delivers the cancel, the trigger and the placement of the gap once, as RESYNC', async () => {
    const alice = h.trader();
    const upstream = new SandboxClient(h.live.sandbox.url, {
      accountId: alice.entry.accountId,
      secret: alice.entry.secret as string,
      tradingSecret: alice.entry.tradingSecret as string,
    });
    await h.moveMid(3000);
    // Open before the subscription: this replica's stream never had a push of it.
    const cancelled = await stop(alice, 2500);
    const client = wsClient(h.live.replicas[0]!, alice.token);
    const sub = wsSubscribe(client, UPDATES);
    try {
      await ready(alice, true);
      const triggered = await stop(alice, 2900);
      const still = await stop(alice, 2000);
      await sub.next((r) => r.data?.algoOrderUpdates?.algoOrderId === still);
      const resyncs = hub().resyncs(alice.entry.accountId);
      await control('/connections/drop', { refuse: true });
      await ready(alice, false);
      const from = sub.results.length;
      const cancel = await upstream.cancel('/v1/algo/order', {
        order_id: String(cancelled),
        symbol: ETH,
      });
      expect(cancel.status, cancel.text).toBe(200);
      await h.moveMid(2850); // the mark crosses 2900: that STOP fires and its order fills
      const placed = await stop(alice, 2100);
      expect(sub.results.length).toBe(from);
      await control('/connections/accept');

      await expect
        .poll(() => hub().resyncs(alice.entry.accountId), { interval: 10 })
        .toBe(resyncs + 1);
      // A push after the resync: whatever the resync emitted came before it.
      const after = await stop(alice, 1900);
      await sub.next((r) => r.data?.algoOrderUpdates?.algoOrderId === after);
      const resync = { isTriggered: false, executedQuantity: 0, source: 'RESYNC' };
      expect(updatesOf(sub, cancelled, from)).toEqual([
        { algoOrderId: cancelled, status: 'CANCELLED', ...resync },
      ]);
      expect(updatesOf(sub, triggered, from)).toEqual([
        {
          ...resync,
          algoOrderId: triggered,
          status: 'FILLED',
          isTriggered: true,
          executedQuantity: 0.5,
        },
      ]);
      expect(updatesOf(sub, placed, from)).toEqual([
        { algoOrderId: placed, status: 'NEW', ...resync },
      ]);
      expect(updatesOf(sub, still, from)).toEqual([]);
      expect(updatesOf(sub, after, from)).toEqual([
        { ...resync, algoOrderId: after, status: 'NEW', source: 'STREAM' },
      ]);
      // The trigger placed one order.
      const orders = await h.gql(alice, '{ account { orders { totalCount } } }');
      expect(orders.data.account.orders.totalCount).toBe(1);
      const metrics = await h.live.replicas[0]!.gateway.metrics.render();
      const emitted = /^svc_graphql_stream_resync_algo_orders_total (\d+)/m.exec(metrics)?.[1];
      expect(Number(emitted)).toBe(3);
    } finally {
      sub.stop();
      await client.dispose();
      await control('/connections/accept');
      await h.moveMid(3000);
    }
  });
});
