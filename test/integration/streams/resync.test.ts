// @module-tag redis
/**
 * Final states reached while the upstream private stream is down reach the subscribers once,
 * with source RESYNC, over SSE and graphql-ws: an order open before the subscription is
 * cancelled in the gap, another is placed and filled in the gap (issue 23, item 2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import type { TestCaller } from '../server/harness.ts';
import {
  type LiveHarness,
  type Result,
  type Sub,
  sseSubscribe,
  startLive,
  wsClient,
  wsSubscribe,
} from './gateway-harness.ts';

let h: LiveHarness;
let sequence = 0;

beforeAll(async () => {
  h = await startLive();
});
afterAll(() => h.close());

const ORDER_UPDATES = `subscription {
  orderUpdates { clientOrderId status executedQuantity source }
}`;
const ETH = 'PERP_ETH_USDC';

const trader = (caller: TestCaller) =>
  new SandboxClient(h.sandbox.url, {
    accountId: caller.entry.accountId,
    secret: caller.entry.secret as string,
    tradingSecret: caller.entry.tradingSecret as string,
  });

async function restingBuy(caller: TestCaller, price: number) {
  const id = `rs${++sequence}`;
  const r = await trader(caller).order({
    symbol: ETH,
    order_type: 'LIMIT',
    side: 'BUY',
    order_price: price,
    order_quantity: 1,
    client_order_id: id,
  });
  expect(r.status).toBe(200);
  return id;
}

const control = (path: string, body?: unknown) =>
  fetch(`${h.sandbox.url}/sandbox${path}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const hub = () => h.replicas[0]!.gateway.live.hub;
const ready = (caller: TestCaller, up: boolean) =>
  expect.poll(() => hub().accountReady(caller.entry.accountId), { interval: 10 }).toBe(up);

const updatesOf = (sub: Sub, id: string) =>
  sub.results.flatMap((r: Result) =>
    r.data?.orderUpdates?.clientOrderId === id ? [r.data.orderUpdates] : [],
  );

/** The gap scenario for one subscriber of `caller`'s orders. */
async function gapScenario(caller: TestCaller, subscribe: () => Promise<Sub>) {
  // Open before the subscription: this replica never saw it open.
  const open = await restingBuy(caller, 2900);
  const sub = await subscribe();
  await ready(caller, true);
  const resyncs = hub().resyncs(caller.entry.accountId);
  expect((await control('/connections/drop', { refuse: true })).status).toBe(200);
  await ready(caller, false);
  try {
    const cancelled = await trader(caller).cancel('/v1/client/order', {
      client_order_id: open,
      symbol: ETH,
    });
    expect(cancelled.status).toBe(200);
    const filled = await restingBuy(caller, 2950);
    // ask0 = mid + 0.1: the resting buy at 2950 crosses and fills as maker.
    expect((await control(`/markets/${ETH}/mid`, { price: 2949.9 })).status).toBe(200);
    expect(sub.results.some((r) => r.data?.orderUpdates?.clientOrderId === filled)).toBe(false);
    expect((await control('/connections/accept')).status).toBe(200);

    await sub.next((r) => r.data?.orderUpdates?.clientOrderId === filled);
    await sub.next((r) => r.data?.orderUpdates?.clientOrderId === open);
    await expect
      .poll(() => hub().resyncs(caller.entry.accountId), { interval: 10 })
      .toBe(resyncs + 1);
    // A pushed order after the resync: anything the resync emitted came before it.
    const after = await restingBuy(caller, 2800);
    await sub.next((r) => r.data?.orderUpdates?.clientOrderId === after);
    expect(updatesOf(sub, open)).toEqual([
      { clientOrderId: open, status: 'CANCELLED', executedQuantity: 0, source: 'RESYNC' },
    ]);
    expect(updatesOf(sub, filled)).toEqual([
      { clientOrderId: filled, status: 'FILLED', executedQuantity: 1, source: 'RESYNC' },
    ]);
    expect(updatesOf(sub, after)).toEqual([
      { clientOrderId: after, status: 'NEW', executedQuantity: 0, source: 'STREAM' },
    ]);
    const metrics = await h.replicas[0]!.gateway.metrics.render();
    expect(metrics).toMatch(/^svc_graphql_stream_resyncs_total\{outcome="complete"\} [1-9]/m);
    const emitted = /^svc_graphql_stream_resync_orders_total (\d+)/m.exec(metrics)?.[1];
    expect(Number(emitted)).toBeGreaterThanOrEqual(2);
    return sub.done;
  } finally {
    await control('/connections/accept');
    await control(`/markets/${ETH}/mid`, { price: 3000 });
  }
}

describe('resync after a stream gap', () => {
  it('delivers a cancel and a fill of the gap once each over graphql-ws', async () => {
    const { alice } = h.callers;
    const client = wsClient(h.replicas[0]!, alice.token);
    try {
      const done = await gapScenario(alice, async () => wsSubscribe(client, ORDER_UPDATES));
      expect(done).toBe(false);
    } finally {
      await client.dispose();
    }
  });

  it('delivers a cancel and a fill of the gap once each over SSE', async () => {
    const { bob } = h.callers;
    let sub: ReturnType<typeof sseSubscribe> | undefined;
    try {
      const done = await gapScenario(bob, async () => {
        sub = sseSubscribe(h.replicas[0]!, ORDER_UPDATES, { token: bob.token });
        expect(await sub.status).toBe(200);
        return sub;
      });
      expect(done).toBe(false);
    } finally {
      sub?.stop();
    }
  });
});
