/**
 * GraphQL subscriptions end to end: gateway (graphql-ws and SSE on /graphql) → stream hub →
 * the sandbox's WebSocket streams, on real Redis. Orders are placed straight at the sandbox.
 */
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

// The contract holds on both lanes: shared results handed over in the hub's loop, and every
// result pulled through yoga's iterators (SUBSCRIPTION_DIRECT_LANE=off).
describe.each(['on', 'off'])('SUBSCRIPTION_DIRECT_LANE=%s', (lane) => {
  let h: LiveHarness;
  let sequence = 0;

  beforeAll(async () => {
    h = await startLive({ env: { SUBSCRIPTION_DIRECT_LANE: lane } });
  });
  afterAll(() => h.close());

  const ORDER_UPDATES = `subscription($symbol: String) {
  orderUpdates(symbol: $symbol) {
    orderId clientOrderId symbol side type status isFinal price quantity executedQuantity
    avgPrice reason timestamp source fill { price quantity fee feeAsset tradeId }
  }
}`;

  const trader = (caller: TestCaller) =>
    new SandboxClient(h.sandbox.url, {
      accountId: caller.entry.accountId,
      secret: caller.entry.secret as string,
      tradingSecret: caller.entry.tradingSecret as string,
    });

  async function restingBuy(caller: TestCaller, symbol = 'PERP_ETH_USDC', price = 2900) {
    const id = `g${++sequence}`;
    const quantity = symbol === 'PERP_ETH_USDC' ? 1 : 0.01;
    const r = await trader(caller).order({
      symbol,
      order_type: 'LIMIT',
      side: 'BUY',
      order_price: price,
      order_quantity: quantity,
      client_order_id: id,
    });
    expect(r.status).toBe(200);
    return id;
  }

  const privateReady = (caller: TestCaller, replica = h.replicas[0]!) =>
    expect
      .poll(() => replica.gateway.live.hub.accountReady(caller.entry.accountId), { interval: 10 })
      .toBe(true);

  const update =
    (id: string, status?: string) =>
    (r: { data?: { orderUpdates?: { clientOrderId?: string; status?: string } } }) =>
      r.data?.orderUpdates?.clientOrderId === id &&
      (status === undefined || r.data.orderUpdates.status === status);

  describe('orderUpdates', () => {
    it('delivers placed and filled over graphql-ws, with the fill', async () => {
      const { alice } = h.callers;
      const client = wsClient(h.replicas[0]!, alice.token);
      const sub = wsSubscribe(client, ORDER_UPDATES);
      await privateReady(alice);
      const id = await restingBuy(alice);
      const placed = await sub.next(update(id, 'NEW'));
      expect(placed.data.orderUpdates).toMatchObject({
        symbol: 'PERP_ETH_USDC',
        side: 'BUY',
        type: 'LIMIT',
        isFinal: false,
        price: 2900,
        quantity: 1,
        executedQuantity: 0,
        source: 'STREAM',
        fill: null,
      });
      h.sandbox.setMidPrice('PERP_ETH_USDC', 2850);
      const filled = await sub.next(update(id, 'FILLED'));
      expect(filled.data.orderUpdates).toMatchObject({
        isFinal: true,
        executedQuantity: 1,
        avgPrice: 2900,
        fill: { price: 2900, quantity: 1, feeAsset: 'USDC', tradeId: expect.any(String) },
      });
      expect(filled.data.orderUpdates.fill.fee).toBeGreaterThan(0);
      sub.stop();
      await client.dispose();
      h.sandbox.setMidPrice('PERP_ETH_USDC', 3000);
    });

    it('delivers over SSE and filters by symbol', async () => {
      const { alice } = h.callers;
      const btc = sseSubscribe(h.replicas[0]!, ORDER_UPDATES, {
        token: alice.token,
        variables: { symbol: 'PERP_BTC_USDC' },
      });
      expect(await btc.status).toBe(200);
      await privateReady(alice);
      const eth = await restingBuy(alice);
      const sol = await restingBuy(alice, 'PERP_BTC_USDC', 59_000);
      await btc.next(update(sol, 'NEW'));
      // Same stream, in order: the ETH order came first and was filtered out.
      expect(btc.results.some(update(eth))).toBe(false);
      btc.stop();
    });

    it('refuses anonymous callers and bad tokens, on both transports', async () => {
      const sse = sseSubscribe(h.replicas[0]!, ORDER_UPDATES);
      const refused = await sse.next(() => true);
      expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      const anonymous = wsClient(h.replicas[0]!);
      const ws = wsSubscribe(anonymous, ORDER_UPDATES);
      await expect.poll(() => ws.done, { interval: 10 }).toBe(true);
      expect(JSON.stringify(ws.error ?? ws.results)).toContain('UNAUTHENTICATED');
      await anonymous.dispose();
      const bad = wsClient(h.replicas[0]!, 'not-a-token');
      const denied = wsSubscribe(bad, ORDER_UPDATES);
      await expect.poll(() => denied.done, { interval: 10 }).toBe(true);
      expect((denied.error as { code?: number }).code).toBe(4403);
      await bad.dispose();
    });

    it('applies the query limits over graphql-ws as over HTTP', async () => {
      const client = wsClient(h.replicas[0]!, h.callers.alice.token);
      const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: symbol`).join(' ');
      const sub = wsSubscribe(client, `subscription { orderUpdates { ${aliases} } }`);
      await expect.poll(() => sub.done, { interval: 10 }).toBe(true);
      // An error for this operation, not a closed connection.
      expect(Array.isArray(sub.error)).toBe(true);
      expect((sub.error as { message: string }[])[0]?.message).toMatch(/Aliases limit of 30/);
      await client.dispose();
    });

    it("never delivers one account's orders to another", async () => {
      const { alice, bob } = h.callers;
      const client = wsClient(h.replicas[0]!, alice.token);
      const bobClient = wsClient(h.replicas[0]!, bob.token);
      const a = wsSubscribe(client, ORDER_UPDATES);
      const b = wsSubscribe(bobClient, ORDER_UPDATES);
      await privateReady(alice);
      await privateReady(bob);
      const aliceOrder = await restingBuy(alice);
      await a.next(update(aliceOrder));
      const bobOrder = await restingBuy(bob);
      await b.next(update(bobOrder));
      expect(b.results.some(update(aliceOrder))).toBe(false);
      expect(a.results.some(update(bobOrder))).toBe(false);
      await client.dispose();
      await bobClient.dispose();
    });

    it('shares one upstream connection among many subscribers and closes it after the last', async () => {
      const { bob } = h.callers;
      await expect
        .poll(async () => (await connections(h.sandbox)).private, { interval: 20 })
        .toEqual({});
      const client = wsClient(h.replicas[0]!, bob.token);
      const subs = [
        ...Array.from({ length: 4 }, () => wsSubscribe(client, ORDER_UPDATES)),
        sseSubscribe(h.replicas[0]!, ORDER_UPDATES, { token: bob.token }),
        sseSubscribe(h.replicas[0]!, 'subscription { balanceUpdates { token holding } }', {
          token: bob.token,
        }),
      ];
      await privateReady(bob);
      const id = await restingBuy(bob);
      for (const sub of subs.slice(0, 5)) await sub.next(update(id));
      expect((await connections(h.sandbox)).private).toEqual({ [bob.entry.accountId]: 1 });
      expect(h.replicas[0]!.gateway.live.hub.stats().accountListeners).toBe(6);
      for (const sub of subs) sub.stop();
      await client.dispose();
      await expect
        .poll(async () => (await connections(h.sandbox)).private, { interval: 20 })
        .toEqual({});
    });

    it('reconnects after a drop and delivers the final state reached in the gap', async () => {
      const { alice } = h.callers;
      const client = wsClient(h.replicas[0]!, alice.token);
      const sub = wsSubscribe(client, ORDER_UPDATES);
      await privateReady(alice);
      const id = await restingBuy(alice);
      await sub.next(update(id, 'NEW'));
      await fetch(`${h.sandbox.url}/sandbox/connections/drop`, {
        method: 'POST',
        body: JSON.stringify({ refuse: true }),
      });
      await expect
        .poll(() => h.replicas[0]!.gateway.live.hub.accountReady(alice.entry.accountId), {
          interval: 10,
        })
        .toBe(false);
      h.sandbox.setMidPrice('PERP_ETH_USDC', 2850);
      await fetch(`${h.sandbox.url}/sandbox/connections/accept`, { method: 'POST' });
      const filled = await sub.next(update(id, 'FILLED'));
      expect(filled.data.orderUpdates).toMatchObject({ source: 'RESYNC', executedQuantity: 1 });
      expect(sub.done).toBe(false);
      await client.dispose();
      h.sandbox.setMidPrice('PERP_ETH_USDC', 3000);
    });
  });

  describe('account subscriptions', () => {
    it('delivers position and balance changes on a fill', async () => {
      const { bob } = h.callers;
      const client = wsClient(h.replicas[0]!, bob.token);
      const positions = wsSubscribe(
        client,
        'subscription { positionUpdates { symbol marginMode quantity side averageOpenPrice markPrice updatedAt } }',
      );
      const balances = wsSubscribe(
        client,
        'subscription { balanceUpdates { token holding frozen free updatedAt } }',
      );
      await privateReady(bob);
      await trader(bob).order({
        symbol: 'PERP_SOL_USDC',
        order_type: 'MARKET',
        side: 'SELL',
        order_quantity: 1,
        client_order_id: `g${++sequence}`,
      });
      const p = await positions.next(
        (r) => r.data?.positionUpdates?.[0]?.symbol === 'PERP_SOL_USDC',
      );
      expect(p.data.positionUpdates[0]).toMatchObject({
        marginMode: 'CROSS',
        quantity: -1,
        side: 'SHORT',
      });
      const b = await balances.next((r) => r.data?.balanceUpdates?.length > 0);
      expect(b.data.balanceUpdates[0].token).toBe('USDC');
      expect(b.data.balanceUpdates[0].free).toBeCloseTo(
        b.data.balanceUpdates[0].holding - b.data.balanceUpdates[0].frozen,
      );
      await client.dispose();
    });

    it('delivers withdrawal status events, PENDING_REBALANCE included', async () => {
      const { alice } = h.callers;
      const sub = sseSubscribe(
        h.replicas[0]!,
        'subscription { accountEvents { __typename ... on WithdrawalStatusEvent { id side token amount status } } }',
        { token: alice.token },
      );
      // The account stream may be ready from an earlier test: wait until this one listens.
      expect(await sub.status).toBe(200);
      await privateReady(alice);
      await fetch(`${h.sandbox.url}/sandbox/accounts/${alice.entry.accountId}/wallet-events`, {
        method: 'POST',
        body: JSON.stringify({
          side: 'WITHDRAW',
          token: 'USDC',
          amount: 12.5,
          status: 'PENDING_REBALANCE',
        }),
      });
      const event = await sub.next((r) => r.data?.accountEvents);
      expect(event.data.accountEvents).toMatchObject({
        __typename: 'WithdrawalStatusEvent',
        side: 'WITHDRAW',
        amount: 12.5,
        status: 'PENDING_REBALANCE',
      });
      sub.stop();
    });
  });

  describe('public subscriptions', () => {
    it('delivers tickers to anonymous callers, one public connection per replica', async () => {
      const client = wsClient(h.replicas[0]!);
      const one = wsSubscribe(
        client,
        'subscription { ticker(symbol: "PERP_BTC_USDC") { symbol open close high low volume amount count } }',
      );
      const all = sseSubscribe(h.replicas[0]!, 'subscription { tickers { symbol close } }');
      const t = await one.next((r) => r.data?.ticker);
      expect(t.data.ticker.symbol).toBe('PERP_BTC_USDC');
      const list = await all.next((r) => r.data?.tickers);
      expect(list.data.tickers.map((x: { symbol: string }) => x.symbol)).toContain('PERP_ETH_USDC');
      expect((await connections(h.sandbox)).public).toBe(1);
      const bad = wsSubscribe(client, 'subscription { ticker(symbol: "btc") { symbol } }');
      await expect.poll(() => bad.done, { interval: 10 }).toBe(true);
      expect(JSON.stringify(bad.error ?? bad.results)).toContain('BAD_USER_INPUT');
      all.stop();
      await client.dispose();
    });

    it('sends the current maintenance status first, then changes', async () => {
      const sub = sseSubscribe(
        h.replicas[0]!,
        'subscription { maintenanceStatus { underMaintenance code startTime endTime } }',
      );
      const first = await sub.next((r) => r.data?.maintenanceStatus);
      expect(first.data.maintenanceStatus).toEqual({
        underMaintenance: false,
        code: 0,
        startTime: null,
        endTime: null,
      });
      const control = (status: number) =>
        fetch(`${h.sandbox.url}/sandbox/maintenance`, {
          method: 'POST',
          body: JSON.stringify({ status }),
        });
      await control(2);
      await sub.next((r) => r.data?.maintenanceStatus?.underMaintenance === true);
      // A later subscriber on this replica gets the current status at once.
      const late = sseSubscribe(h.replicas[0]!, 'subscription { maintenanceStatus { code } }');
      expect((await late.next((r) => r.data?.maintenanceStatus)).data.maintenanceStatus.code).toBe(
        2,
      );
      await control(0);
      await sub.next((r) => r.data?.maintenanceStatus?.code === 0 && r !== first);
      sub.stop();
      late.stop();
    });
  });

  describe('liquidations', () => {
    it('delivers a LiquidationEvent on accountEvents', async () => {
      const { alice } = h.callers;
      // Down to 1,000 of collateral: 5 ETH long cannot survive a 150 fall.
      h.sandbox.registerAccount({
        accountId: alice.entry.accountId,
        key: alice.key,
        tradingKey: alice.tradingKey,
        role: 'trader',
        balance: 1_000,
      });
      const sub = sseSubscribe(
        h.replicas[0]!,
        'subscription { accountEvents { __typename ... on LiquidationEvent { liquidationId timestamp positions { symbol positionQty transferPrice liquidatorFee marginMode } } } }',
        { token: alice.token },
      );
      // The account stream may be ready from an earlier test: wait until this one listens.
      expect(await sub.status).toBe(200);
      await privateReady(alice);
      const buy = await trader(alice).order({
        symbol: 'PERP_ETH_USDC',
        order_type: 'MARKET',
        side: 'BUY',
        order_quantity: 5,
        client_order_id: `g${++sequence}`,
      });
      expect(buy.status).toBe(200);
      h.sandbox.setMidPrice('PERP_ETH_USDC', 2850);
      const event = await sub.next((r) => r.data?.accountEvents?.__typename === 'LiquidationEvent');
      expect(event.data.accountEvents.positions).toContainEqual(
        expect.objectContaining({
          symbol: 'PERP_ETH_USDC',
          transferPrice: 2850,
          marginMode: 'CROSS',
        }),
      );
      sub.stop();
      h.sandbox.setMidPrice('PERP_ETH_USDC', 3000);
    });
  });
});
