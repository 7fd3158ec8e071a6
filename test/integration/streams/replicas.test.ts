/**
 * Two gateway replicas on one Redis and one sandbox: each serves its own subscribers over its
 * own upstream connection, and a stream event on one replica makes the other's reads fresh.
 * Then the slow consumer: a subscriber that stops pulling is ended with a clear error.
 */
import { subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxClient } from '../../helpers/sandbox-client.ts';
import type { TestCaller } from '../server/harness.ts';
import {
  connections,
  type LiveHarness,
  sseSubscribe,
  startLive,
  wsClient,
  wsSubscribe,
} from './gateway-harness.ts';

let h: LiveHarness;
let sequence = 0;

beforeAll(async () => {
  h = await startLive({
    replicas: 2,
    env: { SUBSCRIPTION_QUEUE_MAX: '3', CACHE_TTL_OPEN_ORDER_MS: '60000' },
  });
});
afterAll(() => h.close());

const ORDER_UPDATES = 'subscription { orderUpdates { clientOrderId status } }';

const trader = (caller: TestCaller) =>
  new SandboxClient(h.sandbox.url, {
    accountId: caller.entry.accountId,
    secret: caller.entry.secret as string,
    tradingSecret: caller.entry.tradingSecret as string,
  });

async function restingBuy(caller: TestCaller) {
  const id = `r${++sequence}`;
  const r = await trader(caller).order({
    symbol: 'PERP_ETH_USDC',
    order_type: 'LIMIT',
    side: 'BUY',
    order_price: 2900,
    order_quantity: 1,
    client_order_id: id,
  });
  expect(r.status).toBe(200);
  return id;
}

const ready = (replica: number, caller: TestCaller) =>
  expect
    .poll(() => h.replicas[replica]!.gateway.live.hub.accountReady(caller.entry.accountId), {
      interval: 10,
    })
    .toBe(true);

async function gql(replica: number, token: string, query: string) {
  const r = await fetch(h.replicas[replica]!.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: test reads JSON
  return (await r.json()) as any;
}

describe('two replicas', () => {
  it('each serves its own subscribers over its own upstream connection', async () => {
    const { alice, bob } = h.callers;
    const a = wsClient(h.replicas[0]!, alice.token);
    const b = wsClient(h.replicas[1]!, bob.token);
    const aliceSub = wsSubscribe(a, ORDER_UPDATES);
    const bobSub = wsSubscribe(b, ORDER_UPDATES);
    await ready(0, alice);
    await ready(1, bob);
    expect(h.replicas[0]!.gateway.live.hub.accountReady(bob.entry.accountId)).toBe(false);
    expect(h.replicas[1]!.gateway.live.hub.accountReady(alice.entry.accountId)).toBe(false);
    expect((await connections(h.sandbox)).private).toEqual({
      [alice.entry.accountId]: 1,
      [bob.entry.accountId]: 1,
    });
    const aliceOrder = await restingBuy(alice);
    const bobOrder = await restingBuy(bob);
    await aliceSub.next((r) => r.data?.orderUpdates?.clientOrderId === aliceOrder);
    await bobSub.next((r) => r.data?.orderUpdates?.clientOrderId === bobOrder);
    expect(aliceSub.results.some((r) => r.data?.orderUpdates?.clientOrderId === bobOrder)).toBe(
      false,
    );

    // Replica 1 caches alice's open order (60 s TTL); replica 0's stream sees the fill and
    // drops the shared cache entry, so replica 1 answers FILLED at once.
    const read = `{ order(clientOrderId: "${aliceOrder}") { status } }`;
    expect((await gql(1, alice.token, read)).data.order.status).toBe('NEW');
    h.sandbox.setMidPrice('PERP_ETH_USDC', 2850);
    await aliceSub.next(
      (r) =>
        r.data?.orderUpdates?.clientOrderId === aliceOrder &&
        r.data.orderUpdates.status === 'FILLED',
    );
    expect((await gql(1, alice.token, read)).data.order.status).toBe('FILLED');
    h.sandbox.setMidPrice('PERP_ETH_USDC', 3000);
    await a.dispose();
    await b.dispose();
  });
});

describe('slow consumer', () => {
  it('ends a subscriber that falls more than the queue bound behind, with a clear error', async () => {
    const { bob } = h.callers;
    const { gateway } = h.replicas[0]!;
    // In process, so the test decides when events are pulled: never, until the end.
    const enveloped = gateway.yoga.getEnveloped({
      request: new Request('http://gateway/graphql', {
        method: 'POST',
        headers: { authorization: `Bearer ${bob.token}` },
      }),
    });
    const stream = await subscribe({
      schema: enveloped.schema,
      document: enveloped.parse(ORDER_UPDATES),
      contextValue: await enveloped.contextFactory(),
    });
    if (!(Symbol.asyncIterator in stream)) throw new Error(JSON.stringify(stream));
    await ready(0, bob);
    // A second subscriber of the account on the same replica, pulled as it comes: the hub hands
    // each event to both in one turn, so once this one has the fifth order, the unpulled one
    // has fallen behind too (on a loaded machine the events may trail the placements).
    const witness = sseSubscribe(h.replicas[0]!, ORDER_UPDATES, { token: bob.token });
    expect(await witness.status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await restingBuy(bob));
    await witness.next((r) => r.data?.orderUpdates?.clientOrderId === ids[4]);
    witness.stop();
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    const error = first.done ? undefined : first.value.errors?.[0];
    expect(error?.message).toMatch(/fell more than 3 events behind/);
    expect(error?.extensions).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'SLOW_CONSUMER',
    });
    expect((await iterator.next()).done).toBe(true);
    // The ended subscriber let go of the upstream connection.
    await expect
      .poll(async () => (await connections(h.sandbox)).private[bob.entry.accountId], {
        interval: 20,
      })
      .toBeUndefined();
  });
});

describe('shutdown', () => {
  it('drain completes SSE subscriptions and closes graphql-ws clients with 1001', async () => {
    const { alice } = h.callers;
    const replica = h.replicas[1]!;
    const sse = sseSubscribe(replica, ORDER_UPDATES, { token: alice.token });
    expect(await sse.status).toBe(200);
    const client = wsClient(replica, alice.token);
    const ws = wsSubscribe(client, ORDER_UPDATES);
    await ready(1, alice);
    await expect.poll(() => replica.gateway.live.hub.stats().accountListeners).toBe(2);
    replica.gateway.drain();
    await expect.poll(() => sse.done, { interval: 10 }).toBe(true);
    await expect.poll(() => ws.done, { interval: 10 }).toBe(true);
    expect((ws.error as { code?: number } | undefined)?.code).toBe(1001);
    expect(sse.error).toBeUndefined();
    await client.dispose();
  });
});
