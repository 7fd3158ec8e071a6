// @module-tag redis
/** The gateway's stream hub against the sandbox's streams, with the upstream client on real Redis. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStreamEvent, OrderUpdateModel } from '../../../src/upstream/stream/index.ts';
import { StreamHub, wsBaseOf } from '../../../src/upstream/stream/index.ts';
import { type Harness, startHarness, type TestAccount } from '../upstream/harness.ts';

let h: Harness;
let client: ReturnType<Harness['client']>;
let hub: StreamHub;
let sequence = 0;

beforeAll(async () => {
  h = await startHarness({ limits: false, stream: { tickerIntervalMs: 50 } });
  // Long open-order TTL: only the stream's invalidation can make a re-read fresh.
  client = h.client({ config: { cache: { ...defaultsCache(), openOrderTtlMs: 60_000 } } });
  hub = new StreamHub({
    wsBase: wsBaseOf(h.sandbox.url),
    forAccount: (c) => client.forAccount(c),
    invalidate: (id, groups) => client.invalidate(id, groups),
    graceMs: 50,
    backoff: { baseMs: 10, capMs: 50 },
  });
});
afterAll(async () => {
  hub.close();
  await h.close();
});

function defaultsCache() {
  return {
    enabled: true,
    accountTtlMs: 5_000,
    openOrderTtlMs: 1_000,
    finalOrderTtlMs: 60_000,
    referralTtlMs: 5_000,
  };
}

const connections = async () =>
  (await (await fetch(`${h.sandbox.url}/sandbox/connections`)).json()).data as {
    public: number;
    private: Record<string, number>;
  };

function collect(account: TestAccount) {
  const events: AccountStreamEvent[] = [];
  const release = hub.watchAccount(account, (e) => events.push(e));
  const orders = () => events.flatMap((e) => (e.type === 'order' ? [e.order] : []));
  return { events, release, orders };
}

/** The same through an object listener (as the subscription resolvers use); release twice. */
function collectByObject(account: TestAccount) {
  const events: AccountStreamEvent[] = [];
  const listener = { accountEvent: (e: AccountStreamEvent) => events.push(e) };
  hub.listenAccount(account, listener);
  const release = () => {
    hub.unlistenAccount(account.accountId, listener);
    hub.unlistenAccount(account.accountId, listener);
  };
  const orders = () => events.flatMap((e) => (e.type === 'order' ? [e.order] : []));
  return { events, release, orders };
}

const restingBuy = (account: TestAccount) =>
  client.forAccount(account).createOrder({
    symbol: 'PERP_ETH_USDC',
    order_type: 'LIMIT',
    side: 'BUY',
    order_price: 2900,
    order_quantity: 1,
    client_order_id: `h${++sequence}`,
  });

const find = (list: () => OrderUpdateModel[], match: (o: OrderUpdateModel) => boolean) =>
  expect.poll(() => list().find(match), { timeout: 5_000, interval: 10 }).toBeDefined();

describe('stream hub', () => {
  it('shares one private connection between subscribers and closes it after the last leaves', async () => {
    const account = h.account();
    const subscribers = [collect(account), collect(account), collectByObject(account)];
    await expect.poll(() => hub.accountReady(account.accountId), { interval: 10 }).toBe(true);
    expect((await connections()).private).toEqual({ [account.accountId.toLowerCase()]: 1 });
    const placed = await restingBuy(account);
    for (const s of subscribers) {
      await find(s.orders, (o) => o.orderId === placed.order_id && o.status === 'NEW');
    }
    for (const s of subscribers) s.release();
    await expect
      .poll(async () => (await connections()).private, { timeout: 5_000, interval: 20 })
      .toEqual({});
  });

  it('maps order changes and fills, and invalidates the cached order read', async () => {
    const account = h.account();
    const s = collect(account);
    await expect.poll(() => hub.accountReady(account.accountId), { interval: 10 }).toBe(true);
    const api = client.forAccount(account);
    const placed = await restingBuy(account);
    const cid = placed.client_order_id as string;
    expect((await api.orderByClientOrderId(cid)).status).toBe('NEW');
    h.sandbox.setMidPrice('PERP_ETH_USDC', 2850);
    await find(s.orders, (o) => o.orderId === placed.order_id && o.status === 'FILLED');
    const fill = s.orders().find((o) => o.fill !== null)!;
    expect(fill).toMatchObject({
      clientOrderId: cid,
      symbol: 'PERP_ETH_USDC',
      side: 'BUY',
      type: 'LIMIT',
      executedQuantity: 1,
      avgPrice: 2900,
      fill: { price: 2900, quantity: 1, feeAsset: 'USDC', tradeId: expect.any(String) },
      source: 'stream',
    });
    // The NEW record cached above would live 60 s; the fill event dropped it.
    expect((await api.orderByClientOrderId(cid)).status).toBe('FILLED');
    await expect
      .poll(() => s.events.some((e) => e.type === 'positions' && e.positions[0]?.quantity === 1))
      .toBe(true);
    expect(s.events.some((e) => e.type === 'balances')).toBe(true);
    s.release();
    h.sandbox.setMidPrice('PERP_ETH_USDC', 3000);
  });

  it('reconnects after a drop, resyncs, and emits the final state it missed', async () => {
    const account = h.account();
    const s = collect(account);
    await expect.poll(() => hub.accountReady(account.accountId), { interval: 10 }).toBe(true);
    const placed = await restingBuy(account);
    await find(s.orders, (o) => o.orderId === placed.order_id && o.status === 'NEW');
    await fetch(`${h.sandbox.url}/sandbox/connections/drop`, {
      method: 'POST',
      body: JSON.stringify({ refuse: true }),
    });
    await expect.poll(() => hub.accountReady(account.accountId), { interval: 10 }).toBe(false);
    // Filled while no stream is up: no push can carry it.
    h.sandbox.setMidPrice('PERP_ETH_USDC', 2850);
    expect(s.orders().some((o) => o.status === 'FILLED')).toBe(false);
    await fetch(`${h.sandbox.url}/sandbox/connections/accept`, { method: 'POST' });
    await find(s.orders, (o) => o.orderId === placed.order_id && o.status === 'FILLED');
    expect(s.orders().find((o) => o.status === 'FILLED')).toMatchObject({
      source: 'resync',
      executedQuantity: 1,
    });
    await expect.poll(() => hub.resyncs(account.accountId), { interval: 10 }).toBe(1);
    // And the stream works again after the reconnect.
    const next = await restingBuy(account);
    await find(s.orders, (o) => o.orderId === next.order_id && o.source === 'stream');
    s.release();
    h.sandbox.setMidPrice('PERP_ETH_USDC', 3000);
  });

  it('shares one public connection between public topics', async () => {
    const seen: unknown[] = [];
    const a = hub.watchPublic('demo$tickers', (d) => seen.push(d));
    const b = hub.watchPublic('demo$PERP_BTC_USDC@ticker', (d) => seen.push(d));
    await expect.poll(() => seen.length, { interval: 10 }).toBeGreaterThan(2);
    expect((await connections()).public).toBe(1);
    a();
    b();
    await expect.poll(async () => (await connections()).public, { interval: 20 }).toBe(0);
  });
});
